import type { ApiFunctions, TimeoffRequestQuery } from '@rota/core'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'

/** Every cached answer about time off (requests, balances, the calendar) starts with this key. */
export const timeoffKey = ['timeoff'] as const

export type TimeoffRequestsRequest = z.input<typeof TimeoffRequestQuery>

/**
 * `GET /timeoff_request`: a page of the requests the reader may see (their own; everyone's for
 * someone who decides), by scope, status, category and days. The page shown stays while the
 * next one loads.
 * @example
 * queryClient.fetchQuery(timeoffRequestsQueryOptions(api, { page: 1, page_size: 20, filter: { status: 'pending' } }))
 */
export function timeoffRequestsQueryOptions(api: ApiFunctions, query: TimeoffRequestsRequest) {
  return queryOptions({
    queryKey: [...timeoffKey, 'requests', query],
    queryFn: ({ signal }) => api.listTimeoffRequests({ query }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  })
}

/**
 * The time-off requests list.
 * @example
 * const requests = useTimeoffRequestList(list.request)
 */
export function useTimeoffRequestList(query: TimeoffRequestsRequest) {
  const api = useApi()
  return useQuery(timeoffRequestsQueryOptions(api, query))
}
