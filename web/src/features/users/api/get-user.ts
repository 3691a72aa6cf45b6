import type { ApiFunctions } from '@rota/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { usersKey } from './list-users.ts'

/**
 * `GET /user/{id}`: one team member. Another business's member, or one removed since,
 * answers 404, which is not asked again.
 * @example
 * queryClient.fetchQuery(userQueryOptions(api, id))
 */
export function userQueryOptions(api: ApiFunctions, id: string) {
  return queryOptions({
    queryKey: [...usersKey, 'one', id],
    queryFn: ({ signal }) => api.getUser({ params: { id } }, { silent: true, signal }),
    retry: false,
  })
}

/**
 * One team member, for their edit page.
 * @example
 * const member = useUser(params.id)
 */
export function useUser(id: string) {
  const api = useApi()
  return useQuery(userQueryOptions(api, id))
}
