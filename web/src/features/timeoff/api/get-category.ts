import type { TimeoffCategory } from '@rota/core'
import { useQueryClient } from '@tanstack/react-query'
import { useRecord } from '../../../lib/record-query.ts'
import { useApi } from '../../../lib/services.tsx'
import { categoriesKey } from './list-categories.ts'
import { timeoffKey } from './list-requests.ts'

/** The cache key of one category. */
export const timeoffCategoryKey = (id: string) => [...timeoffKey, 'category', id] as const

/**
 * `GET /timeoff_category/{id}`: the category open in its panel, shown at once from the list.
 * @example
 * const category = useTimeoffCategoryRecord(record.id)
 */
export function useTimeoffCategoryRecord(id: string) {
  const api = useApi()
  return useRecord<TimeoffCategory>({
    queryKey: timeoffCategoryKey(id),
    listKey: categoriesKey,
    id,
    fetch: (signal) => api.getTimeoffCategory({ params: { id } }, { silent: true, signal }),
  })
}

/**
 * The category as saved now, to reload a form that met someone else's change.
 * @example
 * setCurrent(await reloadCategory(category.id))
 */
export function useReloadTimeoffCategory() {
  const api = useApi()
  const queryClient = useQueryClient()
  return (id: string) => queryClient.fetchQuery({ queryKey: timeoffCategoryKey(id), queryFn: () => api.getTimeoffCategory({ params: { id } }, { silent: true }), staleTime: 0 })
}
