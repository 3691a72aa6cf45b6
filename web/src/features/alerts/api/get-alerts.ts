import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

/**
 * `GET /alerts`: standing notices for whoever may read the settings; nobody else asks
 * (SPEC.md §6), so `enabled` carries that right.
 * @example
 * const alerts = useAlerts(can(user, 'settings', 'read'))
 */
export function useAlerts(enabled: boolean) {
  const api = useApi()
  return useQuery({
    queryKey: ['alerts'],
    queryFn: ({ signal }) => api.getAlerts(undefined, { silent: true, signal }),
    enabled,
  })
}
