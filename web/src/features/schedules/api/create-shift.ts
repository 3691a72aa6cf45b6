import type { CreateShiftBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'
import { shiftsKey } from './list-shifts.ts'

export type NewShift = z.input<typeof CreateShiftBody>

/**
 * `POST /schedule`: a draft shift, or one per occurrence of its repeat rule; refused (422
 * `shift_overlap`, `shift_time_off`) when the person would be in two places, answered with
 * the warnings otherwise. Retried safely: the idempotency key makes a second try replay the first.
 * @example
 * const [created] = await useCreateShift().mutateAsync({ body })
 */
export function useCreateShift() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ body, quiet = false }: { body: NewShift; quiet?: boolean }) => api.createShift({ body }, { silent: quiet ? true : 'errors', idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shiftsKey }),
  })
}
