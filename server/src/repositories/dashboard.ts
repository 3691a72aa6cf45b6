import type { AttentionKey } from '@rota/core'
import { sql, type AnyColumn } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { expenses, invoices, locations, services, shiftRequests, shifts, timeoffRequests, timesheets, users } from '../db/schema/index.ts'
import { payRateCents } from './payrolls.ts'
import { pendingSql } from './shifts.ts'

/**
 * The dashboard's queries, one per widget, each one statement scoped to one business.
 * A week is `[from, to)` in instants, computed on the business's clock by core (a week
 * across a clock change is 167 or 169 hours long); several weeks are consecutive bounds.
 * A feature that lands (invoices, expenses) adds its widget here as one more function.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`
/** `width_bucket` over consecutive week bounds: 1 for the first week, n for the last. */
const bucketOf = (column: AnyColumn, bounds: readonly Date[]) => sql`width_bucket(${column}, array[${sql.join(bounds.map(instant), sql`, `)}])`

/** A shift's paid minutes: its length (a real one, across a clock change too) less its break. */
const shiftMinutes = sql`(extract(epoch from ${shifts.ends_at} - ${shifts.starts_at}) / 60 - ${shifts.break_minutes})`
/** Shifts that are on the schedule: published, under way or done (not drafts, not cancelled). */
const scheduled = sql`${shifts.status} in ('published', 'in_progress', 'completed')`
/** Timesheets that count as work: finished and not rejected. */
const worked = sql`${timesheets.ended_at} is not null and ${timesheets.status} <> 'rejected'`

/** Invoices that are owed: sent and not paid in full (drafts and void ones owe nothing). */
const owed = sql`${invoices.status} in ('sent', 'partially_paid') and ${invoices.total_cents} > ${invoices.paid_cents}`

/**
 * Counts of what needs attention: this week's shifts, every time-off request, timesheet and
 * expense claim still waiting, and the invoices still owed after their due date (`today` on the
 * business's clock).
 */
export async function attentionCounts(db: Db, businessId: string, week: { from: Date; to: Date }, today: string, now: Date): Promise<Record<AttentionKey, number>> {
  const inWeek = sql`${shifts.starts_at} >= ${instant(week.from)} and ${shifts.starts_at} < ${instant(week.to)}`
  const waiting = sql`${timesheets.business_id} = ${businessId} and ${timesheets.status} = 'pending' and ${timesheets.ended_at} is not null`
  const [row] = rowsOf<Record<AttentionKey, number | string>>(
    await db.execute(sql`select
      (select count(*) from ${shifts} where ${shifts.business_id} = ${businessId} and ${inWeek} and ${shifts.status} = 'published' and ${shifts.staff_id} is null) as open_shifts,
      (select count(*) from ${shifts} where ${shifts.business_id} = ${businessId} and ${inWeek} and ${pendingSql}) as unpublished_shifts,
      (select count(*) from ${shiftRequests} join ${shifts} on ${shifts.business_id} = ${shiftRequests.business_id} and ${shifts.id} = ${shiftRequests.shift_id}
        where ${shiftRequests.business_id} = ${businessId} and ${shiftRequests.status} = 'pending' and ${shifts.starts_at} > ${instant(now)}) as shift_requests,
      (select count(*) from ${timeoffRequests} where ${timeoffRequests.business_id} = ${businessId} and ${timeoffRequests.status} = 'pending') as pending_timeoff,
      (select count(*) from ${timesheets} where ${waiting}) as timesheets_to_approve,
      (select count(*) from ${timesheets} where ${waiting} and jsonb_array_length(${timesheets.flags}) > 0) as flagged_timesheets,
      (select count(*) from ${users} where ${users.business_id} = ${businessId} and ${users.status} = 'active' and not exists (
        select 1 from ${shifts} where ${shifts.business_id} = ${businessId} and ${shifts.staff_id} = ${users.id} and ${shifts.status} <> 'cancelled' and ${inWeek})) as unscheduled_people,
      (select count(*) from ${expenses} where ${expenses.business_id} = ${businessId} and ${expenses.status} = 'submitted') as expenses_to_approve,
      (select count(*) from ${invoices} where ${invoices.business_id} = ${businessId} and ${owed} and ${invoices.due_date} < ${today}::date) as overdue_invoices`),
  )
  return Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)])) as Record<AttentionKey, number>
}

