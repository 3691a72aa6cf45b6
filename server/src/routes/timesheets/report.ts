import {
  addLocalDays,
  businessWeek,
  localDay,
  sortKey,
  weekStartFor,
  type Settings,
  type TimesheetHours,
  type TimesheetReport,
  type TimesheetReportQuery,
  type TimesheetReportRow,
} from '@rota/core'
import { sql, type SQL } from 'drizzle-orm'
import type { Auth, HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import type { Handlers } from '../handler.ts'
import { timesheetViewerOf } from './present.ts'
import { settledSettings } from './timesheets.ts'

type Ctx = HandlerContext<Auth>

interface Sums extends TimesheetHours {
  key: string
}

const empty = (): TimesheetHours => ({ timesheets: 0, planned_minutes: 0, paid_minutes: 0, regular_minutes: 0, overtime_minutes: 0, double_time_minutes: 0 })

/**
 * The business weeks that overlap the report's days, each with its instants: shifts and
 * timesheets fall in a week by where they start, on the business's calendar (core's weeks,
 * so a week with a clock change is 167 or 169 hours, as everywhere else in Rota).
 */
function weeksValues(query: TimesheetReportQuery, settings: Settings): SQL {
  const weekStart = weekStartFor(settings.locale, settings.week_start)
  const weeks = []
  for (let day = businessWeek(query.from, settings.timezone, weekStart).firstDay; day <= query.to; day = addLocalDays(day, 7)) {
    weeks.push(businessWeek(day, settings.timezone, weekStart))
  }
  return sql.join(
    weeks.map((week) => sql`(${week.firstDay}::text, ${week.from.toISOString()}::timestamptz, ${week.to.toISOString()}::timestamptz)`),
    sql`, `,
  )
}

/** The grouping key of a row of `alias` (timesheets `t` or shifts `s`), and the join it needs. */
function grouping(query: TimesheetReportQuery, settings: Settings, alias: 't' | 's'): { key: SQL; join: SQL } {
  const column = { person: 'staff_id', client: 'location_id', service: 'service_id' } as const
  const at = sql.raw(alias === 't' ? 't.started_at' : 's.starts_at')
  if (query.group_by === 'week') {
    return { key: sql`w.first_day`, join: sql`join (values ${weeksValues(query, settings)}) as w(first_day, starts, ends) on ${at} >= w.starts and ${at} < w.ends` }
  }
  return { key: sql.raw(`${alias}.${column[query.group_by]}::text`), join: sql`` }
}

/** The filters both sides share: the range by start, the person, client and service asked for, and whose hours the viewer may see. */
function sharedWhere(query: TimesheetReportQuery, settings: Settings, ownOnly: string | null, alias: 't' | 's'): SQL {
  const tz = settings.timezone
  const filter = query.filter ?? {}
  const col = (name: string) => sql.raw(`${alias}.${name}`)
  const at = alias === 't' ? col('started_at') : col('starts_at')
  const staff = ownOnly ?? filter.staff
  return sql.join(
    [
      sql`${col('business_id')} = ${settings.business_id}`,
      sql`${at} >= ${localDay(query.from, tz).from.toISOString()}::timestamptz`,
      sql`${at} < ${localDay(query.to, tz).to.toISOString()}::timestamptz`,
      ...(staff ? [sql`${col('staff_id')} = ${staff}::uuid`] : []),
      ...(filter.location ? [sql`${col('location_id')} = ${filter.location}::uuid`] : []),
      ...(filter.service ? [sql`${col('service_id')} = ${filter.service}::uuid`] : []),
    ],
    sql` and `,
  )
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

/** Actual hours: the timesheets clocked out in the range, rejected ones never, by group. */
async function actualHours(db: Db, query: TimesheetReportQuery, settings: Settings, ownOnly: string | null): Promise<Sums[]> {
  const { key, join } = grouping(query, settings, 't')
  const status = query.filter?.status ? sql`and t.status = ${query.filter.status}` : sql`and t.status <> 'rejected'`
  const result = await db.execute(sql`
    select ${key} as key, count(*)::int as timesheets, coalesce(sum(t.paid_minutes), 0)::int as paid_minutes,
      coalesce(sum(t.regular_minutes), 0)::int as regular_minutes, coalesce(sum(t.overtime_minutes), 0)::int as overtime_minutes,
      coalesce(sum(t.double_time_minutes), 0)::int as double_time_minutes
    from timesheets t ${join}
    where ${sharedWhere(query, settings, ownOnly, 't')} and t.ended_at is not null ${status}
    group by 1`)
  return rowsOf<Sums>(result)
}

/** Planned hours: the paid minutes of the shifts staff were told of (published, started or done) in the range, by group. */
async function plannedHours(db: Db, query: TimesheetReportQuery, settings: Settings, ownOnly: string | null): Promise<{ key: string; planned_minutes: number }[]> {
  const { key, join } = grouping(query, settings, 's')
  const result = await db.execute(sql`
    select ${key} as key,
      coalesce(sum(greatest(0, floor(extract(epoch from (s.ends_at - s.starts_at)) / 60) - s.break_minutes)), 0)::int as planned_minutes
    from shifts s ${join}
    where ${sharedWhere(query, settings, ownOnly, 's')} and s.staff_id is not null and s.status in ('published', 'in_progress', 'completed')
    group by 1`)
  return rowsOf<{ key: string; planned_minutes: number }>(result)
}

/** What each group is called: a person's name, a client's or a service's; a week by its first day. */
async function labelsOf(db: Db, query: TimesheetReportQuery, businessId: string, keys: string[]): Promise<Map<string, string>> {
  if (query.group_by === 'week' || keys.length === 0) return new Map(keys.map((key) => [key, key]))
  const table = { person: sql`select id::text as key, trim(firstname || ' ' || lastname) as label from users`, client: sql`select id::text as key, name as label from locations`, service: sql`select id::text as key, name as label from services` }[query.group_by]
  const ids = sql.join(keys.map((key) => sql`${key}::uuid`), sql`, `)
  const result = await db.execute(sql`${table} where business_id = ${businessId} and id in (${ids})`)
  return new Map(rowsOf<{ key: string; label: string }>(result).map((row) => [row.key, row.label]))
}

/**
 * The timesheet report: for each person, client, service or week, planned minutes (the
 * published shifts) beside actual ones (the timesheets), and the actual ones split into
 * regular, overtime and double time as stored when each week was counted. Staff without
 * timesheets:update see their own hours only.
 */
async function timesheetReport(query: TimesheetReportQuery, ctx: Ctx): Promise<TimesheetReport> {
  const settings = await settledSettings(ctx)
  const viewer = timesheetViewerOf(ctx.auth)
  const ownOnly = viewer.manages ? null : viewer.userId
  const [actual, planned] = await Promise.all([actualHours(ctx.db, query, settings, ownOnly), plannedHours(ctx.db, query, settings, ownOnly)])
  const groups = new Map<string, TimesheetHours>()
  const group = (key: string) => groups.get(key) ?? groups.set(key, empty()).get(key)!
  for (const { key, ...sums } of actual) Object.assign(group(key), sums, { planned_minutes: group(key).planned_minutes })
  for (const { key, planned_minutes } of planned) group(key).planned_minutes = planned_minutes
  const labels = await labelsOf(ctx.db, query, ctx.auth.businessId, [...groups.keys()])
  const rows: TimesheetReportRow[] = [...groups].map(([key, hours]) => ({ key, label: labels.get(key) ?? key, ...hours }))
  const order = (row: TimesheetReportRow) => (query.group_by === 'week' ? row.key : `${sortKey(row.label)}\u0000${row.key}`)
  rows.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0))
  const totals = rows.reduce<TimesheetHours>((sum, row) => {
    for (const field of Object.keys(sum) as (keyof TimesheetHours)[]) sum[field] += row[field]
    return sum
  }, empty())
  return { from: query.from, to: query.to, group_by: query.group_by, rows, totals }
}

export const timesheetReportHandlers: Handlers<'timesheetReport'> = {
  timesheetReport: ({ query }, ctx) => timesheetReport(query, ctx),
}
