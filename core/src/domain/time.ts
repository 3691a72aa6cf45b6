import { tzOffset } from '@date-fns/tz'
import { differenceInMinutes } from 'date-fns'
import { addLocalDays, isLocalDate, localDateParts, localTimeParts, type LocalDate, type LocalTime } from './local-date.ts'

/**
 * A moment in time: a `Date`, or an ISO 8601 timestamp with its offset (`Z` or `±hh:mm`), as
 * the API and the database write them. A timestamp without an offset is refused rather than
 * read in whatever zone the device happens to be in.
 */
export type Instant = Date | string

/** A half-open span of time `[from, to)`. */
export interface InstantRange {
  from: Date
  to: Date
}

const timestampPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i
const knownTimeZones = new Set<string>()
const dayMs = 24 * 60 * 60 * 1000

/**
 * Whether the runtime knows an IANA time-zone name.
 * @example
 * isTimeZone('America/Toronto') // true
 * isTimeZone('Canada/Nowhere')  // false
 */
export function isTimeZone(value: string): boolean {
  if (knownTimeZones.has(value)) return true
  try {
    new Intl.DateTimeFormat('en', { timeZone: value })
  } catch {
    return false
  }
  knownTimeZones.add(value)
  return true
}

function checkTimeZone(timeZone: string): void {
  if (!isTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${JSON.stringify(timeZone)}`)
}

/** Offsets are remembered per zone and quarter hour: a schedule reads thousands of instants in the same few weeks. */
const QUARTER_HOUR = 15 * 60_000
const MIXED = Number.NaN
const offsets = new Map<string, Map<number, number>>()

/**
 * A zone's offset from UTC in minutes at an instant (what `tzOffset` answers), remembered for
 * the quarter hour around it when the offset holds through the whole quarter hour (a change
 * inside one is looked up every time).
 */
function offsetAt(timeZone: string, ms: number): number {
  let zone = offsets.get(timeZone)
  if (!zone) offsets.set(timeZone, (zone = new Map()))
  const bucket = Math.floor(ms / QUARTER_HOUR)
  let known = zone.get(bucket)
  if (known === undefined) {
    const start = tzOffset(timeZone, new Date(bucket * QUARTER_HOUR))
    const end = tzOffset(timeZone, new Date(bucket * QUARTER_HOUR + QUARTER_HOUR - 1))
    known = start === end ? start : MIXED
    if (zone.size > 200_000) zone.clear()
    zone.set(bucket, known)
  }
  return Number.isNaN(known) ? tzOffset(timeZone, new Date(ms)) : known
}

/** The wall clock an instant shows in a zone, as a date whose UTC fields are that wall clock. */
function wallClock(instant: Instant, timeZone: string): Date {
  const ms = toInstant(instant).getTime()
  return new Date(ms + offsetAt(timeZone, ms) * 60_000)
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/**
 * An instant as a `Date`; throws a RangeError for an invalid date or a timestamp without offset.
 * @example
 * toInstant('2026-03-08T07:00:00Z').getTime() // 1772953200000
 */
export function toInstant(value: Instant): Date {
  // JavaScript reads 2026-02-30 as 2 March; a timestamp naming a day that does not exist is refused instead.
  if (typeof value === 'string' && !(timestampPattern.test(value) && isLocalDate(value.slice(0, 10)))) {
    throw new RangeError(`Not a timestamp with an offset: ${JSON.stringify(value)}`)
  }
  const date = new Date(typeof value === 'string' ? value : value.getTime())
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a valid instant: ${String(value)}`)
  return date
}

/**
 * The calendar date an instant falls on in a time zone.
 * @example
 * localDateOf('2026-03-08T03:30:00Z', 'America/Toronto') // '2026-03-07' (22:30 the evening before)
 */
export function localDateOf(instant: Instant, timeZone: string): LocalDate {
  checkTimeZone(timeZone)
  const wall = wallClock(instant, timeZone)
  return `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`
}

/**
 * The wall-clock time an instant shows in a time zone.
 * @example
 * localTimeOf('2026-03-08T07:00:00Z', 'America/Toronto') // '03:00' (daylight time has begun)
 */
