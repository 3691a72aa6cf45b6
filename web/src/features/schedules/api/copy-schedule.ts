import type { CopyScheduleBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'
import { shiftsKey } from './list-shifts.ts'

/**
 * `POST /schedule/copy`: a week's shifts copied to another as drafts; what would clash is
 * skipped and reported (`skipped`: the shift, its day, its person and why). The answer comes
 * once the shifts shown have been read again, so the copies are on the board by then.
 * @example
 * const report = await useCopySchedule().mutateAsync({ from: lastWeek.firstDay, to: week.firstDay })
 */
export function useCopySchedule() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.input<typeof CopyScheduleBody>) => api.copySchedule({ body }, { silent: 'errors' }),
    // Returned, so that the mutation waits for the board to be read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shiftsKey }),
  })
}
