import { addLocalDays, formatLongDate, formatMoney, searchKey, type Invoice, type InvoiceEventBody, type Province, type Settings } from '@rota/core'
import { invoiceMachine } from '@rota/machines'
import type { Auth, HandlerContext } from '../../context.ts'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/database.ts'
import { invoicePayments, invoices } from '../../db/schema/index.ts'
import { unprocessable } from '../../errors.ts'
import { priceInvoice } from '../../records/invoice-money.ts'
import { lockForChange, transition } from '../../records/lifecycle.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { allocateInvoiceNumber, highestInvoiceNumber, insertPayment, invoiceNumberTaken, linesOf, numberUsedDetails, releaseExpenses, releaseTimesheets, writeInvoice, writeLines, type InvoiceRow } from '../../repositories/invoices.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { audited, readInvoice } from './invoices.ts'
import { invoiceLinkOf, invoicePdfOf } from './link.ts'
import { businessToday, invoiceFacts } from './present.ts'

type Ctx = HandlerContext<Auth>

const notices = { 'invoice.send': 'invoice_sent', 'invoice.payment': 'payment_recorded', 'invoice.void': 'invoice_voided', 'invoice.payment_reverse': 'payment_reversed' } as const

/**
 * Sending: a number from the business's sequence (the first time only), the issue date (today
 * unless chosen), and the taxes priced again on that date with the business's current
 * registration numbers. An invoice of nothing is not sent, nor one due before its date.
 */
async function send(tx: Parameters<Parameters<Ctx['db']['transaction']>[0]>[0], ctx: Ctx, row: InvoiceRow, settings: Settings): Promise<Partial<InvoiceRow>> {
  const { businessId } = ctx.auth
  if (row.total_cents <= 0) throw unprocessable('invoice_empty')
  const issueDate = row.issue_date ?? businessToday(ctx.clock.now(), settings)
  // Due by the terms, it is due that many days after the day it bears; a chosen day stays as chosen.
  const dueDate = row.due_on_terms ? addLocalDays(issueDate, settings.invoice_terms_days) : row.due_date
  // A draft due before the day it is sent (made long ago, say) would be overdue at once.
  if (dueDate < issueDate) throw unprocessable('invoice_due_before_issue', { due_date: dueDate, issue_date: issueDate })
  const lines = (await linesOf(tx, businessId, [row.id])).get(row.id) ?? []
  const { lines: priced, ...money } = priceInvoice(lines, row.discount_cents, row.province as Province, issueDate, settings)
  await writeLines(tx, businessId, row.id, priced)
  const number = row.number ?? (await allocateInvoiceNumber(tx, businessId))
  // A number issued already comes back only if the settings' next number was set at or below it before they refused that,
  // or by a change racing this send: named, rather than left to the unique index's bare `duplicate`.
  if (!row.number && (await invoiceNumberTaken(tx, businessId, number))) {
    const highest = await highestInvoiceNumber(tx, businessId, settings.invoice_prefix)
    throw unprocessable('invoice_number_used', { number, ...numberUsedDetails(settings.invoice_prefix, highest) })
  }
  return { ...money, number, issue_date: issueDate, due_date: dueDate, sent_at: ctx.clock.now(), search_key: searchKey(row.search_key, number) }
}

/**
 * E-mails the client's contact the link and the PDF, after the answer, in the business's
 * language. A client without an e-mail address gets nothing: the link can be copied instead.
 */
function mailClient(ctx: Ctx, invoice: Invoice, settings: Settings, linkVersion: number): void {
  const to = invoice.client.email
  if (!to || !invoice.number) return
  const link = invoiceLinkOf(ctx, { businessId: settings.business_id, id: invoice.id, linkVersion })
  const locale = settings.locale
  ctx.background.run('invoice mail', async () => {
    const pdf = await invoicePdfOf(ctx, settings.business_id, invoice, locale)
    await ctx.mailer.send({
      businessId: settings.business_id,
      to,
      locale,
      kind: 'invoice',
      variables: {
        firstname: invoice.client.contact_person ?? '',
        business_name: settings.business_name,
        number: invoice.number!,
        total: formatMoney(invoice.total_cents, locale),
        due_date: formatLongDate(invoice.due_date, locale),
        link: link.url,
      },
      attachments: [{ filename: `${invoice.number}.pdf`, content: pdf, contentType: 'application/pdf' }],
    })
  })
}

