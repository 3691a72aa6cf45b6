import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { locationsKey } from './list-locations.ts'

/**
 * `DELETE /location/{id}`: refused (409 in_use) while schedules use the client; the dialog
 * shows the server's words.
 * @example
 * useDeleteLocation().mutate(location.id)
 */
export function useDeleteLocation() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => api.deleteLocation({ params: { id } }, { silent: 'errors' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsKey }),
  })
}
