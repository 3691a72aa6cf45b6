import { addLocalDays, type ClockPosition, type Shift } from '@rota/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { timesheetsKey } from './list-timesheets.ts'

/** The time clock's events on a shift: clocking in, breaks, clocking out. */
export const CLOCK_EVENTS = ['shift.clock_in', 'shift.break_start', 'shift.break_end', 'shift.complete'] as const
export type ClockEvent = (typeof CLOCK_EVENTS)[number]

/** Whether a shift event says where the person is: clocking in and out do, breaks do not. */
export const isPlacedEvent = (type: string): type is 'shift.clock_in' | 'shift.complete' => type === 'shift.clock_in' || type === 'shift.complete'

const myShiftsKey = ['my-shifts'] as const

/**
 * `GET /schedule` for the signed-in person's shifts from yesterday to tomorrow (a night
 * that started yesterday may still be going on): those the time clock offers.
 * @example
 * const shifts = useMyClockShifts(profile.id, '2026-03-09')
 */
export function useMyClockShifts(userId: string, today: string) {
  const api = useApi()
  const query = { from: addLocalDays(today, -1), to: addLocalDays(today, 1), page_size: 100, filter: { staff: userId } }
  return useQuery({
    queryKey: [...myShiftsKey, query],
    queryFn: ({ signal }) => api.listShifts({ query }, { silent: true, signal }),
    refetchInterval: 60_000,
  })
}

/**
 * `POST /schedule/{id}/events` with a clock event and, for clocking in and out, where the
 * browser says the person is (null when they did not share it). The shift comes back.
 * @example
 * await useClockEvent().mutateAsync({ shift, type: 'shift.clock_in', position })
 */
export function useClockEvent() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ shift, type, position }: { shift: Shift; type: ClockEvent; position?: ClockPosition | null }) => {
      return api.shiftEvent({ params: { id: shift.id }, body: { type, version: shift.version, ...(isPlacedEvent(type) ? { position: position ?? null } : {}) } as never }, { silent: 'errors' })
    },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: myShiftsKey }), queryClient.invalidateQueries({ queryKey: timesheetsKey })]),
  })
}
