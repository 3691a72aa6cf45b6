import type { ApiFunctions, LocalDate, TimeoffCalendarEntry } from '@rota/core'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { FRESH_MS, shiftsKey } from './list-shifts.ts'

/**
 * `GET /timeoff_calendar`: who is away on the board's days, for the band on their row:
 * everyone's approved time off, and the requests not yet decided that the viewer may see
 * (everyone's for someone who decides, else their own), each with its `status`. Kept under
 * the shifts' key, so whatever refreshes the board (a time-off approval that opened shifts)
 * refreshes it too.
 * @example
 * queryClient.prefetchQuery(awayQueryOptions(api, { from: week.firstDay, to: week.lastDay }))
 */
export function awayQueryOptions(api: ApiFunctions, range: { from: LocalDate; to: LocalDate }) {
  return queryOptions({
    queryKey: [...shiftsKey, 'away', range.from, range.to],
    queryFn: ({ signal }): Promise<TimeoffCalendarEntry[]> => api.getTimeoffCalendar({ query: range }, { silent: true, signal }),
    placeholderData: keepPreviousData,
    staleTime: FRESH_MS,
  })
}

/**
 * Who is away, asked only by those who may read time off (`enabled`).
 * @example
 * const away = useAway({ from: week.firstDay, to: week.lastDay }, canReadTimeOff)
 */
export function useAway(range: { from: LocalDate; to: LocalDate }, enabled: boolean) {
  const api = useApi()
  return useQuery({ ...awayQueryOptions(api, range), enabled })
}
