import type { LocalDate, TimeoffCalendarEntry } from '@rota/core'

/** Each person's time off by board row (`staff:{id}`) and day. */
export type AwayByRow = ReadonlyMap<string, ReadonlyMap<LocalDate, TimeoffCalendarEntry[]>>

/**
 * Spreads time off over the days shown: a request from Tuesday to Thursday marks those three
 * days of the person's row.
 * @example
 * awayByRow(entries, ['2027-03-08', …]).get('staff:u1')?.get('2027-03-09') // [entry]
 */
export function awayByRow(entries: readonly TimeoffCalendarEntry[], dates: readonly LocalDate[]): AwayByRow {
  const rows = new Map<string, Map<LocalDate, TimeoffCalendarEntry[]>>()
  for (const entry of entries) {
    const key = `staff:${entry.staff.id}`
    const days = rows.get(key) ?? new Map<LocalDate, TimeoffCalendarEntry[]>()
    for (const date of dates) {
      if (date < entry.start_date || date > entry.end_date) continue
      days.set(date, [...(days.get(date) ?? []), entry])
    }
    if (days.size > 0) rows.set(key, days)
  }
  return rows
}

/** Whether time off takes the whole day (a day or more), so that nothing can be dropped there. */
export const wholeDay = (entries: readonly TimeoffCalendarEntry[]) => entries.some((entry) => entry.period === 'days')
