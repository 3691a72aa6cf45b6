import { invoiceNumber, localDay, type InvoiceLine } from '@rota/core'
import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { expenses, invoiceLines, invoicePayments, invoices, locations, locationServiceRates, services, settings, timesheets, users } from '../db/schema/index.ts'
import { billRateCents, clientRateJoin } from './location-rates.ts'

export type InvoiceRow = typeof invoices.$inferSelect
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'version' | 'created_at' | 'updated_at'>
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect
export type ClientRow = Pick<typeof locations.$inferSelect, 'id' | 'name' | 'contact_person' | 'email' | 'street' | 'city' | 'province' | 'postal_code'>

/** An invoice with the client it is addressed to. */
export interface InvoiceWithClient {
  invoice: InvoiceRow
  client: ClientRow
}

const clientColumns = {
  id: locations.id,
  name: locations.name,
  contact_person: locations.contact_person,
  email: locations.email,
  street: locations.street,
  city: locations.city,
  province: locations.province,
  postal_code: locations.postal_code,
}

/** Invoices (with their client) matching `where`, in order, at most `limit`; with `total`, each row carries it as `count`. */
export async function invoicesWhere(
  db: Db,
  businessId: string,
  where: SQL | undefined,
  page?: { limit: number; offset: number; order: SQL[] },
  total?: SQL<number>,
): Promise<(InvoiceWithClient & { count?: number })[]> {
  const query = db
    .select({ invoice: invoices, client: clientColumns, ...(total ? { count: total } : {}) })
    .from(invoices)
    .innerJoin(locations, and(eq(locations.business_id, invoices.business_id), eq(locations.id, invoices.location_id)))
    .where(and(eq(invoices.business_id, businessId), where))
    .orderBy(...(page?.order ?? [asc(invoices.created_at), asc(invoices.id)]))
  return page ? query.limit(page.limit).offset(page.offset) : query
}

/** A client of the business, as an invoice addresses it. */
export async function clientOf(db: Db, businessId: string, locationId: string): Promise<ClientRow | undefined> {
  const [row] = await db.select(clientColumns).from(locations).where(and(eq(locations.business_id, businessId), eq(locations.id, locationId)))
  return row
}

export async function insertInvoice(db: Db, row: NewInvoice): Promise<InvoiceRow> {
  const [created] = await db.insert(invoices).values(row).returning()
  return created!
}

/** Changes an invoice (already locked by the caller), its version moving on. */
export async function writeInvoice(db: Db, businessId: string, id: string, patch: Partial<NewInvoice>): Promise<InvoiceRow> {
  const [row] = await db
    .update(invoices)
    .set({ ...patch, version: sql`${invoices.version} + 1`, updated_at: new Date() })
    .where(and(eq(invoices.business_id, businessId), eq(invoices.id, id)))
    .returning()
  return row!
}

/** The lines of some invoices, in order, by invoice. */
export async function linesOf(db: Db, businessId: string, invoiceIds: string[]): Promise<Map<string, InvoiceLine[]>> {
  const byInvoice = new Map<string, InvoiceLine[]>(invoiceIds.map((id) => [id, []]))
  if (invoiceIds.length === 0) return byInvoice
  const rows = await db
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.business_id, businessId), inArray(invoiceLines.invoice_id, invoiceIds)))
    .orderBy(asc(invoiceLines.invoice_id), asc(invoiceLines.position))
  for (const row of rows) {
    byInvoice.get(row.invoice_id)?.push({
      kind: row.kind as InvoiceLine['kind'],
      service_id: row.service_id,
      description: row.description,
      minutes: row.minutes,
      quantity: row.quantity,
      unit_price_cents: row.unit_price_cents,
      amount_cents: row.amount_cents,
      provincial_exempt: row.provincial_exempt,
    })
  }
  return byInvoice
}

