import { businessWeekAt, minutesBetween, overtimeRuleOn, splitOvertime, weekStartFor, type BusinessWeek, type Settings } from '@rota/core'
import type { Db } from '../db/database.ts'
import { allCountedTimesheets, countedTimesheets, writeHours, type CountedTimesheet, type HoursOf } from '../repositories/timesheets.ts'

/** The business weeks (by their first day) that contain some instants, on the business's calendar. */
export function weeksOf(instants: readonly Date[], settings: Pick<Settings, 'timezone' | 'locale' | 'week_start'>): BusinessWeek[] {
  const weekStart = weekStartFor(settings.locale, settings.week_start)
  const weeks = new Map<string, BusinessWeek>()
  for (const at of instants) {
    const week = businessWeekAt(at, settings.timezone, weekStart)
    weeks.set(week.firstDay, week)
  }
  return [...weeks.values()]
}

/**
 * Counts a person's hours again over the business weeks containing `instants` (where a
 * timesheet was, and where it is now): each timesheet's paid minutes split into regular,
 * overtime and double time under the business's overtime rule in force that week (DESIGN.md
 * §9), each counting toward the day it starts on. Timesheets a payroll has locked keep the
 * split it paid, but still count toward the week. Only the rows whose numbers moved are written.
 * @example
 * await recountHours(tx, businessId, staffId, [before.started_at, after.started_at], settings)
 */
export async function recountHours(tx: Db, businessId: string, staffId: string, instants: readonly Date[], settings: Settings): Promise<void> {
  for (const week of weeksOf(instants, settings)) {
    await writeHours(tx, businessId, splitWeek(await countedTimesheets(tx, businessId, staffId, week.from, week.to), week, settings))
  }
}

/**
 * Counts every person's hours again, week by week: what changing the overtime rules, the
 * time zone or the week's first day calls for. Locked timesheets keep what was paid.
 */
export async function recountAllHours(tx: Db, businessId: string, settings: Settings): Promise<void> {
  const weeks = new Map<string, { week: BusinessWeek; rows: CountedTimesheet[] }>()
  for (const row of await allCountedTimesheets(tx, businessId)) {
    const [week] = weeksOf([row.started_at], settings)
    const key = `${row.staff_id}/${week!.firstDay}`
    const entry = weeks.get(key) ?? weeks.set(key, { week: week!, rows: [] }).get(key)!
    entry.rows.push(row)
  }
  const moved = [...weeks.values()].flatMap(({ week, rows }) => splitWeek(rows, week, settings))
  for (let start = 0; start < moved.length; start += 1000) await writeHours(tx, businessId, moved.slice(start, start + 1000))
}

/** One person's week of timesheets split under the rule of that week: the ones whose numbers moved (locked ones never). */
function splitWeek(counted: readonly CountedTimesheet[], week: BusinessWeek, settings: Settings): HoursOf[] {
  if (counted.length === 0) return []
  const rule = overtimeRuleOn({ jurisdiction: settings.overtime_jurisdiction }, week.firstDay)
  const entries = counted.map((row) => ({ id: row.id, start: row.started_at, end: row.ended_at!, breakMinutes: Math.min(row.break_minutes, minutesBetween(row.started_at, row.ended_at!)) }))
  const moved: HoursOf[] = []
  splitOvertime(entries, settings.timezone, rule).forEach((hours, index) => {
    const row = counted[index]!
    if (row.locked_at) return
    const next = { id: row.id, paid_minutes: hours.paidMinutes, regular_minutes: hours.regularMinutes, overtime_minutes: hours.overtimeMinutes, double_time_minutes: hours.doubleTimeMinutes }
    const same =
      row.paid_minutes === next.paid_minutes &&
      row.regular_minutes === next.regular_minutes &&
      row.overtime_minutes === next.overtime_minutes &&
      row.double_time_minutes === next.double_time_minutes
    if (!same) moved.push(next)
  })
  return moved
}
