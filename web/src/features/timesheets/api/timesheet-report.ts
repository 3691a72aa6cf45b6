import type { TimesheetReportQuery } from '@rota/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'

export type TimesheetReportRequest = z.input<typeof TimesheetReportQuery>

/**
 * `GET /report/timesheets`: hours by person, client, service or week, planned against actual.
 * @example
 * const report = useTimesheetReport({ from: '2026-03-01', to: '2026-03-31', group_by: 'person' })
 */
export function useTimesheetReport(query: TimesheetReportRequest) {
  const api = useApi()
  return useQuery({
    queryKey: ['timesheet-report', query],
    queryFn: ({ signal }) => api.timesheetReport({ query }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  })
}
