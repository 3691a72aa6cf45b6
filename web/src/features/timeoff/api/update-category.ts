import type { UpdateTimeoffCategoryBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { timeoffCategoryKey } from './get-category.ts'
import { timeoffKey } from './list-requests.ts'

/**
 * `PUT /timeoff_category/{id}`: a category's new details (or its archiving) with the version
 * read (a stale one: 409).
 * @example
 * await useUpdateTimeoffCategory().mutateAsync({ id: category.id, body: { ...values, version: category.version } })
 */
export function useUpdateTimeoffCategory() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTimeoffCategoryBody }) => api.updateTimeoffCategory({ params: { id }, body }, { silent: 'errors' }),
    onSuccess: (category) => {
      queryClient.setQueryData(timeoffCategoryKey(category.id), category)
      return queryClient.invalidateQueries({ queryKey: timeoffKey })
    },
  })
}
