import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { servicesKey } from './list-services.ts'

/**
 * `DELETE /service/{id}`: refused (409 in_use) while schedules use the service; the dialog
 * shows the server's words.
 * @example
 * useDeleteService().mutate(service.id)
 */
export function useDeleteService() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.deleteService({ params: { id } }, { silent: 'errors' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesKey }),
  })
}
