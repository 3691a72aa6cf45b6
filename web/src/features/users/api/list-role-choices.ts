import type { ApiFunctions } from '@rota/core'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

/**
 * `GET /user/role_choices`: the roles the signed-in user may give someone they invite
 * (administrator roles only to administrators). Needs the right to invite, not to read roles.
 * @example
 * queryClient.fetchQuery(roleChoicesQueryOptions(api))
 */
export function roleChoicesQueryOptions(api: ApiFunctions) {
  return queryOptions({
    queryKey: ['roles', 'choices'],
    queryFn: ({ signal }) => api.listRoleChoices({}, { silent: true, signal }),
  })
}

/**
 * The invite form's role picker.
 * @example
 * const roles = useRoleChoices()
 * roles.data?.map((role) => role.name)
 */
export function useRoleChoices() {
  const api = useApi()
  return useQuery(roleChoicesQueryOptions(api))
}
