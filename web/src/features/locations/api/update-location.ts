import type { UpdateLocationBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { locationKey } from './get-location.ts'
import { locationsKey } from './list-locations.ts'

/**
 * `PUT /location/{id}`: a client's new details with the version read (a stale one: 409).
 * @example
 * await useUpdateLocation().mutateAsync({ id: location.id, body: { ...values, version: location.version } })
 */
export function useUpdateLocation() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateLocationBody }) => api.updateLocation({ params: { id }, body }, { silent: 'errors' }),
    onSuccess: (location) => {
      queryClient.setQueryData(locationKey(location.id), location)
      return queryClient.invalidateQueries({ queryKey: locationsKey })
    },
  })
}
