import type { ApiFunctions, User } from '@rota/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { allPages, LIST_PAGE_MAX } from '../utils/all-pages.ts'

/**
 * `GET /user` page after page: the active team, by name, as the board's rows and the panel's
 * choice of person.
 * @example
 * queryClient.prefetchQuery(teamQueryOptions(api))
 */
export function teamQueryOptions(api: ApiFunctions) {
  return queryOptions({
    queryKey: ['schedules', 'team'],
    queryFn: ({ signal }): Promise<User[]> =>
      allPages((page) => api.listUsers({ query: { page, page_size: LIST_PAGE_MAX, sort: 'name', filter: { status: 'active' } } }, { silent: true, signal })),
    staleTime: 60_000,
  })
}

/**
 * The team, only asked when the viewer may read it (`enabled`); the board then makes do with
 * the people its shifts name.
 * @example
 * const team = useTeam(canReadTeam)
 */
export function useTeam(enabled: boolean) {
  const api = useApi()
  return useQuery({ ...teamQueryOptions(api), enabled })
}
