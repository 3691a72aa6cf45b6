import type { LocalDate } from './local-date.ts'
import { isDecimal } from './money.ts'
import type { OvertimeRule } from './overtime-rules.ts'
import { localDateOf, minutesBetween, toInstant, type Instant } from './time.ts'

/** A stretch of work: a timesheet entry, or a shift as scheduled. */
export interface WorkedEntry {
  id: string
  start: Instant
  end: Instant
  /** Unpaid break minutes taken out of the stretch. */
  breakMinutes: number
}

/** Paid minutes split by how they are paid. */
export interface HoursSplit {
  regularMinutes: number
  overtimeMinutes: number
  doubleTimeMinutes: number
}

/** How one entry's paid minutes are paid. */
export interface EntryHours extends HoursSplit {
  id: string
  /** The local day the entry counts toward: the day it starts on. */
  day: LocalDate
  /** `end − start − breakMinutes`; always `regular + overtime + doubleTime`. */
  paidMinutes: number
}

interface Stretch {
  index: number
  id: string
  day: LocalDate
  start: number
  paid: number
}

function stretches(entries: readonly WorkedEntry[], timeZone: string): Stretch[] {
  return entries
    .map((entry, index) => {
      const length = minutesBetween(entry.start, entry.end)
      const { breakMinutes } = entry
      if (length < 0) throw new RangeError(`Entry ${entry.id} ends before it starts`)
      if (!Number.isInteger(breakMinutes) || breakMinutes < 0 || breakMinutes > length) {
        throw new RangeError(`Entry ${entry.id} has a break of ${breakMinutes} minutes in ${length}`)
      }
      const start = toInstant(entry.start).getTime()
      return { index, id: entry.id, day: localDateOf(entry.start, timeZone), start, paid: length - breakMinutes }
    })
    .sort((a, b) => a.start - b.start || a.index - b.index)
}

function checkRule(rule: OvertimeRule): void {
  const thresholds = [rule.dailyThresholdMinutes, rule.weeklyThresholdMinutes, rule.doubleTimeDailyThresholdMinutes]
  if (thresholds.some((minutes) => minutes !== null && (!Number.isInteger(minutes) || minutes < 0))) {
    throw new RangeError('Overtime thresholds are whole minutes, or null')
  }
  if (!isDecimal(rule.multiplier) || !isDecimal(rule.doubleTimeMultiplier)) throw new RangeError('Multipliers are decimals')
}

/** Of `paid` minutes worked after `before` minutes that day, how many lie past `threshold`. */
function pastThreshold(before: number, paid: number, threshold: number | null): number {
  return threshold === null ? 0 : Math.max(0, before + paid - Math.max(before, threshold))
}

/**
 * Walks the week in time order. Within an entry the regular minutes come first, then overtime,
 * then double time, so the minutes that cross a threshold are the ones paid more.
 */
function walk(week: readonly Stretch[], rule: OvertimeRule, daily: number | null, weekly: number | null, weekCounts: 'regular' | 'all') {
  const dayWorked = new Map<LocalDate, number>()
  let weekCounted = 0
  return week.map((stretch) => {
    const before = dayWorked.get(stretch.day) ?? 0
    dayWorked.set(stretch.day, before + stretch.paid)
    const double = pastThreshold(before, stretch.paid, rule.doubleTimeDailyThresholdMinutes)
    const dailyOvertime = Math.max(0, pastThreshold(before, stretch.paid, daily) - double)
    const candidates = stretch.paid - double - dailyOvertime
    const regular = weekly === null ? candidates : Math.min(candidates, Math.max(0, weekly - weekCounted))
    weekCounted += weekCounts === 'regular' ? regular : stretch.paid
    const split: HoursSplit = { regularMinutes: regular, overtimeMinutes: dailyOvertime + candidates - regular, doubleTimeMinutes: double }
    return { stretch, split }
  })
}

const premium = (rows: ReturnType<typeof walk>) => rows.reduce((sum, { split }) => sum + split.overtimeMinutes + split.doubleTimeMinutes, 0)

/** Overtime counted by days and by the week, each on every hour worked; the one with more wins, days on a tie. */
function greaterOf(week: readonly Stretch[], rule: OvertimeRule, daily: number | null, weekly: number | null) {
  const byDay = walk(week, rule, daily, null, 'all')
  const byWeek = walk(week, rule, null, weekly, 'all')
  return premium(byWeek) > premium(byDay) ? byWeek : byDay
}

/**
 * Splits one business week's worked entries into regular, overtime and double-time minutes
 * under an overtime rule. Each entry counts toward the local day (in `timeZone`) it starts on,
 * even when it runs past midnight; paid minutes come from the instants, so a night across a
 * clock change is 7 or 9 hours. Minutes are allocated in time order: the ones worked after a
 * threshold is crossed are the overtime ones. The answer follows the order of `entries`.
 * Throws a RangeError for an entry that ends before it starts or a break longer than the entry.
 * @example
 * const bc = overtimeRuleOn({ jurisdiction: 'BC' }, '2026-03-02')
 * splitOvertime([{ id: 'a', start: '2026-03-02T15:00:00Z', end: '2026-03-03T05:00:00Z', breakMinutes: 60 }], 'America/Vancouver', bc)
 * // [{ id: 'a', day: '2026-03-02', paidMinutes: 780, regularMinutes: 480, overtimeMinutes: 240, doubleTimeMinutes: 60 }]
 */
export function splitOvertime(entries: readonly WorkedEntry[], timeZone: string, rule: OvertimeRule): EntryHours[] {
  checkRule(rule)
  const week = stretches(entries, timeZone)
  const { dailyThresholdMinutes: daily, weeklyThresholdMinutes: weekly } = rule
  const rows =
    rule.combine === 'daily-then-weekly' ? walk(week, rule, daily, weekly, 'regular') : greaterOf(week, rule, daily, weekly)
  const result: EntryHours[] = new Array(entries.length)
  for (const { stretch, split } of rows) {
    result[stretch.index] = { id: stretch.id, day: stretch.day, paidMinutes: stretch.paid, ...split }
  }
  return result
}

/**
 * The sum of split minutes, e.g. a week's or a pay period's.
 * @example
 * totalHours([{ regularMinutes: 480, overtimeMinutes: 60, doubleTimeMinutes: 0 },
 *   { regularMinutes: 300, overtimeMinutes: 0, doubleTimeMinutes: 0 }])
 * // { regularMinutes: 780, overtimeMinutes: 60, doubleTimeMinutes: 0 }
 */
export function totalHours(splits: readonly HoursSplit[]): HoursSplit {
  return splits.reduce<HoursSplit>(
    (total, split) => ({
      regularMinutes: total.regularMinutes + split.regularMinutes,
      overtimeMinutes: total.overtimeMinutes + split.overtimeMinutes,
      doubleTimeMinutes: total.doubleTimeMinutes + split.doubleTimeMinutes,
    }),
    { regularMinutes: 0, overtimeMinutes: 0, doubleTimeMinutes: 0 },
  )
}
