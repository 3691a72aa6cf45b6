import type { Timesheet } from '@rota/core'
import { useQueryClient } from '@tanstack/react-query'
import { useRecord } from '../../../lib/record-query.ts'
import { useApi } from '../../../lib/services.tsx'
import { timesheetsKey } from './list-timesheets.ts'

/** The cache key of one timesheet. */
export const timesheetKey = (id: string) => ['timesheet', id] as const

/**
 * `GET /timesheet/{id}`: the timesheet open in its panel, shown at once from a list.
 * @example
 * const timesheet = useTimesheetRecord(record.id)
 */
export function useTimesheetRecord(id: string) {
  const api = useApi()
  return useRecord<Timesheet>({
    queryKey: timesheetKey(id),
    listKey: [...timesheetsKey, 'list'],
    id,
    fetch: (signal) => api.getTimesheet({ params: { id } }, { silent: true, signal }),
  })
}

/**
 * The timesheet as saved now, after someone else changed it first.
 * @example
 * await reloadTimesheet(timesheet.id)
 */
export function useReloadTimesheet() {
  const api = useApi()
  const queryClient = useQueryClient()
  return (id: string) => queryClient.fetchQuery({ queryKey: timesheetKey(id), queryFn: () => api.getTimesheet({ params: { id } }, { silent: true }), staleTime: 0 })
}
