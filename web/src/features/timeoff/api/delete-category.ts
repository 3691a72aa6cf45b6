import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { timeoffKey } from './list-requests.ts'

/**
 * `DELETE /timeoff_category/{id}`: refused (409 category_in_use) once someone asked for it;
 * the panel shows the server's words (archive it instead).
 * @example
 * await useDeleteTimeoffCategory().mutateAsync(category.id)
 */
export function useDeleteTimeoffCategory() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.deleteTimeoffCategory({ params: { id } }, { silent: 'errors' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeoffKey }),
  })
}
