import type { TimeoffEventBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'
import { timeoffRequestKey } from './get-request.ts'
import { timeoffKey } from './list-requests.ts'

/**
 * `POST /timeoff_request/{id}/events`: approve (optionally opening the person's shifts),
 * reject with a reason, cancel, or decide a cancellation, with the version read. Shifts an
 * approval opened change the schedule too, so its cached answers are read again.
 * @example
 * await useSendTimeoffEvent().mutateAsync({ id, body: { type: 'timeoff.approve', version, unassign_shifts: true } })
 */
export function useSendTimeoffEvent() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof TimeoffEventBody> }) => api.timeoffRequestEvent({ params: { id }, body }, { silent: 'errors' }),
    onSuccess: async (request, { body }) => {
      queryClient.setQueryData(timeoffRequestKey(request.id), request)
      await queryClient.invalidateQueries({ queryKey: timeoffKey })
      if (body.type === 'timeoff.approve' && body.unassign_shifts) await queryClient.invalidateQueries({ queryKey: ['shifts'] }) // the schedule's cached shifts (and who is away)
    },
  })
}
