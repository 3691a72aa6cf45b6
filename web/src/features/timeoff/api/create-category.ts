import type { CreateTimeoffCategoryBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'
import { timeoffKey } from './list-requests.ts'

/**
 * `POST /timeoff_category`: a new kind of time off (names are unique in a business: 409 otherwise).
 * @example
 * await useCreateTimeoffCategory().mutateAsync(values)
 */
export function useCreateTimeoffCategory() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.input<typeof CreateTimeoffCategoryBody>) => api.createTimeoffCategory({ body }, { silent: 'errors' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeoffKey }),
  })
}
