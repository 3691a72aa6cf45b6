import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { useStepDone } from '../../../lib/setup-progress.ts'
import { shiftsKey } from './list-shifts.ts'

/**
 * `POST /schedule/events` with `shift.publish`: a week's new and changed shifts published at
 * once, all or none, each person affected told once. Publishing counts as the setup guide's
 * "schedules" step.
 * @example
 * const { notified } = await usePublishShifts().mutateAsync(plan.ids)
 */
export function usePublishShifts() {
  const api = useApi()
  const queryClient = useQueryClient()
  const stepDone = useStepDone()
  return useMutation({
    mutationFn: (ids: string[]) => api.shiftEvents({ body: { type: 'shift.publish', ids } }, { silent: 'errors' }),
    onSuccess: () => {
      stepDone('schedules')
      return queryClient.invalidateQueries({ queryKey: shiftsKey })
    },
  })
}