export function localTimeOf(instant: Instant, timeZone: string): LocalTime {
  checkTimeZone(timeZone)
  const wall = wallClock(instant, timeZone)
  return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`
}

/**
 * The wall-clock hours a stretch of time shows in a time zone, start and end joined by an en
 * dash: how a shift's or a timesheet's hours are written in a message.
 * @example
 * localHoursOf('2026-03-09T13:00:00Z', '2026-03-09T21:30:00Z', 'America/Toronto') // '09:00–17:30'
 */
export function localHoursOf(start: Instant, end: Instant, timeZone: string): string {
  return `${localTimeOf(start, timeZone)}–${localTimeOf(end, timeZone)}`
}

/**
 * The instant a local date and wall-clock time name in a time zone. Two cases have no single
 * answer, and are settled as calendars and Temporal's default do:
 * - in a spring-forward gap (02:30 on 2026-03-08 in Toronto never shows on a clock) the time is
 *   moved forward by the length of the gap (03:30 EDT);
 * - in a fall-back overlap (01:30 on 2026-11-01 in Toronto shows twice) the earlier of the two
 *   occurrences is taken (01:30 EDT, not EST).
 * @example
 * instantAt('2026-03-08', '02:30', 'America/Toronto').toISOString() // '2026-03-08T07:30:00.000Z'
 * instantAt('2026-11-01', '01:30', 'America/Toronto').toISOString() // '2026-11-01T05:30:00.000Z'
 */
export function instantAt(date: LocalDate, time: LocalTime, timeZone: string): Date {
  checkTimeZone(timeZone)
  const { year, month, day } = localDateParts(date)
  const { hours, minutes } = localTimeParts(time)
  const wall = Date.UTC(year, month - 1, day, hours, minutes)
  // The zone's offsets a day either side of the wall time are the only ones it can mean.
  const offsetBefore = offsetAt(timeZone, wall - dayMs)
  const offsetAfter = offsetAt(timeZone, wall + dayMs)
  const shows = (candidate: Date) => localDateOf(candidate, timeZone) === date && localTimeOf(candidate, timeZone) === time
  const readBefore = new Date(wall - offsetBefore * 60_000)
  const readAfter = new Date(wall - offsetAfter * 60_000)
  const [first, second] = readBefore <= readAfter ? [readBefore, readAfter] : [readAfter, readBefore]
  if (shows(first)) return first
  if (shows(second)) return second
  // A gap: read with the offset in force before it, the time lands as far past the change as asked.
  return readBefore
}

/**
 * A local calendar day as instants `[from, to)`: from its first moment to the next day's, so a
 * day when the clocks change lasts 23 or 25 hours.
 * @example
 * const { from, to } = localDay('2026-03-08', 'America/Toronto')
 * minutesBetween(from, to) // 1380 (23 hours)
 */
export function localDay(date: LocalDate, timeZone: string): InstantRange {
  return { from: instantAt(date, '00:00', timeZone), to: instantAt(addLocalDays(date, 1), '00:00', timeZone) }
}

/**
 * Whole minutes from one instant to another, seconds dropped (toward zero); negative when `to`
 * is earlier.
 * @example
 * minutesBetween('2026-01-05T14:00:00Z', '2026-01-05T22:30:59Z') // 510
 */
export function minutesBetween(from: Instant, to: Instant): number {
  return differenceInMinutes(toInstant(to), toInstant(from))
}

/** A scheduled shift placed in time. */
export interface ShiftRange extends InstantRange {
  /** The local date the shift ends on: the next day when it crosses midnight. */
  endDate: LocalDate
  /** Its length in minutes, from the instants: a night across a clock change is an hour shorter or longer. */
  minutes: number
}

/**
 * Whether a wall-clock time shows on a local date's clocks in a time zone: false inside a
 * spring-forward gap, where {@link instantAt} would move it on.
 * @example
 * localTimeExists('2026-03-08', '02:30', 'America/Toronto') // false (the clocks go from 02:00 to 03:00)
 * localTimeExists('2026-03-08', '03:00', 'America/Toronto') // true
 */
export function localTimeExists(date: LocalDate, time: LocalTime, timeZone: string): boolean {
  const instant = instantAt(date, time, timeZone)
  return localTimeOf(instant, timeZone) === time && localDateOf(instant, timeZone) === date
}

/**
 * A shift written as a local date with start and end times. An end at or before the start is
 * on the next day (22:00–06:00 is a night shift; 09:00–09:00 lasts a whole day). A shift that
 * lies wholly inside a spring-forward gap lasts 0 minutes.
 * @example
 * shiftRange('2026-11-01', '22:00', '06:00', 'America/Toronto').minutes // 480
 * shiftRange('2026-10-31', '22:00', '06:00', 'America/Toronto').minutes // 540 (clocks fall back)
 */
export function shiftRange(date: LocalDate, start: LocalTime, end: LocalTime, timeZone: string): ShiftRange {
  const endDate = end <= start ? addLocalDays(date, 1) : date
  const from = instantAt(date, start, timeZone)
  const to = new Date(Math.max(from.getTime(), instantAt(endDate, end, timeZone).getTime()))
  return { from, to, endDate, minutes: minutesBetween(from, to) }
}
