import type { ApiFunctions, ServiceQuery } from '@rota/core'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'

/** Every cached answer about services starts with this key. */
export const servicesKey = ['services'] as const

export type ServicesRequest = z.input<typeof ServiceQuery>

/**
 * `GET /service`: a page of services, searched (name, description), filtered by status,
 * and sorted. The page shown stays while the next one loads.
 * @example
 * queryClient.fetchQuery(servicesQueryOptions(api, { page: 1, page_size: 20 }))
 */
export function servicesQueryOptions(api: ApiFunctions, query: ServicesRequest) {
  return queryOptions({
    queryKey: [...servicesKey, 'list', query],
    queryFn: ({ signal }) => api.listServices({ query }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  })
}

/**
 * The services list.
 * @example
 * const services = useServiceList(list.request)
 */
export function useServiceList(query: ServicesRequest) {
  const api = useApi()
  return useQuery(servicesQueryOptions(api, query))
}
