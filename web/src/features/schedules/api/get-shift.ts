import type { Shift } from '@rota/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { shiftsKey } from './list-shifts.ts'

/** The cache key of one shift, under the shifts' own so that any change to shifts reads it again. */
export const shiftKey = (id: string | null) => [...shiftsKey, 'one', id] as const

/**
 * `GET /schedule/{id}`: one shift with its conflicts, requests and allowed events, for its
 * panel and for the link a notification opens (`/schedules?id=…`). Shown at once from a week
 * already loaded, then read again; a shift the viewer may not see answers 404, shown rather
 * than thrown.
 * @example
 * const shift = useShiftRecord(place.id)
 */
export function useShiftRecord(id: string | null) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: shiftKey(id),
    queryFn: ({ signal }) => api.getShift({ params: { id: id! } }, { silent: true, signal }),
    enabled: id !== null,
    retry: false,
    initialData: () => queryClient.getQueriesData<Shift[]>({ queryKey: [...shiftsKey, 'range'] }).flatMap(([, shifts]) => shifts ?? []).find((shift) => shift.id === id),
    initialDataUpdatedAt: 0,
  })
}
