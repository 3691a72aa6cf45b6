import type { ApiFunctions, TimesheetQuery } from '@rota/core'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'

/** Every cached answer about timesheets starts with this key. */
export const timesheetsKey = ['timesheets'] as const

export type TimesheetsRequest = z.input<typeof TimesheetQuery>

/**
 * `GET /timesheet`: a page of timesheets (a manager's whole week in one, with from and to);
 * staff get their own. The page shown stays while the next one loads.
 * @example
 * queryClient.fetchQuery(timesheetsQueryOptions(api, { from: '2026-03-08', to: '2026-03-14', page_size: 5000 }))
 */
export function timesheetsQueryOptions(api: ApiFunctions, query: TimesheetsRequest) {
  return queryOptions({
    queryKey: [...timesheetsKey, 'list', query],
    queryFn: ({ signal }) => api.listTimesheets({ query }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  })
}

/**
 * A list of timesheets.
 * @example
 * const week = useTimesheets({ from, to, page_size: 5000 })
 */
export function useTimesheets(query: TimesheetsRequest) {
  const api = useApi()
  return useQuery(timesheetsQueryOptions(api, query))
}
