import { and, asc, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { expenses, payrollLines, payrollPeople, payrolls, services, settings, timesheets, users } from '../db/schema/index.ts'

/**
 * What an hour of a timesheet pays, as a pay run pays it: the person's own rate, else the
 * service's. For a query of timesheets joined to their person (users) and service (services).
 */
export const payRateCents = () => sql<number>`coalesce(${users.pay_rate_cents}, ${services.pay_rate_cents})`

export type PayrollRow = typeof payrolls.$inferSelect
export type PayrollPersonRow = typeof payrollPeople.$inferSelect
export type PayrollLineRow = typeof payrollLines.$inferSelect

export async function payrollsWhere(
  db: Db,
  businessId: string,
  where: SQL | undefined,
  page?: { limit: number; offset: number; order?: SQL[] },
  total?: SQL<number>,
): Promise<(PayrollRow & { count?: number })[]> {
  const query = db
    .select({ payroll: payrolls, count: total ?? sql<number>`null`.mapWith(Number) })
    .from(payrolls)
    .where(and(eq(payrolls.business_id, businessId), where))
    .orderBy(...(page?.order ?? [asc(payrolls.period_start), asc(payrolls.id)]))
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query
  return rows.map((row) => (total ? { ...row.payroll, count: row.count } : row.payroll))
}

/** A payroll's people (with their names) and lines, in the order a payslip shows them. */
export async function payrollParts(db: Db, businessId: string, payrollId: string, staffId?: string) {
  const people = await db
    .select({ person: payrollPeople, staff: { id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email, locale: users.locale } })
    .from(payrollPeople)
    .innerJoin(users, and(eq(users.business_id, payrollPeople.business_id), eq(users.id, payrollPeople.staff_id)))
    .where(and(eq(payrollPeople.business_id, businessId), eq(payrollPeople.payroll_id, payrollId), staffId ? eq(payrollPeople.staff_id, staffId) : undefined))
    .orderBy(asc(users.sort_key), asc(users.id))
  const lines = await db
    .select()
    .from(payrollLines)
    .where(and(eq(payrollLines.business_id, businessId), eq(payrollLines.payroll_id, payrollId), staffId ? eq(payrollLines.staff_id, staffId) : undefined))
    .orderBy(asc(payrollLines.staff_id), asc(payrollLines.position))
  return { people, lines }
}

/** An approved timesheet of a pay period not yet in an approved payroll, with the rate it is paid at. */
export interface PayableTimesheet {
  id: string
  staff_id: string
  started_at: Date
  regular_minutes: number
  overtime_minutes: number
  double_time_minutes: number
  /** The person's own pay rate, or the service's when they have none. */
  rate_cents: number
}

/** Approved timesheets of the business matching `where`, with the rate each is paid at, by person and time. */
function approvedTimesheets(db: Db, businessId: string, where: SQL | undefined): Promise<PayableTimesheet[]> {
  return db
    .select({
      id: timesheets.id,
      staff_id: timesheets.staff_id,
      started_at: timesheets.started_at,
      regular_minutes: timesheets.regular_minutes,
      overtime_minutes: timesheets.overtime_minutes,
      double_time_minutes: timesheets.double_time_minutes,
      rate_cents: payRateCents().mapWith(Number),
    })
    .from(timesheets)
    .innerJoin(users, and(eq(users.business_id, timesheets.business_id), eq(users.id, timesheets.staff_id)))
    .innerJoin(services, and(eq(services.business_id, timesheets.business_id), eq(services.id, timesheets.service_id)))
    .where(and(eq(timesheets.business_id, businessId), eq(timesheets.status, 'approved'), sql`${timesheets.ended_at} is not null`, where))
    .orderBy(asc(timesheets.staff_id), asc(timesheets.started_at), asc(timesheets.id))
}

/**
 * Approved, unlocked timesheets that start before `to`: what a pay run pays — its period's, and
 * any approved after an earlier run was approved (late hours are paid by the next run, never lost).
 */
export function payableTimesheets(db: Db, businessId: string, to: Date): Promise<PayableTimesheet[]> {
  return approvedTimesheets(db, businessId, and(isNull(timesheets.locked_at), lt(timesheets.started_at, to)))
}

/**
 * Approved timesheets that start in [from, to), paid already or not, of people not disabled: the
 * wages a statutory holiday's pay is counted from (someone who has left is owed no holiday after).
 */
export function earnedTimesheets(db: Db, businessId: string, from: Date, to: Date): Promise<PayableTimesheet[]> {
  return approvedTimesheets(db, businessId, and(gte(timesheets.started_at, from), lt(timesheets.started_at, to), ne(users.status, 'disabled')))
}

/** Timesheets of a period still waiting (pending, or still clocked in), by person: who a run leaves out and why. */
export async function unapprovedTimesheets(db: Db, businessId: string, from: Date, to: Date) {
  return db
    .select({
      id: timesheets.id,
      started_at: timesheets.started_at,
      status: timesheets.status,
      paid_minutes: timesheets.paid_minutes,
      staff: { id: users.id, firstname: users.firstname, lastname: users.lastname },
    })
    .from(timesheets)
    .innerJoin(users, and(eq(users.business_id, timesheets.business_id), eq(users.id, timesheets.staff_id)))
    .where(and(eq(timesheets.business_id, businessId), eq(timesheets.status, 'pending'), gte(timesheets.started_at, from), lt(timesheets.started_at, to)))
    .orderBy(asc(users.sort_key), asc(timesheets.started_at))
}

/** Clears what a draft counted: its calculated lines and its people; its manual lines stay. */
export async function clearCalculated(db: Db, businessId: string, payrollId: string): Promise<void> {
  await db.delete(payrollLines).where(and(eq(payrollLines.business_id, businessId), eq(payrollLines.payroll_id, payrollId), eq(payrollLines.manual, false)))
  await db.delete(payrollPeople).where(and(eq(payrollPeople.business_id, businessId), eq(payrollPeople.payroll_id, payrollId)))
  await db
    .update(expenses)
    .set({ payroll_id: null })
    .where(and(eq(expenses.business_id, businessId), eq(expenses.payroll_id, payrollId), isNull(expenses.locked_at)))
}

/** Marks the expenses a draft reimburses as counted by it (a later draft counting them takes them over). */
export async function markExpenses(db: Db, businessId: string, payrollId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await db.update(expenses).set({ payroll_id: payrollId }).where(and(eq(expenses.business_id, businessId), inArray(expenses.id, ids), isNull(expenses.locked_at)))
}

/** The next payroll number, taken inside the caller's transaction (the settings row stays locked until it ends: no gaps, no twins). */
export async function takePayrollNumber(db: Db, businessId: string): Promise<number> {
  const [row] = await db
    .update(settings)
    .set({ next_payroll_number: sql`${settings.next_payroll_number} + 1` })
    .where(eq(settings.business_id, businessId))
    .returning({ next: settings.next_payroll_number })
  return row!.next - 1
}
