import type { Role, UpdateRoleBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi, useServices } from '../../../lib/services.tsx'
import { useStepDone } from '../../../lib/setup-progress.ts'
import { rolesKey } from './list-roles.ts'

/**
 * `PUT /role/{id}`: a new name or permission matrix, with the version read (a stale one is
 * refused with 409). Someone who changed their own role's rights gets their profile read
 * again, so their menu and buttons follow at once.
 * @example
 * useUpdateRole().mutateAsync({ id: role.id, body: { name: 'Dispatch', version: role.version } })
 */
export function useUpdateRole() {
  const api = useApi()
  const { session } = useServices()
  const queryClient = useQueryClient()
  const stepDone = useStepDone()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateRoleBody }) => api.updateRole({ params: { id }, body }, { silent: 'errors' }),
    onSuccess: async (role: Role) => {
      stepDone('roles')
      queryClient.setQueryData([...rolesKey, 'one', role.id], role)
      if (session.getSnapshot().context.user?.role.id === role.id) {
        api.getProfile(undefined, { silent: true }).then((user) => session.send({ type: 'session.user.updated', user }), () => {})
      }
      await queryClient.invalidateQueries({ queryKey: [...rolesKey, 'list'] })
    },
  })
}
