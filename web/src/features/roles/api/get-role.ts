import type { ApiFunctions } from '@rota/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { rolesKey } from './list-roles.ts'

/**
 * `GET /role/{id}`: one role with its permission entries. A role that is not there is not
 * asked for again.
 * @example
 * queryClient.fetchQuery(roleQueryOptions(api, id))
 */
export function roleQueryOptions(api: ApiFunctions, id: string) {
  return queryOptions({
    queryKey: [...rolesKey, 'one', id],
    queryFn: ({ signal }) => api.getRole({ params: { id } }, { silent: true, signal }),
    retry: false,
  })
}

/**
 * One role, for its permission matrix.
 * @example
 * const role = useRole(params.role_id)
 */
export function useRole(id: string) {
  const api = useApi()
  return useQuery(roleQueryOptions(api, id))
}
