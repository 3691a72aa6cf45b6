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

/** Whether an entry is a request nobody has decided yet: shown as asked, and blocking nothing. */
export const isAsked = (entry: Pick<TimeoffCalendarEntry, 'status'>) => entry.status === 'pending'

/**
 * Whether approved time off takes the whole day (a day or more), so that nothing can be
 * dropped there. A request not yet decided blocks nothing: the server accepts a shift then.
 */
export const wholeDay = (entries: readonly TimeoffCalendarEntry[]) => entries.some((entry) => entry.period === 'days' && !isAsked(entry))

/**
 * The hours of a day that part-day time off takes, on the business's clock; null for whole
 * days. A half day runs from midnight to noon or from noon to the end of the day, written
 * 24:00 (half days block the schedule until midnight, decision 022).
 * @example
 * partOfDay({ period: 'half_day', half: 'afternoon', start_time: null, end_time: null }) // { from: '12:00', to: '24:00' }
 */
export function partOfDay(entry: Pick<TimeoffCalendarEntry, 'period' | 'half' | 'start_time' | 'end_time'>): { from: string; to: string } | null {
  if (entry.period === 'days') return null
  const from = entry.start_time ?? (entry.half === 'afternoon' ? '12:00' : '00:00')
  const to = entry.end_time ?? (entry.half === 'morning' ? '12:00' : '24:00')
  return { from, to: to === '00:00' ? '24:00' : to }
}
