import type { ApiFunctions, Service } from '@rota/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { allPages, LIST_PAGE_MAX } from '../utils/all-pages.ts'

/**
 * `GET /service` page after page: the active services, by name, with their colours, for the
 * board's filter and the panel's choice of service.
 * @example
 * queryClient.prefetchQuery(servicesQueryOptions(api))
 */
export function servicesQueryOptions(api: ApiFunctions) {
  return queryOptions({
    queryKey: ['schedules', 'services'],
    queryFn: ({ signal }): Promise<Service[]> =>
      allPages((page) => api.listServices({ query: { page, page_size: LIST_PAGE_MAX, sort: 'name', filter: { active: 'true' } } }, { silent: true, signal })),
    staleTime: 60_000,
  })
}

/**
 * The services, only asked when the viewer may read them (`enabled`).
 * @example
 * const services = useServiceChoices(canReadServices)
 */
export function useServiceChoices(enabled: boolean) {
  const api = useApi()
  return useQuery({ ...servicesQueryOptions(api), enabled })
}
