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
  return conflictsOfEach([shift], context)[0]!
}

/** One of the person's other shifts, with where it stands in `others` (overlaps are listed in that order). */
interface Placed {
  span: ShiftSpan
  index: number
  start: number
  end: number
}

/**
 * `shiftConflicts` for each of many shifts of one person, against the same context: the
 * other shifts sorted once by start and by end, each neighbour found by a binary search and
 * each business week's hours summed once, where asking shift by shift filtered and sorted
 * them all again for every shift (a board's week asks it of 2,800). `others` may hold the
 * shifts themselves: a shift is never compared with itself (by id).
 * @example
 * conflictsOfEach([monday, tuesday], { ...context, others: [monday, tuesday] }) // [[…monday's], […tuesday's]]
 */
export function conflictsOfEach(shifts: readonly ShiftSpan[], context: ConflictContext): ShiftConflict[][] {
  const placed: Placed[] = context.others.map((span, index) => ({ span, index, start: span.starts_at.getTime(), end: span.ends_at.getTime() }))
  const byStart = [...placed].sort((a, b) => a.start - b.start || a.index - b.index)
  const byEnd = [...placed].sort((a, b) => a.end - b.end || a.index - b.index)
  // The latest end among the first i + 1 by start: how far back an overlap may still be found.
  const reach: number[] = []
  for (const [i, other] of byStart.entries()) reach.push(Math.max(other.end, i > 0 ? reach[i - 1]! : -Infinity))
  const sameId = new Map<string, Placed[]>()
  for (const other of placed) {
    if (other.span.id === null) continue
    const twins = sameId.get(other.span.id)
    if (twins) twins.push(other)
    else sameId.set(other.span.id, [other])
  }
  const weeks = new Map<LocalDate, { from: number; to: number; minutes: number }>()
  const weekOf = (day: LocalDate) => {
    let week = weeks.get(day)
    if (!week) {
      const span = businessWeek(day, context.timeZone, context.weekStart)
      const from = span.from.getTime()
      const to = span.to.getTime()
      let minutes = 0
      for (let i = firstFrom(byStart, from); i < byStart.length && byStart[i]!.start < to; i++) minutes += paidMinutes(byStart[i]!.span)
      weeks.set(day, (week = { from, to, minutes }))
    }
    return week
  }
  const rest = context.minRestMinutes * MINUTE

  return shifts.map((shift) => {
    const conflicts: ShiftConflict[] = []
    const start = shift.starts_at.getTime()
    const end = shift.ends_at.getTime()
    const itself = (other: Placed) => shift.id !== null && other.span.id === shift.id

    const overlapping: Placed[] = []
    const after = firstFrom(byStart, end)
    for (let i = after - 1; i >= 0 && reach[i]! > start; i--) {
      const other = byStart[i]!
      if (other.end > start && !itself(other)) overlapping.push(other)
    }
    for (const other of overlapping.sort((a, b) => a.index - b.index)) conflicts.push({ kind: 'overlap', severity: 'error', shift_id: other.span.id, minutes: null })
    if (context.timeOff.some((off) => off.from.getTime() < end && off.to.getTime() > start)) conflicts.push({ kind: 'time_off', severity: 'error', shift_id: null, minutes: null })

    // The nearest before: the latest end at or before the start, the first of those in `others` on a tie.
    let before: Placed | undefined
    for (let last = lastAtOrBefore(byEnd, start); last >= 0 && !before; ) {
      const first = firstEndingAt(byEnd, byEnd[last]!.end)
      for (let i = first; i <= last && !before; i++) if (!itself(byEnd[i]!)) before = byEnd[i]
      last = first - 1
    }
    // The nearest after: the earliest start at or after the end, the first of those in `others` on a tie.
    let following = after
    while (following < byStart.length && itself(byStart[following]!)) following++
    const next = byStart[following]
    for (const [neighbour, gap] of [
      [before, before ? start - before.end : Infinity],
      [next, next ? next.start - end : Infinity],
    ] as const) {
      if (neighbour && gap < rest) conflicts.push({ kind: 'rest', severity: 'warning', shift_id: neighbour.span.id, minutes: Math.round((rest - gap) / MINUTE) })
    }

    if (context.maxWeeklyMinutes !== null) {
      const week = weekOf(localDateOf(shift.starts_at, context.timeZone))
      let total = week.minutes + paidMinutes(shift)
      for (const twin of shift.id !== null ? (sameId.get(shift.id) ?? []) : []) if (twin.start >= week.from && twin.start < week.to) total -= paidMinutes(twin.span)
      if (total > context.maxWeeklyMinutes) conflicts.push({ kind: 'weekly_hours', severity: 'warning', shift_id: null, minutes: total - context.maxWeeklyMinutes })
    }

    if (context.availability && !available(shift, context.availability, context.timeZone)) {
      conflicts.push({ kind: 'availability', severity: 'warning', shift_id: null, minutes: null })
    }
    if (context.serviceIds.length > 0 && !context.serviceIds.includes(shift.service_id)) {
      conflicts.push({ kind: 'service', severity: 'warning', shift_id: null, minutes: null })
    }
    return conflicts
  })
}

/** The first of `sorted` (by start) starting at or after `at`: its length when none does. */
function firstFrom(sorted: readonly Placed[], at: number): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (sorted[middle]!.start < at) low = middle + 1
    else high = middle
  }
  return low
}

/** The last of `sorted` (by end) ending at or before `at`: -1 when none does. */
function lastAtOrBefore(sorted: readonly Placed[], at: number): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (sorted[middle]!.end <= at) low = middle + 1
    else high = middle
  }
  return low - 1
}

/** The first of `sorted` (by end) ending exactly at `at`, which one of them does. */
function firstEndingAt(sorted: readonly Placed[], at: number): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (sorted[middle]!.end < at) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * Whether the windows the person can work cover the whole shift. No weekly window and no
 * exception near it: any time. A dated exception replaces that day's weekly windows.
 */
function available(shift: ShiftSpan, rules: AvailabilityRules, timeZone: string): boolean {
  if (rules.windows.length === 0 && rules.exceptions.length === 0) return true
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
