import type { UpdateAvailabilityBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'
import { availabilityKey } from './get-availability.ts'

/**
 * `PUT /availability/{user_id}`: a person's availability replaced as a whole, with the version
 * read (a stale one: 409).
 * @example
 * await useUpdateAvailability(user.id).mutateAsync({ windows, exceptions, version })
 */
export function useUpdateAvailability(userId: string) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.input<typeof UpdateAvailabilityBody>) => api.updateAvailability({ params: { user_id: userId }, body }, { silent: 'errors' }),
    onSuccess: (saved) => queryClient.setQueryData([...availabilityKey, userId], saved),
  })
}
