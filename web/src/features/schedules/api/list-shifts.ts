import type { ApiFunctions, LocalDate, Shift } from '@rota/core'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

/** Every cached answer about shifts starts with this key. */
export const shiftsKey = ['shifts'] as const

/** The most shifts one range answers with: a whole board of 200 people at once. */
const BOARD_PAGE = 5000

/** How long a week's answers are taken as current: long enough for the page to use those asked for ahead of it (`prefetchBoard`). */
export const FRESH_MS = 15_000

/**
 * `GET /schedule?from=&to=&page_size=5000`: every shift starting on those business days (both
 * included, at most six weeks), in one answer. A scheduler gets all of them; staff their own
 * published shifts and the open ones they may take. The range shown stays while the next loads;
 * changes made here or announced live ask again at once.
 * @example
 * queryClient.fetchQuery(shiftsQueryOptions(api, { from: '2026-03-09', to: '2026-03-15' }))
 */
export function shiftsQueryOptions(api: ApiFunctions, range: { from: LocalDate; to: LocalDate }) {
  return queryOptions({
    queryKey: [...shiftsKey, 'range', range.from, range.to],
    queryFn: async ({ signal }): Promise<Shift[]> => (await api.listShifts({ query: { from: range.from, to: range.to, page_size: BOARD_PAGE, sort: 'starts_at' } }, { silent: true, signal })).rows,
    placeholderData: keepPreviousData,
    staleTime: FRESH_MS,
  })
}

/**
 * The shifts of a range of business days, asked only while `enabled`.
 * @example
 * const shifts = useShifts({ from: week.firstDay, to: week.lastDay })
 */
export function useShifts(range: { from: LocalDate; to: LocalDate }, enabled = true) {
  const api = useApi()
  return useQuery({ ...shiftsQueryOptions(api, range), enabled })
}
