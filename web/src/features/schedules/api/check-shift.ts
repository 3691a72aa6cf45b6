import type { CheckShiftBody } from '@rota/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'
import { shiftsKey } from './list-shifts.ts'

export type ShiftCheck = z.input<typeof CheckShiftBody>

/**
 * `POST /schedule/check`: what a shift being written would conflict with and cost, before it
 * is saved; asked again whenever the form's values settle (null: nothing complete to ask about).
 * The last answer stays on screen while the next is on its way.
 * @example
 * const check = useShiftCheck(complete ? body : null)
 */
export function useShiftCheck(body: ShiftCheck | null) {
  const api = useApi()
  return useQuery({
    queryKey: [...shiftsKey, 'check', body],
    queryFn: ({ signal }) => api.checkShift({ body: body! }, { silent: true, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  })
}
