import type { UpdateEmailBody } from '@rota/core'
import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'

/**
 * `PUT /auth/update_email`: a confirmation link goes to the new address; the address
 * changes when it is opened.
 * @example
 * await useUpdateEmail().mutateAsync({ email: 'ana@new.test', password })
 */
export function useUpdateEmail() {
  const api = useApi()
  return useMutation({
    mutationFn: (body: z.input<typeof UpdateEmailBody>) => api.updateEmail({ body }, { silent: 'errors' }),
  })
}
