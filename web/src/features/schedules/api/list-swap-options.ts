import type { SwapOption } from '@rota/core'
import { useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { shiftsKey } from './list-shifts.ts'

/**
 * `GET /schedule/{id}/swap_options`: the colleagues' published shifts of the next six weeks that
 * one's own shift could be exchanged for, read when someone asks to swap (always fresh: the
 * schedule moves).
 * @example
 * const options = await useSwapOptions()(shift.id)
 */
export function useSwapOptions() {
  const api = useApi()
  const queryClient = useQueryClient()
  return (id: string): Promise<SwapOption[]> =>
    queryClient.fetchQuery({ queryKey: [...shiftsKey, 'swap-options', id], queryFn: ({ signal }) => api.shiftSwapOptions({ params: { id } }, { silent: true, signal }), staleTime: 0 })
}