/** When the first shift still to come that staff asked about starts: where the board answering them opens. */
export async function firstRequestedShift(db: Db, businessId: string, now: Date): Promise<Date | null> {
  const [row] = rowsOf<{ first: string | Date | null }>(
    await db.execute(sql`select min(${shifts.starts_at}) as first from ${shiftRequests} join ${shifts} on ${shifts.business_id} = ${shiftRequests.business_id} and ${shifts.id} = ${shiftRequests.shift_id}
      where ${shiftRequests.business_id} = ${businessId} and ${shiftRequests.status} = 'pending' and ${shifts.starts_at} > ${instant(now)}`),
  )
  return row?.first ? new Date(row.first) : null
}

/** One person's worked minutes of one week at one hourly rate, split as their timesheets are. */
export interface WorkedAtRate {
  week: number
  rate_cents: number
  regular_minutes: number
  overtime_minutes: number
  double_time_minutes: number
}

/**
 * The weeks in numbers: scheduled and worked minutes per week (index 0 the first week), and
 * the worked minutes per person and rate (the person's pay rate, else the service's) to cost.
 */
export async function weekHoursAndPay(db: Db, businessId: string, bounds: readonly Date[]): Promise<{ scheduled: number[]; worked: number[]; pay: WorkedAtRate[] }> {
  const from = instant(bounds[0]!)
  const to = instant(bounds.at(-1)!)
  const rows = rowsOf<{ kind: 'scheduled' | 'worked'; week: number; rate_cents: number | null; paid: string; regular: string; overtime: string; double_time: string }>(
    await db.execute(sql`
      select 'scheduled' as kind, ${bucketOf(shifts.starts_at, bounds)} as week, null::int as rate_cents,
        coalesce(sum(${shiftMinutes}), 0)::bigint as paid, 0 as regular, 0 as overtime, 0 as double_time
      from ${shifts} where ${shifts.business_id} = ${businessId} and ${shifts.starts_at} >= ${from} and ${shifts.starts_at} < ${to} and ${scheduled}
      group by 2
      union all
      select 'worked', ${bucketOf(timesheets.started_at, bounds)}, ${payRateCents()},
        sum(${timesheets.paid_minutes}), sum(${timesheets.regular_minutes}), sum(${timesheets.overtime_minutes}), sum(${timesheets.double_time_minutes})
      from ${timesheets}
      join ${users} on ${users.business_id} = ${timesheets.business_id} and ${users.id} = ${timesheets.staff_id}
      join ${services} on ${services.business_id} = ${timesheets.business_id} and ${services.id} = ${timesheets.service_id}
      where ${timesheets.business_id} = ${businessId} and ${timesheets.started_at} >= ${from} and ${timesheets.started_at} < ${to} and ${worked}
      group by 2, ${timesheets.staff_id}, 3`),
  )
  const weeks = bounds.length - 1
  const scheduledMinutes = new Array<number>(weeks).fill(0)
  const workedMinutes = new Array<number>(weeks).fill(0)
  const pay: WorkedAtRate[] = []
  for (const row of rows) {
    const index = Number(row.week) - 1
    if (row.kind === 'scheduled') scheduledMinutes[index]! += Number(row.paid)
    else {
      workedMinutes[index]! += Number(row.paid)
      pay.push({ week: index, rate_cents: Number(row.rate_cents), regular_minutes: Number(row.regular), overtime_minutes: Number(row.overtime), double_time_minutes: Number(row.double_time) })
    }
  }
  return { scheduled: scheduledMinutes, worked: workedMinutes, pay }
}

