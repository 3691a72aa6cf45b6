import { useQuery } from '@tanstack/react-query'
import { useApi } from './services.tsx'

const PAGE = 100

/**
 * Every active client (`locations`) or service by name, page after page, to choose from: a team member's
 * preferred clients and the services they may work, the client an expense was for.
 * @example
 * const clients = useChoices('locations', canReadClients)
 */
export function useChoices(kind: 'locations' | 'services', enabled: boolean) {
  const api = useApi()
  return useQuery({
    queryKey: ['choices', kind],
    queryFn: async ({ signal }): Promise<{ id: string; name: string }[]> => {
      const query = (page: number) => ({ query: { page, page_size: PAGE, sort: 'name' as const, filter: { active: 'true' as const } } })
      const list = (page: number) => (kind === 'locations' ? api.listLocations(query(page), { silent: true, signal }) : api.listServices(query(page), { silent: true, signal }))
      const names = async (page: number) => {
        const { count, rows } = await list(page)
        return { count, rows: rows.map(({ id, name }: { id: string; name: string }) => ({ id, name })) }
      }
      const first = await names(1)
      const rest = await Promise.all(Array.from({ length: Math.max(0, Math.ceil(first.count / PAGE) - 1) }, (_, index) => names(index + 2)))
      return [...first.rows, ...rest.flatMap((more) => more.rows)]
    },
    enabled,
    staleTime: 60_000,
  })
}
