import { DUE_BEFORE_ISSUE, Invoice, addLocalDays, searchKey, type InvoiceItemInput, type InvoiceLine, type InvoiceQuery, type Province, type Settings } from '@rota/core'
import { and, eq, gte, inArray, lte, not, sql, type SQL } from 'drizzle-orm'
import type { Auth, HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { invoices } from '../../db/schema/index.ts'
import { notFound, unprocessable } from '../../errors.ts'
import { billableOf, chargeOf, invoiceLinesOf, priceInvoice } from '../../records/invoice-money.ts'
import { recordHistory } from '../../records/history.ts'
import { lockForChange } from '../../records/lifecycle.ts'
import { getSettings } from '../../repositories/businesses.ts'
import {
  billableExpenses,
  billableTimesheets,
  claimExpenses,
  claimTimesheets,
  clientOf,
  insertInvoice,
  invoicedExpenseIds,
  invoicedTimesheetIds,
  invoicesWhere,
  linesOf,
  paymentsOf,
  releaseExpenses,
  releaseTimesheets,
  writeInvoice,
  writeLines,
  type InvoiceRow,
} from '../../repositories/invoices.ts'
import { orderOf, pageOf, pageWithTotal, searchOf } from '../../repositories/listing.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { businessToday, managesInvoices, presentInvoice, presentSummary } from './present.ts'

type Ctx = HandlerContext<Auth>

const OPEN = ['sent', 'partially_paid']

/** An invoice due before its date would be overdue the moment it is sent: refused, the due date named. */
function requireDueAfterIssue(dueDate: string, issueDate: string): void {
  if (dueDate < issueDate) throw unprocessable('validation_failed', { due_date: DUE_BEFORE_ISSUE })
}

function listWhere(query: InvoiceQuery, today: string): SQL | undefined {
  const filter = query.filter ?? {}
  const overdue = and(inArray(invoices.status, OPEN), sql`${invoices.due_date} < ${today}`)
  return and(
    filter.status ? eq(invoices.status, filter.status) : undefined,
    filter.client ? eq(invoices.location_id, filter.client) : undefined,
    filter.overdue === 'true' ? overdue : filter.overdue === 'false' ? not(overdue!) : undefined,
    filter.from ? gte(invoices.period_to, filter.from) : undefined,
    filter.to ? lte(invoices.period_from, filter.to) : undefined,
    searchOf(invoices.search_key, query.q),
  )
}

/** One invoice of the caller's business, whole, or 404. */
export async function readInvoice(db: Db, ctx: Pick<Ctx, 'clock'> & { auth: Auth | null }, businessId: string, id: string, settings?: Settings): Promise<Invoice> {
  const known = settings ?? (await getSettings(db, businessId))
  const [item] = await invoicesWhere(db, businessId, eq(invoices.id, id))
  if (!item) throw notFound()
  const [lines, payments, timesheetIds, expenseIds] = await Promise.all([
    linesOf(db, businessId, [id]),
    paymentsOf(db, businessId, id),
    invoicedTimesheetIds(db, businessId, id),
    invoicedExpenseIds(db, businessId, id),
  ])
  return presentInvoice(item, { lines: lines.get(id) ?? [], payments, timesheetIds, expenseIds }, known, businessToday(ctx.clock.now(), known), managesInvoices(ctx.auth))
}

/** The manual items of a draft's lines, to keep them when only its hours change. */
const itemsOf = (lines: readonly InvoiceLine[]): InvoiceItemInput[] =>
  lines.filter((line) => line.kind === 'item').map((line) => ({ description: line.description, quantity: line.quantity, unit_price_cents: line.unit_price_cents, provincial_exempt: line.provincial_exempt }))

interface DraftInput {
  invoiceId: string
  locationId: string
  province: Province
  periodFrom: string
  periodTo: string
  perShift: boolean
  timesheetIds: string[] | undefined
  expenseIds: string[] | undefined
  items: InvoiceItemInput[]
  discountCents: number
  taxDate: string
}

/**
 * Bills a draft's hours and expenses and prices it, in the caller's transaction: the client's
 * approved hours of the period not on another invoice (only `timesheetIds` when given; any of
 * them unavailable is 422 `timesheets_unavailable`) and their approved billable expenses up to
 * the period's end not on another invoice (only `expenseIds` when given; 422
 * `expenses_unavailable` alike), claimed for this invoice, its lines written.
 */
async function billDraft(tx: Db, businessId: string, settings: Settings, input: DraftInput, requireLines = false) {
  await releaseTimesheets(tx, businessId, input.invoiceId)
  await releaseExpenses(tx, businessId, input.invoiceId)
  const rows = await billableTimesheets(tx, businessId, {
    locationId: input.locationId,
    from: input.periodFrom,
    to: input.periodTo,
    timeZone: settings.timezone,
    ids: input.timesheetIds,
    lock: true,
  })
  if (input.timesheetIds) {
    const found = new Set(rows.map((row) => row.id))
    const missing = [...new Set(input.timesheetIds)].filter((id) => !found.has(id))
    if (missing.length > 0) throw unprocessable('timesheets_unavailable', { timesheet_ids: missing })
  }
  const claimed = await claimTimesheets(tx, businessId, input.invoiceId, rows.map((row) => row.id))
  if (claimed !== rows.length) throw unprocessable('timesheets_unavailable', {})
  const charges = await billableExpenses(tx, businessId, { locationId: input.locationId, to: input.periodTo, ids: input.expenseIds, lock: true })
  if (input.expenseIds) {
    const found = new Set(charges.map((row) => row.id))
    const missing = [...new Set(input.expenseIds)].filter((id) => !found.has(id))
    if (missing.length > 0) throw unprocessable('expenses_unavailable', { expense_ids: missing })
  }
  const billed = await claimExpenses(tx, businessId, input.invoiceId, charges.map((row) => row.id))
  if (billed !== charges.length) throw unprocessable('expenses_unavailable', {})
  const lines = invoiceLinesOf({ timesheets: rows, perShift: input.perShift, expenses: charges, items: input.items }, settings)
  // Month-end's draft of a client whose hours another draft took meanwhile would bill nothing: refused, not made empty.
  if (requireLines && lines.length === 0) throw unprocessable('invoice_nothing_to_bill')
  const priced = priceInvoice(lines, input.discountCents, input.province, input.taxDate, settings)
  await writeLines(tx, businessId, input.invoiceId, priced.lines)
  const { lines: _lines, ...money } = priced
  return money
}

export const invoiceHandlers: Handlers<'listInvoices' | 'getInvoice' | 'invoiceProposal' | 'createInvoice' | 'updateInvoice' | 'invoiceHistory'> = {
  async listInvoices({ query }, ctx) {
    const { businessId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const today = businessToday(ctx.clock.now(), settings)
    const where = and(eq(invoices.business_id, businessId), listWhere(query, today))
    const { limit, offset } = pageOf(query)
    const order = orderOf(
      {
        number: invoices.number,
        issue_date: invoices.issue_date,
        due_date: invoices.due_date,
        total_cents: invoices.total_cents,
        balance_cents: sql`${invoices.total_cents} - ${invoices.paid_cents}`,
        created_at: invoices.created_at,
        status: invoices.status,
      },
      query,
      'created_at',
      invoices.id,
    )
    const { rows, count } = await pageWithTotal(ctx.db, ctx.totals, { table: invoices, businessId, where, offset }, (total) =>
      invoicesWhere(ctx.db, businessId, where, { limit, offset, order }, total),
    )
    const manages = managesInvoices(ctx.auth)
    return { count, rows: rows.map((row) => presentSummary(row, today, manages)) }
  },

  async getInvoice({ params }, ctx) {
    return readInvoice(ctx.db, ctx, ctx.auth.businessId, params.id)
  },

  async invoiceProposal({ query }, ctx) {
    const { businessId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const client = await clientOf(ctx.db, businessId, query.location_id)
    if (!client) throw unprocessable('validation_failed', { location_id: 'No such client' })
    const rows = await billableTimesheets(ctx.db, businessId, { locationId: client.id, from: query.period_from, to: query.period_to, timeZone: settings.timezone, invoiceId: query.invoice_id })
    const charges = await billableExpenses(ctx.db, businessId, { locationId: client.id, to: query.period_to, invoiceId: query.invoice_id })
    const lines = invoiceLinesOf({ timesheets: rows, perShift: query.per_shift === 'true', expenses: charges, items: [] }, settings)
    return {
      client: { ...client, province: client.province as Province },
      timesheets: rows.map((row) => billableOf(row, settings.timezone)),
      expenses: charges.map(chargeOf),
      lines,
      terms_days: settings.invoice_terms_days,
    }
  },

  invoiceHistory: recordHistory({
    model: 'invoices',
    schema: Invoice,
    async find(db, businessId, id) {
      const [row] = await invoicesWhere(db, businessId, eq(invoices.id, id))
      if (!row) throw notFound()
    },
  }),

  async createInvoice({ body }, ctx) {
    const { businessId, userId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const client = await clientOf(ctx.db, businessId, body.location_id)
    if (!client) throw unprocessable('validation_failed', { location_id: 'No such client' })
    const today = businessToday(ctx.clock.now(), settings)
    const dueDate = body.due_date ?? addLocalDays(body.issue_date ?? today, settings.invoice_terms_days)
    requireDueAfterIssue(dueDate, body.issue_date ?? today)
    const id = await ctx.db.transaction(async (tx) => {
      const row = await insertInvoice(tx, {
        business_id: businessId,
        location_id: client.id,
        province: client.province,
        period_from: body.period_from,
        period_to: body.period_to,
        issue_date: body.issue_date,
        due_date: dueDate,
        due_on_terms: body.due_date === undefined,
        per_shift: body.per_shift,
        notes: body.notes,
        terms: body.terms,
        status: 'draft',
        created_by: userId,
        search_key: searchKey(client.name),
      })
      const money = await billDraft(tx, businessId, settings, {
        invoiceId: row.id,
        locationId: client.id,
        province: client.province as Province,
        periodFrom: body.period_from,
        periodTo: body.period_to,
        perShift: body.per_shift,
        timesheetIds: body.timesheet_ids,
        expenseIds: body.expense_ids,
        items: body.items,
        discountCents: body.discount_cents,
        taxDate: body.issue_date ?? today,
      }, body.require_billable)
      const after = await tx.update(invoices).set(money).where(and(eq(invoices.business_id, businessId), eq(invoices.id, row.id))).returning()
      await audit(ctx, { action: 'invoices.create', model: 'invoices', recordId: row.id, after: audited(after[0]!) }, tx)
      return row.id
    })
    return answer(await readInvoice(ctx.db, ctx, businessId, id, settings), 'saved', 201)
  },

  async updateInvoice({ params, body }, ctx) {
    const { businessId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const today = businessToday(ctx.clock.now(), settings)
    await ctx.db.transaction(async (tx) => {
      const row = await lockForChange<InvoiceRow>(tx, invoices, businessId, params.id, body.version)
      if (row.status !== 'draft') throw unprocessable('invoice_not_editable', { status: row.status })
      const periodFrom = body.period_from ?? row.period_from
      const periodTo = body.period_to ?? row.period_to
      if (periodTo < periodFrom) throw unprocessable('validation_failed', { period_to: 'End the period on or after its start' })
      const current = (await linesOf(tx, businessId, [row.id])).get(row.id) ?? []
      const rebill = body.period_from !== undefined || body.period_to !== undefined || body.per_shift !== undefined
      const issueDate = body.issue_date !== undefined ? body.issue_date : row.issue_date
      // Due by the terms (asked for with null, or still so): counted from the invoice's date, or today until it is sent.
      const onTerms = body.due_date === null || (body.due_date === undefined && row.due_on_terms)
      const dueDate = onTerms ? addLocalDays(issueDate ?? today, settings.invoice_terms_days) : (body.due_date ?? row.due_date)
      // A draft left as it is keeps its dates: only a date changed here is held to the rule (sending checks again).
      if (body.issue_date !== undefined || body.due_date !== undefined) requireDueAfterIssue(dueDate, issueDate ?? today)
      const money = await billDraft(tx, businessId, settings, {
        invoiceId: row.id,
        locationId: row.location_id,
        province: row.province as Province,
        periodFrom,
        periodTo,
        perShift: body.per_shift ?? row.per_shift,
        // Left alone, a draft bills the hours and expenses it already bills (none released to another invoice meanwhile).
        timesheetIds: body.timesheet_ids ?? (rebill ? undefined : await invoicedTimesheetIds(tx, businessId, row.id)),
        expenseIds: body.expense_ids ?? (rebill ? undefined : await invoicedExpenseIds(tx, businessId, row.id)),
        items: body.items ?? itemsOf(current),
        discountCents: body.discount_cents ?? row.discount_cents,
        taxDate: issueDate ?? today,
      })
      const after = await writeInvoice(tx, businessId, row.id, {
        period_from: periodFrom,
        period_to: periodTo,
        per_shift: body.per_shift ?? row.per_shift,
        issue_date: issueDate,
        due_date: dueDate,
        due_on_terms: onTerms,
        ...(body.notes !== undefined ? { notes: body.notes } : {}),
        ...(body.terms !== undefined ? { terms: body.terms } : {}),
        ...money,
      })
      // The lines are what an edit of a document changes: kept beside its totals, before and after.
      const written = (await linesOf(tx, businessId, [row.id])).get(row.id) ?? []
      await audit(ctx, { action: 'invoices.update', model: 'invoices', recordId: row.id, before: { ...audited(row), lines: auditedLines(current) }, after: { ...audited(after), lines: auditedLines(written) } }, tx)
    })
    return answer(await readInvoice(ctx.db, ctx, businessId, params.id, settings), 'saved')
  },
}

/** An invoice's lines as its audit rows keep them: what each bills, how many, at what price, and whether it is exempt from provincial tax. */
const auditedLines = (lines: readonly { kind: string; description: string; quantity: string; unit_price_cents: number; amount_cents: number; provincial_exempt: boolean }[]) =>
  lines.map(({ kind, description, quantity, unit_price_cents, amount_cents, provincial_exempt }) => ({ kind, description, quantity, unit_price_cents, amount_cents, provincial_exempt }))

/** What an invoice's audit rows keep: the fields its contract shows. */
export function audited(row: InvoiceRow): Record<string, unknown> {
  return {
    number: row.number,
    status: row.status,
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
    notes: row.notes,
    terms: row.terms,
    void_reason: row.void_reason,
  }
}
