import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { timeoffKey } from './list-requests.ts'

/**
 * `GET /timeoff_balance`: a person's balance of each active category in the year of a day
 * (one's own without `staffId`). Nothing is asked before the day is known.
 * @example
 * const balances = useTimeoffBalances({ staffId, date: '2027-03-12' })
 */
export function useTimeoffBalances({ staffId, date }: { staffId?: string | undefined; date: string | undefined }) {
  const api = useApi()
  const query = { ...(staffId ? { staff_id: staffId } : {}), ...(date ? { date } : {}) }
  return useQuery({
    queryKey: [...timeoffKey, 'balances', query],
    queryFn: ({ signal }) => api.getTimeoffBalances({ query }, { silent: true, signal }),
    enabled: date !== undefined,
  })
}