/** Replaces an invoice's lines. */
export async function writeLines(db: Db, businessId: string, invoiceId: string, lines: readonly InvoiceLine[]): Promise<void> {
  await db.delete(invoiceLines).where(and(eq(invoiceLines.business_id, businessId), eq(invoiceLines.invoice_id, invoiceId)))
  if (lines.length === 0) return
  await db.insert(invoiceLines).values(lines.map((line, position) => ({ business_id: businessId, invoice_id: invoiceId, position, ...line })))
}

export async function paymentsOf(db: Db, businessId: string, invoiceId: string): Promise<InvoicePaymentRow[]> {
  return db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.business_id, businessId), eq(invoicePayments.invoice_id, invoiceId)))
    .orderBy(asc(invoicePayments.paid_on), asc(invoicePayments.created_at))
}

export async function insertPayment(db: Db, row: Omit<typeof invoicePayments.$inferInsert, 'id' | 'created_at'>): Promise<InvoicePaymentRow> {
  const [created] = await db.insert(invoicePayments).values(row).returning()
  return created!
}

/** The ids of the timesheets an invoice bills. */
export async function invoicedTimesheetIds(db: Db, businessId: string, invoiceId: string): Promise<string[]> {
  const rows = await db
    .select({ id: timesheets.id })
    .from(timesheets)
    .where(and(eq(timesheets.business_id, businessId), eq(timesheets.invoice_id, invoiceId)))
    .orderBy(asc(timesheets.started_at), asc(timesheets.id))
  return rows.map((row) => row.id)
}

/** An approved timesheet an invoice may bill, with what its line needs. */
export interface BillableRow {
  id: string
  started_at: Date
  ended_at: Date | null
  paid_minutes: number
  staff: { firstname: string; lastname: string }
  /** `bill_rate_cents`: what an hour of it bills this client — the client's own rate for the service, else the service's (`billRateCents`). */
  service: { id: string; name: string; bill_rate_cents: number; provincial_exempt: boolean }
}

/**
 * Who worked a timesheet, on what, and the client's own rate for it: the joins of what an invoice
 * bills of it (a timesheet is billed with the first two; the rate, left-joined, may not exist).
 */
export const timesheetStaff = and(eq(users.business_id, timesheets.business_id), eq(users.id, timesheets.staff_id))!
export const timesheetService = and(eq(services.business_id, timesheets.business_id), eq(services.id, timesheets.service_id))!
export const timesheetClientRate = clientRateJoin(timesheets.location_id)!

/**
 * Where a timesheet is billable for a period: approved, started on one of its business days
 * (in `timeZone`), on no invoice yet (or on `invoiceId`, a draft proposed again). One client's
 * proposal and the month-end summary of every client both read it, so the two cannot drift.
 */
export function billableTimesheetsWhere(businessId: string, query: { from: string; to: string; timeZone: string; invoiceId?: string | undefined }): SQL | undefined {
  return and(
    eq(timesheets.business_id, businessId),
    eq(timesheets.status, 'approved'),
    gte(timesheets.started_at, localDay(query.from, query.timeZone).from),
    lt(timesheets.started_at, localDay(query.to, query.timeZone).to),
    query.invoiceId ? or(isNull(timesheets.invoice_id), eq(timesheets.invoice_id, query.invoiceId)) : isNull(timesheets.invoice_id),
  )
}

/**
 * A client's approved timesheets of a period (business days in `timeZone`) that no invoice
 * bills yet, or that `invoiceId` bills already (a draft proposed again); only `ids` when given.
 */
export async function billableTimesheets(
  db: Db,
  businessId: string,
  query: { locationId: string; from: string; to: string; timeZone: string; ids?: string[] | undefined; invoiceId?: string | undefined; lock?: boolean },
): Promise<BillableRow[]> {
  const select = db
    .select({
      id: timesheets.id,
      started_at: timesheets.started_at,
      ended_at: timesheets.ended_at,
      paid_minutes: timesheets.paid_minutes,
      staff: { firstname: users.firstname, lastname: users.lastname },
      service: { id: services.id, name: services.name, bill_rate_cents: billRateCents().mapWith(Number), provincial_exempt: services.provincial_exempt },
    })
    .from(timesheets)
    .innerJoin(users, timesheetStaff)
    .innerJoin(services, timesheetService)
    .leftJoin(locationServiceRates, timesheetClientRate)
    .where(
      and(
        billableTimesheetsWhere(businessId, query),
        eq(timesheets.location_id, query.locationId),
        query.ids ? inArray(timesheets.id, query.ids.length > 0 ? query.ids : ['00000000-0000-0000-0000-000000000000']) : undefined,
      ),
    )
    .orderBy(asc(timesheets.started_at), asc(timesheets.id))
  return query.lock ? select.for('update', { of: timesheets }) : select
}

