import type { CreateLocationBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { useStepDone } from '../../../lib/setup-progress.ts'
import { locationsKey } from './list-locations.ts'

/**
 * `POST /location`: a new client (names are unique in a business: 409 otherwise). Counts as
 * the setup guide's "clients" step.
 * @example
 * await useCreateLocation().mutateAsync(values)
 */
export function useCreateLocation() {
  const api = useApi()
  const queryClient = useQueryClient()
  const stepDone = useStepDone()
  return useMutation({
    mutationFn: (body: CreateLocationBody) => api.createLocation({ body }, { silent: 'errors' }),
    onSuccess: () => {
      stepDone('clients')
      return queryClient.invalidateQueries({ queryKey: locationsKey })
    },
  })
}
