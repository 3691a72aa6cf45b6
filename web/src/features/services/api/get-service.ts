import type { Service } from '@rota/core'
import { useQueryClient } from '@tanstack/react-query'
import { useRecord } from '../../../lib/record-query.ts'
import { useApi } from '../../../lib/services.tsx'
import { servicesKey } from './list-services.ts'

/** The cache key of one service. Apart from the lists', so deleting a service does not read it again while its panel closes. */
export const serviceKey = (id: string) => ['service', id] as const

/**
 * `GET /service/{id}`: the service open in its panel, shown at once from the list.
 * @example
 * const service = useServiceRecord(record.id)
 */
export function useServiceRecord(id: string) {
  const api = useApi()
  return useRecord<Service>({
    queryKey: serviceKey(id),
    listKey: [...servicesKey, 'list'],
    id,
    fetch: (signal) => api.getService({ params: { id } }, { silent: true, signal }),
  })
}

/**
 * The service as saved now, to reload a form that met someone else's change; the panel's
 * header follows.
 * @example
 * setCurrent(await reloadService(service.id))
 */
export function useReloadService() {
  const api = useApi()
  const queryClient = useQueryClient()
  return (id: string) => queryClient.fetchQuery({ queryKey: serviceKey(id), queryFn: () => api.getService({ params: { id } }, { silent: true }), staleTime: 0 })
}
