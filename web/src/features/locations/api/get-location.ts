import type { Location, LocationRate } from '@rota/core'
import { useQueryClient } from '@tanstack/react-query'
import { useRecord } from '../../../lib/record-query.ts'
import { useApi } from '../../../lib/services.tsx'
import { locationsKey } from './list-locations.ts'

/** A client as its panel knows it: with its own rates once read (`GET /location/{id}`), without them while shown from a list page. */
export type ClientRecord = Location & { rates?: LocationRate[] }

/** The cache key of one client. Apart from the lists', so deleting a client does not read it again while its panel closes. */
export const locationKey = (id: string) => ['location', id] as const

/**
 * `GET /location/{id}`: the client open in its panel, shown at once from the list.
 * @example
 * const location = useLocationRecord(record.id)
 */
export function useLocationRecord(id: string) {
  const api = useApi()
  return useRecord<ClientRecord>({
    queryKey: locationKey(id),
    listKey: [...locationsKey, 'list'],
    id,
    fetch: (signal) => api.getLocation({ params: { id } }, { silent: true, signal }),
  })
}

/**
 * The client as saved now, to reload a form that met someone else's change; the panel's
 * header follows.
 * @example
 * setCurrent(await reloadLocation(location.id))
 */
export function useReloadLocation() {
  const api = useApi()
  const queryClient = useQueryClient()
  return (id: string) => queryClient.fetchQuery({ queryKey: locationKey(id), queryFn: () => api.getLocation({ params: { id } }, { silent: true }), staleTime: 0 })
}
