import type { LocalDate, TimeoffCalendarEntry } from '@rota/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { shiftsKey } from './list-shifts.ts'

/**
 * `GET /timeoff_calendar`: who is away on the board's days (approved time off), for the
 * band on their row. Kept under the shifts' key, so whatever refreshes the board (a time-off
 * approval that opened shifts) refreshes it too. Asked only by those who may read time off.
 * @example
 * const away = useAway({ from: week.firstDay, to: week.lastDay }, canReadTimeOff)
 */
export function useAway(range: { from: LocalDate; to: LocalDate }, enabled: boolean) {
  const api = useApi()
  return useQuery({
    queryKey: [...shiftsKey, 'away', range.from, range.to],
    queryFn: ({ signal }): Promise<TimeoffCalendarEntry[]> => api.getTimeoffCalendar({ query: range }, { silent: true, signal }),
    placeholderData: keepPreviousData,
    enabled,
  })
}
