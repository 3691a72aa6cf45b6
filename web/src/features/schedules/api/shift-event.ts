import type { ShiftEventBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { shiftsKey } from './list-shifts.ts'

/**
 * `POST /schedule/{id}/events`: one shift machine event with the version read — publish,
 * cancel, assign, approve or reject a request (schedulers); request, drop, swap, withdraw
 * (staff). The server runs the machine and refuses (422 `transition_not_allowed`) what it does
 * not allow; the screen only offers the shift's `allowed_events`.
 * @example
 * await useShiftEvent().mutateAsync({ id: shift.id, body: { type: 'shift.publish', version: shift.version } })
 */
export function useShiftEvent() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ShiftEventBody }) => api.shiftEvent({ params: { id }, body }, { silent: 'errors' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shiftsKey }),
  })
}
