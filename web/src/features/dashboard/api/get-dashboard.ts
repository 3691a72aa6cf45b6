import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

/** Every cached answer of the dashboard starts with this key. */
export const dashboardKey = ['dashboard'] as const

/**
 * `GET /dashboard`: this week on the business's clock: what needs attention, the numbers
 * against last week, the twelve-week trend. Read again when the window regains focus.
 * @example
 * const dashboard = useDashboard()
 */
export function useDashboard() {
  const api = useApi()
  return useQuery({ queryKey: dashboardKey, queryFn: ({ signal }) => api.getDashboard({}, { silent: true, signal }) })
}
