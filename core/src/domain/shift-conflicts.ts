import type { ShiftConflict } from '../contract/schedule.ts'
import type { WeekStart } from '../contract/account.ts'
import { addLocalDays, localWeekday, type LocalDate, type LocalTime } from './local-date.ts'
import { instantAt, localDateOf } from './time.ts'
import { businessWeek } from './week.ts'

/** A shift as the conflict rules see it. */
export interface ShiftSpan {
  id: string | null
  starts_at: Date
  ends_at: Date
  break_minutes: number
  service_id: string
}

/** When a person can work: weekly windows (none: any time) and dated exceptions. */
export interface AvailabilityRules {
  windows: readonly { weekday: number; start: LocalTime; end: LocalTime }[]
  exceptions: readonly { date: LocalDate; available: boolean; start: LocalTime | null; end: LocalTime | null }[]
}

/** Everything about the person and the business that a shift of theirs is checked against. */
export interface ConflictContext {
  /** The person's other shifts around it (not cancelled), in any order. */
  others: readonly ShiftSpan[]
  /** Their approved time off, as instants. */
  timeOff: readonly { from: Date; to: Date }[]
  availability: AvailabilityRules | null
  maxWeeklyMinutes: number | null
  /** The services they may work; empty means any. */
  serviceIds: readonly string[]
  minRestMinutes: number
  timeZone: string
  weekStart: WeekStart
}

const MINUTE = 60_000
const paidMinutes = (span: ShiftSpan) => Math.max(0, Math.round((span.ends_at.getTime() - span.starts_at.getTime()) / MINUTE) - span.break_minutes)

/**
 * What a staffed shift conflicts with (issue: schedules). Errors refuse it: the person
 * already working then (`overlap`), or on approved time off (`time_off`). Warnings are
 * the scheduler's call: outside their availability, past their weekly hours (the
 * business week the shift starts in), less rest than the business asks before or after
 * another shift, a service they do not work.
 * @example
 * shiftConflicts(shift, { others: [tuesdayNight], timeOff: [], availability: null, maxWeeklyMinutes: 2400,
 *   serviceIds: [], minRestMinutes: 480, timeZone: 'America/Toronto', weekStart: 1 })
 * // [{ kind: 'rest', severity: 'warning', shift_id: tuesdayNight.id, minutes: 120 }]
 */
export function shiftConflicts(shift: ShiftSpan, context: ConflictContext): ShiftConflict[] {
  const conflicts: ShiftConflict[] = []
  const others = context.others.filter((other) => other.id === null || other.id !== shift.id)
  const start = shift.starts_at.getTime()
  const end = shift.ends_at.getTime()

  for (const other of others) {
    if (other.starts_at.getTime() < end && other.ends_at.getTime() > start) conflicts.push({ kind: 'overlap', severity: 'error', shift_id: other.id, minutes: null })
  }
  if (context.timeOff.some((off) => off.from.getTime() < end && off.to.getTime() > start)) conflicts.push({ kind: 'time_off', severity: 'error', shift_id: null, minutes: null })

  const rest = context.minRestMinutes * MINUTE
  const before = others.filter((o) => o.ends_at.getTime() <= start).sort((a, b) => b.ends_at.getTime() - a.ends_at.getTime())[0]
  const after = others.filter((o) => o.starts_at.getTime() >= end).sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime())[0]
  for (const [neighbour, gap] of [
    [before, before ? start - before.ends_at.getTime() : Infinity],
    [after, after ? after.starts_at.getTime() - end : Infinity],
  ] as const) {
    if (neighbour && gap < rest) conflicts.push({ kind: 'rest', severity: 'warning', shift_id: neighbour.id, minutes: Math.round((rest - gap) / MINUTE) })
  }

  if (context.maxWeeklyMinutes !== null) {
    const week = businessWeek(localDateOf(shift.starts_at, context.timeZone), context.timeZone, context.weekStart)
    const inWeek = (span: ShiftSpan) => span.starts_at >= week.from && span.starts_at < week.to
    const total = [shift, ...others].filter(inWeek).reduce((sum, span) => sum + paidMinutes(span), 0)
    if (total > context.maxWeeklyMinutes) conflicts.push({ kind: 'weekly_hours', severity: 'warning', shift_id: null, minutes: total - context.maxWeeklyMinutes })
  }

  if (context.availability && !available(shift, context.availability, context.timeZone)) {
    conflicts.push({ kind: 'availability', severity: 'warning', shift_id: null, minutes: null })
  }
  if (context.serviceIds.length > 0 && !context.serviceIds.includes(shift.service_id)) {
    conflicts.push({ kind: 'service', severity: 'warning', shift_id: null, minutes: null })
  }
  return conflicts
}

/**
 * Whether the windows the person can work cover the whole shift. No weekly window and no
 * exception near it: any time. A dated exception replaces that day's weekly windows.
 */
function available(shift: ShiftSpan, rules: AvailabilityRules, timeZone: string): boolean {
  const first = localDateOf(shift.starts_at, timeZone)
  const days = [addLocalDays(first, -1), first, addLocalDays(first, 1)]
  const constrained = rules.windows.length > 0 || rules.exceptions.some((exception) => days.includes(exception.date))
  if (!constrained) return true
  const intervals = days.flatMap((day) => windowsOn(day, rules).map(([from, to]) => windowInstants(day, from, to, timeZone)))
  // Covered when the windows, merged, reach from the shift's start to its end without a gap.
  let reached = shift.starts_at.getTime()
  for (const [from, to] of intervals.sort((a, b) => a[0] - b[0])) {
    if (from <= reached && to > reached) reached = to
    if (reached >= shift.ends_at.getTime()) return true
  }
  return reached >= shift.ends_at.getTime()
}

function windowsOn(day: LocalDate, rules: AvailabilityRules): [LocalTime, LocalTime][] {
  const exception = rules.exceptions.find((candidate) => candidate.date === day)
  if (exception) return exception.available && exception.start && exception.end ? [[exception.start, exception.end]] : exception.available ? [['00:00', '00:00']] : []
  return rules.windows.filter((window) => window.weekday === localWeekday(day)).map((window) => [window.start, window.end])
}

/** A window on a day as instants; one that ends at or before it starts runs past midnight (00:00–00:00 is the whole day). */
function windowInstants(day: LocalDate, from: LocalTime, to: LocalTime, timeZone: string): [number, number] {
  const start = instantAt(day, from, timeZone).getTime()
  const end = instantAt(to <= from ? addLocalDays(day, 1) : day, to, timeZone).getTime()
  return [start, end]
}
