import type { ApiFunctions, TimeoffCategoryQuery } from '@rota/core'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'
import { timeoffKey } from './list-requests.ts'

export type TimeoffCategoriesRequest = z.input<typeof TimeoffCategoryQuery>

/** The cache key of the category lists. */
export const categoriesKey = [...timeoffKey, 'categories'] as const

/**
 * `GET /timeoff_category`: a page of categories, searched by name, filtered by status.
 * @example
 * queryClient.fetchQuery(timeoffCategoriesQueryOptions(api, { page: 1, page_size: 100 }))
 */
export function timeoffCategoriesQueryOptions(api: ApiFunctions, query: TimeoffCategoriesRequest) {
  return queryOptions({
    queryKey: [...categoriesKey, query],
    queryFn: ({ signal }) => api.listTimeoffCategories({ query }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  })
}

/**
 * The categories list.
 * @example
 * const categories = useTimeoffCategoryList(list.request)
 */
export function useTimeoffCategoryList(query: TimeoffCategoriesRequest) {
  const api = useApi()
  return useQuery(timeoffCategoriesQueryOptions(api, query))
}

/**
 * Every category, by name (a business has a handful): for the request form (the active ones),
 * the list's filter and the calendar's legend.
 * @example
 * const categories = useAllTimeoffCategories()
 */
export function useAllTimeoffCategories() {
  return useTimeoffCategoryList({ page: 1, page_size: 100, sort: 'name' })
}
