import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { timeoffKey } from './list-requests.ts'

/**
 * `GET /timeoff_calendar`: who is away between two days (a month view's six weeks at most).
 * The month shown stays while the next one loads.
 * @example
 * const away = useTimeoffCalendar({ from: '2027-02-28', to: '2027-04-10' })
 */
export function useTimeoffCalendar(query: { from: string; to: string }) {
  const api = useApi()
  return useQuery({
    queryKey: [...timeoffKey, 'calendar', query],
    queryFn: ({ signal }) => api.getTimeoffCalendar({ query }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  })
}
