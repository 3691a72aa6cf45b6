import type { BulkTimeoffEventsBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'
import { timeoffRequestKey } from './get-request.ts'
import { timeoffKey } from './list-requests.ts'

/**
 * `POST /timeoff_request/events`: approve (with one choice about the people's shifts for all of
 * them) or reject with one reason many requests at once, all or none. A refusal names the
 * request that stopped it (`details.id`, see refusedId); the list says what was done and what was
 * refused itself, so the call is silent. What is read again is what a single decision reads again.
 * @example
 * await useSendTimeoffEvents().mutateAsync({ type: 'timeoff.reject', ids, reason: 'Short-staffed that week' })
 */
export function useSendTimeoffEvents() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.input<typeof BulkTimeoffEventsBody>) => api.timeoffRequestEvents({ body }, { silent: true }),
    onSuccess: async ({ requests }, body) => {
      for (const request of requests) queryClient.setQueryData(timeoffRequestKey(request.id), request)
      await queryClient.invalidateQueries({ queryKey: timeoffKey })
      if (body.type === 'timeoff.approve' && body.unassign_shifts) await queryClient.invalidateQueries({ queryKey: ['shifts'] }) // the schedule's cached shifts (and who is away)
    },
  })
}
