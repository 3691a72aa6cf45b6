
/**
 * A calendar date with no time zone, `YYYY-MM-DD`: a business day, a pay-period bound, an
 * invoice date. Two local dates compare correctly as text (`'2026-03-08' < '2026-03-09'`).
 */
export type LocalDate = string

/** A wall-clock time `HH:mm` from `00:00` to `23:59`, as a schedule shows it. */
export type LocalTime = string

const localDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/
const localTimePattern = /^([01]\d|2[0-3]):([0-5]\d)$/

/**
 * Whether a text is a real calendar date written `YYYY-MM-DD` (so `2026-02-30` is not).
 * @example
 * isLocalDate('2028-02-29') // true
 * isLocalDate('2026-02-29') // false
 */
export function isLocalDate(value: string): boolean {
  const match = localDatePattern.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/**
 * The days Rota reads at all: a date outside them is refused before any arithmetic, whose
 * day after 9999-12-31 cannot be written `YYYY-MM-DD`. Records keep narrower bounds of
 * their own (an invoice from 2008, when Rota's tax table starts).
 */
export const EARLIEST_DATE = '1900-01-01'
export const LATEST_DATE = '2199-12-31'

/**
 * Whether a date (`YYYY-MM-DD`, already known to be one) is within {@link EARLIEST_DATE} and {@link LATEST_DATE}.
 * @example
 * isReadableDate('9999-12-31') // false
 */
export function isReadableDate(date: string): boolean {
  return date >= EARLIEST_DATE && date <= LATEST_DATE
}

/**
 * Whether a text is a wall-clock time written `HH:mm` (24-hour, `00:00`–`23:59`).
 * @example
 * isLocalTime('07:30') // true
 * isLocalTime('24:00') // false
 */
export function isLocalTime(value: string): boolean {
  return localTimePattern.test(value)
}

const DAY_MS = 86_400_000

/**
 * The date as its midnight in UTC, in milliseconds: calendar arithmetic there has no
 * daylight-saving jumps, and plain numbers keep a board of thousands of shifts fast.
 */
function calendarDay(date: LocalDate): number {
  const match = localDatePattern.exec(date)
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN
  // Date.UTC rolls 2026-02-30 over to 2 March: a date that does not round-trip does not exist.
  if (Number.isNaN(ms) || ymd(ms) !== date) throw new RangeError(`Not a date (YYYY-MM-DD): ${JSON.stringify(date)}`)
  return ms
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** A UTC midnight as `YYYY-MM-DD`. */
function ymd(ms: number): LocalDate {
  const date = new Date(ms)
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

/**
 * Year, month (1–12) and day of a local date. Throws a RangeError for anything else.
 * @example
 * localDateParts('2026-03-08') // { year: 2026, month: 3, day: 8 }
 */
export function localDateParts(date: LocalDate): { year: number; month: number; day: number } {
  const day = new Date(calendarDay(date))
  return { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() }
}

/**
 * Hours and minutes of a local time. Throws a RangeError for anything else.
 * @example
 * localTimeParts('07:30') // { hours: 7, minutes: 30 }
 */
export function localTimeParts(time: LocalTime): { hours: number; minutes: number } {
  if (!isLocalTime(time)) throw new RangeError(`Not a time (HH:mm): ${JSON.stringify(time)}`)
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return { hours, minutes }
}

/**
 * The local date a number of calendar days later (or earlier, when negative).
 * @example
 * addLocalDays('2026-02-27', 2) // '2026-03-01'
 * addLocalDays('2026-01-01', -1) // '2025-12-31'
 */
export function addLocalDays(date: LocalDate, days: number): LocalDate {
  return ymd(calendarDay(date) + days * DAY_MS)
}

/**
 * Calendar days from one local date to another: positive when `to` is later.
 * @example
 * localDaysBetween('2026-03-01', '2026-03-15') // 14
 */
export function localDaysBetween(from: LocalDate, to: LocalDate): number {
  return Math.round((calendarDay(to) - calendarDay(from)) / DAY_MS)
}

/**
 * Day of the week of a local date: 0 Sunday to 6 Saturday.
 * @example
 * localWeekday('2026-03-08') // 0 (a Sunday)
 */
export function localWeekday(date: LocalDate): number {
  return new Date(calendarDay(date)).getUTCDay()
}

/**
 * The last day of the month a local date is in.
 * @example
 * lastDayOfLocalMonth('2028-02-10') // '2028-02-29'
 */
export function lastDayOfLocalMonth(date: LocalDate): LocalDate {
  const day = new Date(calendarDay(date))
  return ymd(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0))
}
