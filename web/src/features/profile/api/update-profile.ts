import type { UpdateProfileBody } from '@rota/core'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi, useServices } from '../../../lib/services.tsx'

/**
 * `PUT /profile`: the signed-in user's own fields. The session takes the new profile, so
 * the name and picture in the layout follow at once.
 * @example
 * await useUpdateProfile().mutateAsync({ phone: '613-555-0123', version: user.version })
 */
export function useUpdateProfile() {
  const api = useApi()
  const { session } = useServices()
  return useMutation({
    mutationFn: (body: z.input<typeof UpdateProfileBody>) => api.updateProfile({ body }, { silent: 'errors' }),
    onSuccess: (user) => session.send({ type: 'session.user.updated', user }),
  })
}
