import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { shiftsKey } from './list-shifts.ts'

/**
 * `DELETE /schedule/{id}`: a draft gone for good (a published shift is cancelled instead, so
 * its staff hear of it: 422 `shift_not_draft`).
 * @example
 * useDeleteShift().mutate({ id: shift.id })
 */
export function useDeleteShift() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, quiet = false }: { id: string; quiet?: boolean }) => api.deleteShift({ params: { id } }, { silent: quiet ? true : 'errors' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shiftsKey }),
  })
}
