import type { WeekStart } from '../contract/account.ts'
import { addLocalDays, localWeekday, type LocalDate } from './local-date.ts'
import { instantAt, localDateOf, type Instant, type InstantRange } from './time.ts'

/** A run of whole local days, with the instants it spans `[from, to)`. */
export interface LocalDateSpan extends InstantRange {
  firstDay: LocalDate
  /** The last day, included. */
  lastDay: LocalDate
}

/** A business week: seven local days from the business's week start. */
export interface BusinessWeek extends LocalDateSpan {
  /** The seven local dates in order, `firstDay` to `lastDay`. */
  dates: LocalDate[]
}

/**
 * The week start a business uses: Monday when its language is French (DESIGN.md §9: weeks start on
 * Monday in French, as in France and Quebec), otherwise the day chosen in its settings. Pass the
 * business's language, not the reader's, so a payroll week does not move with who looks at it.
 * @example
 * weekStartFor('fr', 0)    // 1
 * weekStartFor('fr-CA', 0) // 1
 * weekStartFor('en', 0)    // 0
 */
export function weekStartFor(locale: string, setting: WeekStart): WeekStart {
  return locale.toLowerCase().split(/[-_]/)[0] === 'fr' ? 1 : setting
}

/**
 * The span of whole local days from `firstDay` to `lastDay` (included) in a time zone.
 * @example
 * localDateSpan('2026-03-01', '2026-03-15', 'America/Toronto').to.toISOString() // '2026-03-16T04:00:00.000Z'
 */
export function localDateSpan(firstDay: LocalDate, lastDay: LocalDate, timeZone: string): LocalDateSpan {
  return {
    firstDay,
    lastDay,
    from: instantAt(firstDay, '00:00', timeZone),
    to: instantAt(addLocalDays(lastDay, 1), '00:00', timeZone),
  }
}

/**
 * The first day of the week that contains a local date.
 * @example
 * firstDayOfWeek('2026-03-08', 1) // '2026-03-02' (Monday)
 * firstDayOfWeek('2026-03-08', 0) // '2026-03-08' (that Sunday itself)
 */
export function firstDayOfWeek(date: LocalDate, weekStart: WeekStart): LocalDate {
  return addLocalDays(date, -((localWeekday(date) - weekStart + 7) % 7))
}

/**
 * The business week containing a local date. A week with a clock change lasts 167 or 169 hours.
 * @example
 * const week = businessWeek('2026-03-08', 'America/Toronto', 1)
 * week.firstDay // '2026-03-02' (Monday)
 * week.lastDay  // '2026-03-08' (Sunday)
 * week.from.toISOString() // '2026-03-02T05:00:00.000Z'
 * week.to.toISOString()   // '2026-03-09T04:00:00.000Z'
 */
export function businessWeek(date: LocalDate, timeZone: string, weekStart: WeekStart): BusinessWeek {
  const firstDay = firstDayOfWeek(date, weekStart)
  const dates = Array.from({ length: 7 }, (_, index) => addLocalDays(firstDay, index))
  return { ...localDateSpan(firstDay, dates[6] as LocalDate, timeZone), dates }
}

/**
 * The business week containing an instant, on the calendar of the business's time zone.
 * @example
 * businessWeekAt('2026-03-09T03:30:00Z', 'America/Toronto', 1).firstDay // '2026-03-02' (still Sunday evening)
 */
export function businessWeekAt(instant: Instant, timeZone: string, weekStart: WeekStart): BusinessWeek {
  return businessWeek(localDateOf(instant, timeZone), timeZone, weekStart)
}
