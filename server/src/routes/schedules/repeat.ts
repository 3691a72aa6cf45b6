import { addLocalDays, localDateParts, type LocalDate } from '@rota/core'
import rrule from 'rrule'
import { badRequest } from '../../errors.ts'

/** Most occurrences one repeat makes, and how far ahead it may reach: a year. */
export const MAX_OCCURRENCES = 366

/**
 * The days a repeat rule (RFC 5545, daily or weekly) falls on from its first day, on the
 * business's calendar: dates, not instants, so a shift repeated across a clock change
 * keeps its hours. A rule must end (COUNT or UNTIL) within a year.
 * @example
 * occurrences('FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4', '2026-03-09') // ['2026-03-09', '2026-03-11', '2026-03-16', '2026-03-18']
 */
export function occurrences(rule: string, first: LocalDate): LocalDate[] {
  let options
  try {
    options = rrule.RRule.parseString(rule)
  } catch {
    throw badRequest('validation_failed', { 'repeat.rrule': 'Use a daily or weekly repeat rule' })
  }
  if (!options.count && !options.until) throw badRequest('validation_failed', { 'repeat.rrule': 'End the repeat with COUNT or UNTIL' })
  const { year, month, day } = localDateParts(first)
  // Dates only: midnight UTC stands for each day, where no clock ever changes.
  const start = new Date(Date.UTC(year, month - 1, day))
  const last = Date.parse(`${addLocalDays(first, 365)}T00:00:00Z`)
  const dates = new rrule.RRule({ ...options, dtstart: start, tzid: null }).all((date, index) => index < MAX_OCCURRENCES && date.getTime() <= last)
  return dates.map((date) => date.toISOString().slice(0, 10))
}
