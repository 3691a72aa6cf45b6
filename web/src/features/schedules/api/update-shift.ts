import type { UpdateShiftBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'
import { shiftsKey } from './list-shifts.ts'

export type ShiftChanges = z.input<typeof UpdateShiftBody>

/**
 * `PUT /schedule/{id}`: a shift moved or changed, with the version read (a stale one: 409);
 * `scope: 'following'` changes the later shifts of its series too. A published shift keeps its
 * status and is announced again by the next publish.
 * @example
 * await useUpdateShift().mutateAsync({ id: shift.id, body: { date: '2026-03-10', version: shift.version } })
 */
export function useUpdateShift() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    // A move on the board says so itself, with its undo; the panel's save lets the server's notice show.
    mutationFn: ({ id, body, quiet = false }: { id: string; body: ShiftChanges; quiet?: boolean }) => api.updateShift({ params: { id }, body }, { silent: quiet ? true : 'errors' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shiftsKey }),
  })
}
