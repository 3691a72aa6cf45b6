import type { Service } from '@rota/core'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { locationsKey } from './list-locations.ts'

const PAGE = 100

/**
 * `GET /service` page after page: the active services by name with their own bill rates, beside
 * which a client's rates are set. Only asked when the viewer may read services (`enabled`).
 * @example
 * const services = useBilledServices(useCan('services', 'read'))
 */
export function useBilledServices(enabled: boolean) {
  const api = useApi()
  return useQuery({
    queryKey: [...locationsKey, 'services'],
    queryFn: async ({ signal }): Promise<Pick<Service, 'id' | 'name' | 'bill_rate_cents'>[]> => {
      const list = (page: number) => api.listServices({ query: { page, page_size: PAGE, sort: 'name', filter: { active: 'true' } } }, { silent: true, signal })
      const first = await list(1)
      const rest = await Promise.all(Array.from({ length: Math.max(0, Math.ceil(first.count / PAGE) - 1) }, (_, index) => list(index + 2)))
      return [first, ...rest].flatMap((page) => page.rows.map(({ id, name, bill_rate_cents }) => ({ id, name, bill_rate_cents })))
    },
    enabled,
    staleTime: 60_000,
  })
}
