import type { ChangePasswordBody } from '@rota/core'
import type { z } from 'zod'
import { useMutation } from '@tanstack/react-query'
import { useApi, useServices } from '../../../lib/services.tsx'

/**
 * `POST /auth/change_password`: the other sessions are signed out and this one gets a new
 * token pair, which the session stores so the person stays signed in here.
 * @example
 * await useChangePassword().mutateAsync({ current_password, password })
 */
export function useChangePassword() {
  const api = useApi()
  const { session } = useServices()
  return useMutation({
    mutationFn: (body: z.input<typeof ChangePasswordBody>) => api.changePassword({ body }, { silent: 'errors' }),
    onSuccess: (tokens) => session.send({ type: 'session.refreshed', tokens }),
  })
}
