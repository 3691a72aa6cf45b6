import { businessWeek, localDateOf, weekStartFor, type BusinessWeek, type Locale, type LocalDate, type Settings } from '@rota/core'

type Clock = Pick<Settings, 'timezone' | 'week_start' | 'locale'>

/**
 * The business week holding a date, in the business's time zone, starting on its day
 * (Monday when it works in French).
 * @example
 * boardWeek('2026-03-11', settings).dates // ['2026-03-08', …, '2026-03-14'] for a Sunday start
 */
export function boardWeek(date: LocalDate, clock: Clock): BusinessWeek {
  return businessWeek(date, clock.timezone, weekStartFor(clock.locale, clock.week_start))
}

/**
 * Today on the business's clock, whatever the device's own time zone.
 * @example
 * todayOn(settings) // '2026-03-09'
 */
export function todayOn(clock: Pick<Settings, 'timezone'>, now: Date = new Date()): LocalDate {
  return localDateOf(now, clock.timezone)
}

/** Each date already written, by language, options and date: a board of 2,800 cards names the same seven days. */
const writtenDates = new Map<string, string>()

/**
 * A business day written for people: `Mon, Mar 9` or `lun. 9 mars`. The date is a calendar
 * date, so it is formatted at noon UTC in UTC, never in the device's zone. Each one is
 * written once (making an `Intl.DateTimeFormat` costs far more than using it).
 * @example
 * formatLocalDate('2026-03-09', 'fr', { weekday: 'long', day: 'numeric', month: 'long' }) // 'lundi 9 mars'
 */
export function formatLocalDate(date: LocalDate, locale: Locale, options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' }): string {
  const key = `${locale}|${JSON.stringify(options)}|${date}`
  let written = writtenDates.get(key)
  if (written === undefined) {
    written = new Intl.DateTimeFormat(`${locale}-CA`, { ...options, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`))
    if (writtenDates.size > 5_000) writtenDates.clear()
    writtenDates.set(key, written)
  }
  return written
}

/**
 * A week written as its first and last days: `Mar 8 – 14, 2026`.
 * @example
 * formatWeek(week, 'en') // 'Mar 8 – 14, 2026'
 */
export function formatWeek(week: Pick<BusinessWeek, 'firstDay' | 'lastDay'>, locale: Locale): string {
  const format = new Intl.DateTimeFormat(`${locale}-CA`, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })
  return format.formatRange(new Date(`${week.firstDay}T12:00:00Z`), new Date(`${week.lastDay}T12:00:00Z`))
}
