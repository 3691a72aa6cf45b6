import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { timeoffKey } from './list-requests.ts'

/**
 * `GET /user`: the active team members, by name, for someone who records time off for
 * others (and may read the team). Not asked otherwise.
 * @example
 * const people = useTimeoffPeople(canRecordForOthers)
 */
export function useTimeoffPeople(enabled: boolean) {
  const api = useApi()
  const query = { page: 1, page_size: 100, sort: 'name', filter: { status: 'active' } } as const
  return useQuery({
    queryKey: [...timeoffKey, 'people', query],
    queryFn: ({ signal }) => api.listUsers({ query }, { silent: true, signal }),
    enabled,
  })
}
