import { useQueryClient } from '@tanstack/react-query'
import { useLiveEvent } from '../../../lib/live-updates.tsx'
import { shiftsKey } from '../api/list-shifts.ts'

/**
 * A notification about schedules (a week published, a request decided, a shift swapped)
 * means the shifts on screen may have changed: they are asked for again.
 * @example
 * useScheduleNews()
 */
export function useScheduleNews(): void {
  const queryClient = useQueryClient()
  useLiveEvent('notification', (data) => {
    try {
      if ((JSON.parse(data) as { model?: string }).model === 'schedules') void queryClient.invalidateQueries({ queryKey: shiftsKey })
    } catch {
      // Not a notification this page understands.
    }
  })
}
