import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { rolesKey } from './list-roles.ts'

/**
 * `DELETE /role/{id}`: only a role nobody holds; otherwise the server says so (409 role_in_use).
 * @example
 * useDeleteRole().mutate(role.id)
 */
export function useDeleteRole() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.deleteRole({ params: { id } }, { silent: 'errors' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesKey }),
  })
}
