import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { usersKey } from './list-users.ts'

/**
 * `DELETE /user/{id}`: removes a team member. The server refuses yourself and the last
 * active Super Admin (422), with a message the dialog shows.
 * @example
 * useDeleteUser().mutate(user.id)
 */
export function useDeleteUser() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.deleteUser({ params: { id } }, { silent: 'errors' }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: [...usersKey, 'one', id] })
      return queryClient.invalidateQueries({ queryKey: [...usersKey, 'list'] })
    },
  })
}
