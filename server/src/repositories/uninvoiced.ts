import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { expenses, locations, locationServiceRates, services, timesheets, users } from '../db/schema/index.ts'
import { billableExpensesWhere, billableTimesheetsWhere, expenseStaff, timesheetClientRate, timesheetService, timesheetStaff } from './invoices.ts'
import { billRateCents } from './location-rates.ts'

/** The client a month-end row is for: its name, and the key the summary sorts by. */
export interface UninvoicedClientRow {
  id: string
  name: string
  sort_key: string | null
}

const clientColumns = { id: locations.id, name: locations.name, sort_key: locations.sort_key }

/** One client's billable hours of one service, summed: one hours line of their invoice by service. */
export interface BillableHoursRow {
  client: UninvoicedClientRow
  /** `bill_rate_cents`: the client's own rate for the service, else the service's, as its invoice bills it (`billRateCents`). */
  service: { id: string; name: string; bill_rate_cents: number; provincial_exempt: boolean }
  timesheets: number
  minutes: number
}

/**
 * Every client's billable timesheets of a period (what `billableTimesheets` finds for each of
 * them, under the same conditions, joins and rate), summed by client and service in one query: a
 * business with thousands of clients is summed in one pass, not one query per client.
 */
export async function billableHoursByClient(db: Db, businessId: string, query: { from: string; to: string; timeZone: string }): Promise<BillableHoursRow[]> {
  return db
    .select({
      client: clientColumns,
      service: { id: services.id, name: services.name, bill_rate_cents: billRateCents().mapWith(Number), provincial_exempt: services.provincial_exempt },
      timesheets: sql<number>`count(*)`.mapWith(Number),
      minutes: sql<number>`sum(${timesheets.paid_minutes})`.mapWith(Number),
    })
    .from(timesheets)
    .innerJoin(users, timesheetStaff)
    .innerJoin(services, timesheetService)
    .leftJoin(locationServiceRates, timesheetClientRate)
    .innerJoin(locations, and(eq(locations.business_id, timesheets.business_id), eq(locations.id, timesheets.location_id)))
    .where(billableTimesheetsWhere(businessId, query))
    .groupBy(locations.id, locations.name, locations.sort_key, services.id, services.name, services.bill_rate_cents, locationServiceRates.bill_rate_cents, services.provincial_exempt)
}

/** One client's billable expenses, counted and summed (each is its own line, at its amount). */
export interface BillableChargesRow {
  client: UninvoicedClientRow
  expenses: number
  amount_cents: number
}

/**
 * Every client's billable expenses for a period ending `to` (what `billableExpenses` finds for
 * each of them, under the same conditions and join), counted and summed by client in one query.
 */
export async function billableExpensesByClient(db: Db, businessId: string, query: { to: string }): Promise<BillableChargesRow[]> {
  return db
    .select({
      client: clientColumns,
      expenses: sql<number>`count(*)`.mapWith(Number),
      amount_cents: sql<number>`sum(${expenses.amount_cents})`.mapWith(Number),
    })
    .from(expenses)
    .innerJoin(users, expenseStaff)
    .innerJoin(locations, and(eq(locations.business_id, expenses.business_id), eq(locations.id, expenses.location_id)))
    .where(billableExpensesWhere(businessId, query))
    .groupBy(locations.id, locations.name, locations.sort_key)
}