export const invoiceEventHandlers: Handlers<'invoiceEvent'> = {
  async invoiceEvent({ params, body }, ctx) {
    const { businessId, userId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const written = await ctx.db.transaction(async (tx) => {
      const row = await lockForChange<InvoiceRow>(tx, invoices, businessId, params.id, body.version)
      const reversed = body.type === 'invoice.payment_reverse' ? await paymentToReverse(tx, businessId, row.id, body.payment_id) : undefined
      const event = body.type === 'invoice.payment_reverse' ? { type: body.type, amount_cents: reversed!.amount_cents } : eventOf(body, row, businessToday(ctx.clock.now(), settings))
      const next = transition(invoiceMachine, row.status as Invoice['status'], event, invoiceFacts(row))
      let patch: Partial<InvoiceRow> = { status: next }
      let detail: Record<string, unknown> = {}
      if (body.type === 'invoice.send') patch = { ...patch, ...(await send(tx, ctx, row, settings)) }
      if (body.type === 'invoice.payment') {
        const payment = await insertPayment(tx, {
          business_id: businessId,
          invoice_id: row.id,
          paid_on: body.paid_on,
          amount_cents: body.amount_cents,
          method: body.method,
          reference: body.reference,
          created_by: userId,
        })
        patch = { ...patch, paid_cents: row.paid_cents + body.amount_cents }
        detail = { payment: { id: payment.id, paid_on: payment.paid_on, amount_cents: payment.amount_cents, method: payment.method, reference: payment.reference } }
      }
      if (reversed && body.type === 'invoice.payment_reverse') {
        // Kept, marked with when, by whom and why: money recorded is never deleted (decision 031).
        await tx
          .update(invoicePayments)
          .set({ reversed_at: ctx.clock.now(), reversed_by: userId, reversal_reason: body.reason })
          .where(and(eq(invoicePayments.business_id, businessId), eq(invoicePayments.id, reversed.id)))
        patch = { ...patch, paid_cents: row.paid_cents - reversed.amount_cents }
        detail = { payment_reversed: { id: reversed.id, paid_on: reversed.paid_on, amount_cents: reversed.amount_cents, method: reversed.method, reason: body.reason } }
      }
      if (body.type === 'invoice.void') {
        await releaseTimesheets(tx, businessId, row.id)
        await releaseExpenses(tx, businessId, row.id)
        patch = { ...patch, voided_at: ctx.clock.now(), void_reason: body.reason }
      }
      const after = await writeInvoice(tx, businessId, row.id, patch)
      await audit(ctx, { action: `invoices.${body.type.replace('invoice.', '')}`, model: 'invoices', recordId: row.id, before: audited(row), after: { ...audited(after), ...detail } }, tx)
      return after
    })
    const invoice = await readInvoice(ctx.db, ctx, businessId, params.id, settings)
    if (body.type === 'invoice.send') mailClient(ctx, invoice, settings, written.link_version)
    return answer(invoice, notices[body.type])
  },
}

/** The payment of this invoice a reversal names, still counted; 422 `payment_not_found` otherwise. */
async function paymentToReverse(tx: Db, businessId: string, invoiceId: string, paymentId: string) {
  const [payment] = await tx
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.business_id, businessId), eq(invoicePayments.invoice_id, invoiceId), eq(invoicePayments.id, paymentId), isNull(invoicePayments.reversed_at)))
    .for('update')
  if (!payment) throw unprocessable('payment_not_found', { payment_id: 'No such payment on this invoice' })
  return payment
}

/**
 * The machine's event for a request. What the machine refuses for a reason a person can act
 * on is refused first with its own code: voiding an invoice that has payments
 * (`invoice_has_payments`: the money received would be lost), a payment dated after today
 * (`payment_in_future`), larger than the balance (`overpayment`, naming the balance), or on an
 * invoice already paid in full (`invoice_already_paid`).
 */
function eventOf(body: Exclude<InvoiceEventBody, { type: 'invoice.payment_reverse' }>, row: InvoiceRow, today: string) {
  if (body.type === 'invoice.void' && row.status === 'partially_paid') throw unprocessable('invoice_has_payments', { paid_cents: row.paid_cents })
  if (body.type !== 'invoice.payment') return { type: body.type }
  if (row.status === 'paid') throw unprocessable('invoice_already_paid', { balance_cents: 0 })
  if (body.paid_on > today) throw unprocessable('payment_in_future', { today })
  const balance = row.total_cents - row.paid_cents
  if ((row.status === 'sent' || row.status === 'partially_paid') && body.amount_cents > balance) {
    throw unprocessable('overpayment', { amount_cents: `At most ${balance}`, balance_cents: balance })
  }
  return { type: body.type, amount_cents: body.amount_cents }
}
