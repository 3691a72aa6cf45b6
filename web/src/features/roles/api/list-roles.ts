import type { ApiFunctions } from '@rota/core'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

/** Every cached answer about roles starts with this key, so one change refreshes them all. */
export const rolesKey = ['roles'] as const

/** A business has a handful of roles: one page holds them all. */
const ALL = { page: 1, page_size: 100 } as const

/**
 * `GET /role`: the roles with their permission entries and how many people hold each.
 * @example
 * queryClient.fetchQuery(rolesQueryOptions(api))
 */
export function rolesQueryOptions(api: ApiFunctions) {
  return queryOptions({
    queryKey: [...rolesKey, 'list'],
    queryFn: ({ signal }) => api.listRoles({ query: ALL }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  })
}

/**
 * The business's roles, for the roles page and for choosing someone's role.
 * @example
 * const roles = useRoles()
 * roles.data?.rows.map((role) => role.name)
 */
export function useRoles({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApi()
  return useQuery({ ...rolesQueryOptions(api), enabled })
}