/** Scheduled and worked minutes per week over consecutive weeks (the trend chart). */
export async function hoursTrend(db: Db, businessId: string, bounds: readonly Date[]): Promise<{ scheduled: number[]; worked: number[] }> {
  const from = instant(bounds[0]!)
  const to = instant(bounds.at(-1)!)
  const rows = rowsOf<{ kind: 'scheduled' | 'worked'; week: number; minutes: string }>(
    await db.execute(sql`
      select 'scheduled' as kind, ${bucketOf(shifts.starts_at, bounds)} as week, coalesce(sum(${shiftMinutes}), 0)::bigint as minutes
      from ${shifts} where ${shifts.business_id} = ${businessId} and ${shifts.starts_at} >= ${from} and ${shifts.starts_at} < ${to} and ${scheduled}
      group by 2
      union all
      select 'worked', ${bucketOf(timesheets.started_at, bounds)}, sum(${timesheets.paid_minutes})
      from ${timesheets} where ${timesheets.business_id} = ${businessId} and ${timesheets.started_at} >= ${from} and ${timesheets.started_at} < ${to} and ${worked}
      group by 2`),
  )
  const scheduledMinutes = new Array<number>(bounds.length - 1).fill(0)
  const workedMinutes = new Array<number>(bounds.length - 1).fill(0)
  for (const row of rows) (row.kind === 'scheduled' ? scheduledMinutes : workedMinutes)[Number(row.week) - 1]! += Number(row.minutes)
  return { scheduled: scheduledMinutes, worked: workedMinutes }
}

/**
 * The value invoiced per week over consecutive weeks of business days (`firstDays`, then the day
 * after the last week): sent invoices (not drafts, not void) by their issue date, before tax.
 */
export async function invoicedByWeek(db: Db, businessId: string, firstDays: readonly string[]): Promise<number[]> {
  const days = sql.join(firstDays.map((day) => sql`${day}::date`), sql`, `)
  const rows = rowsOf<{ week: number; cents: string }>(
    await db.execute(sql`
      select width_bucket(${invoices.issue_date}, array[${days}]) as week, sum(${invoices.total_cents} - ${invoices.tax_cents})::bigint as cents
      from ${invoices}
      where ${invoices.business_id} = ${businessId} and ${invoices.status} not in ('draft', 'void')
        and ${invoices.issue_date} >= ${firstDays[0]!}::date and ${invoices.issue_date} < ${firstDays.at(-1)!}::date
      group by 1`),
  )
  const cents = new Array<number>(firstDays.length - 1).fill(0)
  for (const row of rows) cents[Number(row.week) - 1]! += Number(row.cents)
  return cents
}

/** The clients most invoiced from `from` (a business day) up to `to` (excluded): sent invoices before tax, at most `limit`. */
export async function topClients(db: Db, businessId: string, from: string, to: string, limit: number): Promise<{ id: string; name: string; cents: number }[]> {
  const rows = rowsOf<{ id: string; name: string; cents: string }>(
    await db.execute(sql`
      select ${locations.id} as id, ${locations.name} as name, sum(${invoices.total_cents} - ${invoices.tax_cents})::bigint as cents
      from ${invoices}
      join ${locations} on ${locations.business_id} = ${invoices.business_id} and ${locations.id} = ${invoices.location_id}
      where ${invoices.business_id} = ${businessId} and ${invoices.status} not in ('draft', 'void')
        and ${invoices.issue_date} >= ${from}::date and ${invoices.issue_date} < ${to}::date
      group by 1, 2
      order by 3 desc, 2
      limit ${limit}`),
  )
  return rows.map((row) => ({ id: row.id, name: row.name, cents: Number(row.cents) }))
}

/** Whether the business has scheduled or recorded any work yet (until then the dashboard shows the setup guide). */
export async function hasWork(db: Db, businessId: string): Promise<boolean> {
  const [row] = rowsOf<{ any: boolean }>(
    await db.execute(sql`select exists (select 1 from ${shifts} where ${shifts.business_id} = ${businessId}) or exists (select 1 from ${timesheets} where ${timesheets.business_id} = ${businessId}) as any`),
  )
  return Boolean(row?.any)
}
