import { queryOptions, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'

/**
 * A record from the list pages already in the cache under `listKey`, if one holds it: what a
 * panel shows at once while the record itself is read again.
 * @example
 * listedRecord<Location>(queryClient, [...locationsKey, 'list'], id)
 */
export function listedRecord<T extends { id: string }>(queryClient: QueryClient, listKey: QueryKey, id: string): T | undefined {
  for (const [, page] of queryClient.getQueriesData<{ rows: readonly T[] }>({ queryKey: listKey })) {
    const found = page?.rows.find((row) => row.id === id)
    if (found) return found
  }
  return undefined
}

/**
 * One record read by id for its panel: shown at once from a list page already loaded (then
 * read again, so the panel shows what is saved now), or read before it shows.
 * @example
 * const location = useRecord({ queryKey: ['location', id], listKey: [...locationsKey, 'list'], id,
 *   fetch: (signal) => api.getLocation({ params: { id } }, { silent: true, signal }) })
 */
export function useRecord<T extends { id: string }>({ queryKey, listKey, id, fetch }: { queryKey: QueryKey; listKey: QueryKey; id: string; fetch: (signal: AbortSignal) => Promise<T> }) {
  const queryClient = useQueryClient()
  return useQuery(
    queryOptions({
      queryKey,
      queryFn: ({ signal }) => fetch(signal),
      initialData: () => listedRecord<T>(queryClient, listKey, id),
      initialDataUpdatedAt: 0,
    }),
  )
}
