import type { Location } from '@rota/core'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

const PAGE = 100

/**
 * `GET /location` page after page: the active clients by name, to choose a team member's
 * preferred clients from.
 * @example
 * const clients = useClientChoices(canReadClients)
 */
export function useClientChoices(enabled: boolean) {
  const api = useApi()
  return useQuery({
    queryKey: ['users', 'client-choices'],
    queryFn: async ({ signal }): Promise<Location[]> => {
      const page = (number: number) => api.listLocations({ query: { page: number, page_size: PAGE, sort: 'name', filter: { active: 'true' } } }, { silent: true, signal })
      const first = await page(1)
      const rest = await Promise.all(Array.from({ length: Math.max(0, Math.ceil(first.count / PAGE) - 1) }, (_, index) => page(index + 2)))
      return [...first.rows, ...rest.flatMap((more) => more.rows)]
    },
    enabled,
    staleTime: 60_000,
  })
}
