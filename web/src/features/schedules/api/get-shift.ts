import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { shiftsKey } from './list-shifts.ts'

/**
 * `GET /schedule/{id}`: one shift with its conflicts, requests and allowed events, for the
 * link a notification opens (`/schedules?id=…`) and for the panel. A shift the viewer may not
 * see answers 404, shown as an error rather than thrown.
 * @example
 * const linked = useShift(searchParams.get('id'))
 */
export function useShift(id: string | null) {
  const api = useApi()
  return useQuery({
    queryKey: [...shiftsKey, 'one', id],
    queryFn: ({ signal }) => api.getShift({ params: { id: id! } }, { silent: true, signal }),
    enabled: id !== null,
    retry: false,
  })
}
