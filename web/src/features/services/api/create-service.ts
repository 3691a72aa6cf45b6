import type { CreateServiceBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'
import { useStepDone } from '../../../lib/setup-progress.ts'
import { servicesKey } from './list-services.ts'

/**
 * `POST /service`: a new service with its rates (names are unique in a business: 409
 * otherwise). Counts as the setup guide's "services" step.
 * @example
 * await useCreateService().mutateAsync(values)
 */
export function useCreateService() {
  const api = useApi()
  const queryClient = useQueryClient()
  const stepDone = useStepDone()
  return useMutation({
    mutationFn: (body: z.input<typeof CreateServiceBody>) => api.createService({ body }, { silent: 'errors' }),
    onSuccess: () => {
      stepDone('services')
      return queryClient.invalidateQueries({ queryKey: servicesKey })
    },
  })
}