/**
 * Marks timesheets as billed by an invoice, only those still free: the caller compares the
 * count, so two invoices racing for the same hours cannot both bill them.
 */
export async function claimTimesheets(db: Db, businessId: string, invoiceId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0
  const rows = await db
    .update(timesheets)
    .set({ invoice_id: invoiceId })
    .where(and(eq(timesheets.business_id, businessId), inArray(timesheets.id, ids), isNull(timesheets.invoice_id), eq(timesheets.status, 'approved')))
    .returning({ id: timesheets.id })
  return rows.length
}

/** Frees an invoice's timesheets (a void, or a draft billing other hours). */
export async function releaseTimesheets(db: Db, businessId: string, invoiceId: string): Promise<void> {
  await db.update(timesheets).set({ invoice_id: null }).where(and(eq(timesheets.business_id, businessId), eq(timesheets.invoice_id, invoiceId)))
}

/** The ids of the expenses an invoice re-bills. */
export async function invoicedExpenseIds(db: Db, businessId: string, invoiceId: string): Promise<string[]> {
  const rows = await db
    .select({ id: expenses.id })
    .from(expenses)
    .where(and(eq(expenses.business_id, businessId), eq(expenses.invoice_id, invoiceId)))
    .orderBy(asc(expenses.date), asc(expenses.id))
  return rows.map((row) => row.id)
}

/** An expense an invoice may re-bill, with what its line needs. */
export interface BillableExpenseRow {
  id: string
  date: string
  category: string
  description: string
  distance_km: string | null
  amount_cents: number
  staff: { firstname: string; lastname: string }
}

/** What makes an expense billable to a client: approved (or already reimbursed) and marked billable. */
const BILLABLE_STATUSES = ['approved', 'reimbursed']

/** Who claimed an expense: the join of what an invoice bills of it. */
export const expenseStaff = and(eq(users.business_id, expenses.business_id), eq(users.id, expenses.staff_id))!

/**
 * Where an expense is billable on an invoice for a period ending `to`: approved (or reimbursed),
 * marked billable, dated up to `to`, on no invoice yet (or on `invoiceId`). Shared, like the
 * timesheets' conditions, by one client's proposal and the month-end summary.
 */
export function billableExpensesWhere(businessId: string, query: { to: string; invoiceId?: string | undefined }): SQL | undefined {
  return and(
    eq(expenses.business_id, businessId),
    eq(expenses.billable, true),
    inArray(expenses.status, BILLABLE_STATUSES),
    lte(expenses.date, query.to),
    query.invoiceId ? or(isNull(expenses.invoice_id), eq(expenses.invoice_id, query.invoiceId)) : isNull(expenses.invoice_id),
  )
}

/**
 * A client's approved (or reimbursed) billable expenses dated up to `to` that no invoice bills
 * yet, or that `invoiceId` bills already (a draft proposed again); only `ids` when given.
 * Older ones still unbilled come too: they go onto the client's next invoice.
 */
export async function billableExpenses(
  db: Db,
  businessId: string,
  query: { locationId: string; to: string; ids?: string[] | undefined; invoiceId?: string | undefined; lock?: boolean },
): Promise<BillableExpenseRow[]> {
  const select = db
    .select({
      id: expenses.id,
      date: expenses.date,
      category: expenses.category,
      description: expenses.description,
      distance_km: expenses.distance_km,
      amount_cents: expenses.amount_cents,
      staff: { firstname: users.firstname, lastname: users.lastname },
    })
    .from(expenses)
    .innerJoin(users, expenseStaff)
    .where(
      and(
        billableExpensesWhere(businessId, query),
        eq(expenses.location_id, query.locationId),
        query.ids ? inArray(expenses.id, query.ids.length > 0 ? query.ids : ['00000000-0000-0000-0000-000000000000']) : undefined,
      ),
    )
    .orderBy(asc(expenses.date), asc(expenses.id))
  return query.lock ? select.for('update', { of: expenses }) : select
}

