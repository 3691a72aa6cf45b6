import type { CreateTimeoffRequestBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'
import { timeoffKey } from './list-requests.ts'

/**
 * `POST /timeoff_request`: ask for time off (or record it for someone); refused over the
 * balance or over another request (422), with the server's words.
 * @example
 * await useCreateTimeoffRequest().mutateAsync({ category_id, period: 'days', start_date, end_date })
 */
export function useCreateTimeoffRequest() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.input<typeof CreateTimeoffRequestBody>) => api.createTimeoffRequest({ body }, { silent: 'errors' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeoffKey }),
  })
}
