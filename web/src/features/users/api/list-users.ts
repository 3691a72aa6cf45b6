import type { ApiFunctions, UserQuery } from '@rota/core'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'

/** Every cached answer about team members starts with this key. */
export const usersKey = ['users'] as const

export type UsersRequest = z.input<typeof UserQuery>

/**
 * `GET /user`: a page of team members, searched, filtered by role or status, and sorted.
 * The page shown stays while the next one loads.
 * @example
 * queryClient.fetchQuery(usersQueryOptions(api, { page: 1, page_size: 20 }))
 */
export function usersQueryOptions(api: ApiFunctions, query: UsersRequest) {
  return queryOptions({
    queryKey: [...usersKey, 'list', query],
    queryFn: ({ signal }) => api.listUsers({ query }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  })
}

/**
 * The team members list.
 * @example
 * const users = useUsers(list.request)
 */
export function useUsers(query: UsersRequest) {
  const api = useApi()
  return useQuery(usersQueryOptions(api, query))
}
