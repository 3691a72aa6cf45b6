import { businessAddress, can, localDateOf, type Invoice, type InvoiceLine, type InvoiceSummary, type Settings } from '@rota/core'
import { invoiceMachine, isOverdue, type InvoiceFacts } from '@rota/machines'
import type { Auth } from '../../context.ts'
import { offeredEvents } from '../../records/lifecycle.ts'
import type { InvoicePaymentRow, InvoiceRow, InvoiceWithClient } from '../../repositories/invoices.ts'

type Status = Invoice['status']

/** The invoice machine's facts: what it comes to and what was paid. */
export const invoiceFacts = (row: Pick<InvoiceRow, 'total_cents' | 'paid_cents'>): InvoiceFacts => ({ total_cents: row.total_cents, paid_cents: row.paid_cents })

/** The business's day now, which overdue is judged by. */
export const businessToday = (now: Date, settings: Pick<Settings, 'timezone'>): string => localDateOf(now, settings.timezone)

/** Whoever asks: those with invoices:update send, take payments and void. */
export const managesInvoices = (auth: Auth | null): boolean => auth !== null && can(auth, 'invoices', 'update')

/** An invoice as a list row: its client, money and status, overdue derived on `today`. */
export function presentSummary({ invoice: row, client }: InvoiceWithClient, today: string, manages: boolean): InvoiceSummary {
  const status = row.status as Status
  return {
    id: row.id,
    number: row.number,
    status,
    overdue: isOverdue(status, row.due_date, today),
    client: { ...client, province: client.province as Invoice['client']['province'] },
    period_from: row.period_from,
    period_to: row.period_to,
    issue_date: row.issue_date,
    due_date: row.due_date,
    due_on_terms: row.due_on_terms,
    per_shift: row.per_shift,
    subtotal_cents: row.subtotal_cents,
    discount_cents: row.discount_cents,
    tax_cents: row.tax_cents,
    total_cents: row.total_cents,
    paid_cents: row.paid_cents,
    balance_cents: row.status === 'void' ? 0 : row.total_cents - row.paid_cents,
    notes: row.notes,
    terms: row.terms,
    sent_at: row.sent_at?.toISOString() ?? null,
    viewed_at: row.viewed_at?.toISOString() ?? null,
    view_count: row.view_count,
    void_reason: row.void_reason,
    allowed_events: offeredEvents(invoiceMachine, status, invoiceFacts(row), () => manages),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  }
}

/** The whole invoice: lines, tax lines, payments, the hours and expenses it bills and who issues it. */
export function presentInvoice(
  item: InvoiceWithClient,
  parts: { lines: InvoiceLine[]; payments: InvoicePaymentRow[]; timesheetIds: string[]; expenseIds: string[] },
  settings: Settings,
  today: string,
  manages: boolean,
): Invoice {
  return {
    ...presentSummary(item, today, manages),
    issuer: {
      name: settings.business_name,
      logo: settings.business_logo,
      address: businessAddress(settings),
      gst_hst_number: settings.gst_hst_number,
      qst_number: settings.qst_number,
      locale: settings.locale,
    },
    lines: parts.lines,
    taxes: item.invoice.taxes,
    payments: parts.payments.map((payment) => ({
      id: payment.id,
      paid_on: payment.paid_on,
      amount_cents: payment.amount_cents,
      method: payment.method as Invoice['payments'][number]['method'],
      reference: payment.reference,
      created_at: payment.created_at.toISOString(),
      reversed: payment.reversed_at ? { at: payment.reversed_at.toISOString(), reason: payment.reversal_reason ?? '' } : null,
    })),
    timesheet_ids: parts.timesheetIds,
    expense_ids: parts.expenseIds,
  }
}
