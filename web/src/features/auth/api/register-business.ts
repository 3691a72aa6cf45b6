import type { RegisterBusinessBody } from '@rota/core'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi, useServices } from '../../../lib/services.tsx'

/**
 * `POST /business`: creates the business and its owner, whose tokens the session takes
 * at once, so registering signs in.
 * @example
 * const register = useRegisterBusiness()
 * await register.mutateAsync(values)
 */
export function useRegisterBusiness() {
  const api = useApi()
  const { session } = useServices()
  return useMutation({
    mutationFn: (body: z.input<typeof RegisterBusinessBody>) => api.registerBusiness({ body }, { silent: true }),
    onSuccess: (tokens) => session.send({ type: 'session.tokens', tokens }),
  })
}
