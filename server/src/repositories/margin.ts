import { and, asc, eq, gte, inArray, lt, lte, sql, type AnyColumn } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { invoiceLines, invoices, locations, services, timesheets, users } from '../db/schema/index.ts'
import { payRateCents } from './payrolls.ts'

/** One client's approved minutes of one business day at one pay rate, split as the timesheets are. */
export interface ClientDayHours {
  client_id: string
  day: string
  rate_cents: number
  worked_minutes: number
  regular_minutes: number
  overtime_minutes: number
  double_time_minutes: number
}

/**
 * Approved, finished timesheets that start in `[from, to)`, summed per client, business day (in
 * `timeZone`: the day picks the overtime rule's multipliers) and pay rate (the person's, else the
 * service's, as a pay run pays them).
 */
export async function approvedHoursByClient(db: Db, businessId: string, range: { from: Date; to: Date; timeZone: string }): Promise<ClientDayHours[]> {
  const day = sql<string>`to_char(${timesheets.started_at} at time zone ${range.timeZone}, 'YYYY-MM-DD')`
  const rate = payRateCents()
  const total = (column: AnyColumn) => sql<number>`sum(${column})`.mapWith(Number)
  return db
    .select({
      client_id: timesheets.location_id,
      day,
      rate_cents: rate.mapWith(Number),
      worked_minutes: total(timesheets.paid_minutes),
      regular_minutes: total(timesheets.regular_minutes),
      overtime_minutes: total(timesheets.overtime_minutes),
      double_time_minutes: total(timesheets.double_time_minutes),
    })
    .from(timesheets)
    .innerJoin(users, and(eq(users.business_id, timesheets.business_id), eq(users.id, timesheets.staff_id)))
    .innerJoin(services, and(eq(services.business_id, timesheets.business_id), eq(services.id, timesheets.service_id)))
    .where(
      and(
        eq(timesheets.business_id, businessId),
        eq(timesheets.status, 'approved'),
        sql`${timesheets.ended_at} is not null`,
        gte(timesheets.started_at, range.from),
        lt(timesheets.started_at, range.to),
      ),
    )
    // By position: the day's expression carries the time zone as a parameter, which PostgreSQL would not match to the select's.
    .groupBy(sql`1`, sql`2`, sql`3`)
}

/** Invoices a client was sent (not drafts, not void): what the margin counts as invoiced. */
const ISSUED = ['sent', 'partially_paid', 'paid']

/**
 * Per client, the sent and paid invoices whose period starts from `from` to `to` (business
 * days, both included): their lines before tax less the discount, less the lines re-billing
 * expenses (a cost passed through, not the work's value).
 */
export async function invoicedByClient(db: Db, businessId: string, from: string, to: string): Promise<{ client_id: string; cents: number }[]> {
  const expenseLines = sql`coalesce((select sum(${invoiceLines.amount_cents}) from ${invoiceLines} where ${invoiceLines.business_id} = ${invoices.business_id} and ${invoiceLines.invoice_id} = ${invoices.id} and ${invoiceLines.kind} = 'expense'), 0)`
  return db
    .select({ client_id: invoices.location_id, cents: sql<number>`sum(${invoices.subtotal_cents} - ${invoices.discount_cents} - ${expenseLines})`.mapWith(Number) })
    .from(invoices)
    .where(and(eq(invoices.business_id, businessId), inArray(invoices.status, ISSUED), gte(invoices.period_from, from), lte(invoices.period_from, to)))
    .groupBy(invoices.location_id)
}

/** Some of the business's clients by id, in the order of their names. */
export async function clientsNamed(db: Db, businessId: string, ids: string[]): Promise<{ id: string; name: string }[]> {
  if (ids.length === 0) return []
  return db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.business_id, businessId), inArray(locations.id, ids)))
    .orderBy(asc(locations.sort_key), asc(locations.id))
}
