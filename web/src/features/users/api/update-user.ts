import type { UpdateUserBody, User } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { usersKey } from './list-users.ts'

/**
 * `PUT /user/{id}`: the fields that changed, with the version read (a stale one is refused
 * with 409). Disabling someone signs them out everywhere. Their history is read again, so
 * the change shows under the form.
 * @example
 * useUpdateUser().mutateAsync({ id: user.id, body: { status: 'disabled', version: user.version } })
 */
export function useUpdateUser({ silent = false }: { silent?: boolean } = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUserBody }) => api.updateUser({ params: { id }, body }, { silent: silent || 'errors' }),
    onSuccess: async (user: User) => {
      queryClient.setQueryData([...usersKey, 'one', user.id], user)
      void queryClient.invalidateQueries({ queryKey: ['history', 'userHistory', user.id] })
      await queryClient.invalidateQueries({ queryKey: [...usersKey, 'list'] })
    },
  })
}