/**
 * Marks expenses as re-billed by an invoice, only those still free: the caller compares the
 * count, so two invoices racing for the same expense cannot both bill it. Like a timesheet's,
 * writing `invoice_id` does not move the expense's version (bookkeeping, not an edit).
 */
export async function claimExpenses(db: Db, businessId: string, invoiceId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0
  const rows = await db
    .update(expenses)
    .set({ invoice_id: invoiceId })
    .where(and(eq(expenses.business_id, businessId), inArray(expenses.id, ids), isNull(expenses.invoice_id), eq(expenses.billable, true), inArray(expenses.status, BILLABLE_STATUSES)))
    .returning({ id: expenses.id })
  return rows.length
}

/** Frees an invoice's expenses (a void, or a draft billing others). */
export async function releaseExpenses(db: Db, businessId: string, invoiceId: string): Promise<void> {
  await db.update(expenses).set({ invoice_id: null }).where(and(eq(expenses.business_id, businessId), eq(expenses.invoice_id, invoiceId)))
}

/**
 * The business's next invoice number, taken in the caller's transaction: the settings row
 * stays locked until it commits, so concurrent sends queue and a rolled-back one gives its
 * number back. No gaps, no repeats.
 */
export async function allocateInvoiceNumber(db: Db, businessId: string): Promise<string> {
  const [row] = await db
    .update(settings)
    .set({ next_invoice_number: sql`${settings.next_invoice_number} + 1` })
    .where(eq(settings.business_id, businessId))
    .returning({ prefix: settings.invoice_prefix, next: settings.next_invoice_number })
  const number = row!.next - 1
  return invoiceNumber(row!.prefix, number)
}

/**
 * The highest number of the sequence that an invoice of the business already carries with
 * `prefix` (0 when none): the next number must be above it, or sending would repeat a number.
 * @example
 * await highestInvoiceNumber(db, businessId, 'INV-') // 41 when INV-000041 is the last one sent
 */
export async function highestInvoiceNumber(db: Db, businessId: string, prefix: string): Promise<number> {
  // `invoiceNumber` writes six digits or more after the prefix.
  const digits = sql`substr(${invoices.number}, ${prefix.length + 1}::int)`
  const [row] = await db
    .select({ highest: sql<string | null>`max(${digits}::numeric)` })
    .from(invoices)
    .where(and(eq(invoices.business_id, businessId), sql`left(${invoices.number}, ${prefix.length}::int) = ${prefix}`, sql`${digits} ~ '^[0-9]{6,}$'`))
  return Number(row?.highest ?? 0)
}

/** What a refusal of an invoice number already used says (`invoice_number_used`): the highest one issued with the prefix, and what to set. */
export function numberUsedDetails(prefix: string, highest: number): { next_invoice_number: string; highest_issued: string } {
  const issued = invoiceNumber(prefix, highest)
  return { next_invoice_number: `Use a number above ${highest}: ${issued} is already issued`, highest_issued: issued }
}

/** Whether an invoice of the business already carries `number`. */
export async function invoiceNumberTaken(db: Db, businessId: string, number: string): Promise<boolean> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.business_id, businessId), eq(invoices.number, number))).limit(1)
  return row !== undefined
}

/** Records a view through the client's link: the first time, and how many. */
export async function recordView(db: Db, businessId: string, id: string, at: Date): Promise<void> {
  await db
    .update(invoices)
    .set({ viewed_at: sql`coalesce(${invoices.viewed_at}, ${at})`, view_count: sql`${invoices.view_count} + 1` })
    .where(and(eq(invoices.business_id, businessId), eq(invoices.id, id)))
}
