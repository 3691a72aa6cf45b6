import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

/**
 * `GET /schedule` for a week's shifts, the plan a manager compares the hours with (only
 * published ones were told to staff, so drafts and cancelled ones are left out).
 * @example
 * const planned = useWeekShifts('2026-03-08', '2026-03-14', canReadSchedules)
 */
export function useWeekShifts(from: string, to: string, enabled: boolean) {
  const api = useApi()
  const query = { from, to, page_size: 5000 }
  return useQuery({
    queryKey: ['timesheet-week-shifts', query],
    queryFn: async ({ signal }) => (await api.listShifts({ query }, { silent: true, signal })).rows.filter((shift) => shift.staff && shift.status !== 'draft' && shift.status !== 'cancelled'),
    enabled,
  })
}
