import type { CreateRoleBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { useStepDone } from '../../../lib/setup-progress.ts'
import { rolesKey } from './list-roles.ts'

/**
 * `POST /role`: a new role, with no rights until its matrix is saved. Counts as the setup
 * guide's "roles" step.
 * @example
 * const role = await useCreateRole().mutateAsync({ name: 'Dispatcher' })
 */
export function useCreateRole() {
  const api = useApi()
  const queryClient = useQueryClient()
  const stepDone = useStepDone()
  return useMutation({
    mutationFn: (body: CreateRoleBody) => api.createRole({ body }, { silent: 'errors' }),
    onSuccess: async () => {
      stepDone('roles')
      await queryClient.invalidateQueries({ queryKey: rolesKey })
    },
  })
}
