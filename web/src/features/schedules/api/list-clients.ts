import type { ApiFunctions, Location } from '@rota/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { allPages, LIST_PAGE_MAX } from '../utils/all-pages.ts'

/**
 * `GET /location` page after page: the active clients, by name, for the board's rows by client,
 * its filter and the panel's choice of client.
 * @example
 * queryClient.prefetchQuery(clientsQueryOptions(api))
 */
export function clientsQueryOptions(api: ApiFunctions) {
  return queryOptions({
    queryKey: ['schedules', 'clients'],
    queryFn: ({ signal }): Promise<Location[]> =>
      allPages((page) => api.listLocations({ query: { page, page_size: LIST_PAGE_MAX, sort: 'name', filter: { active: 'true' } } }, { silent: true, signal })),
    staleTime: 60_000,
  })
}

/**
 * The clients, only asked when the viewer may read them (`enabled`).
 * @example
 * const clients = useClients(canReadClients)
 */
export function useClients(enabled: boolean) {
  const api = useApi()
  return useQuery({ ...clientsQueryOptions(api), enabled })
}
