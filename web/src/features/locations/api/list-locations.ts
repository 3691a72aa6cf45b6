import type { ApiFunctions, LocationQuery } from '@rota/core'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'

/** Every cached answer about clients starts with this key. */
export const locationsKey = ['locations'] as const

export type LocationsRequest = z.input<typeof LocationQuery>

/**
 * `GET /location`: a page of clients, searched (name, city, contact), filtered by status or
 * province, and sorted. The page shown stays while the next one loads.
 * @example
 * queryClient.fetchQuery(locationsQueryOptions(api, { page: 1, page_size: 20 }))
 */
export function locationsQueryOptions(api: ApiFunctions, query: LocationsRequest) {
  return queryOptions({
    queryKey: [...locationsKey, 'list', query],
    queryFn: ({ signal }) => api.listLocations({ query }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  })
}

/**
 * The clients list.
 * @example
 * const locations = useLocations(list.request)
 */
export function useLocations(query: LocationsRequest) {
  const api = useApi()
  return useQuery(locationsQueryOptions(api, query))
}
