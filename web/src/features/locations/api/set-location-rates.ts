import type { SetLocationRatesBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { locationKey } from './get-location.ts'
import { locationsKey } from './list-locations.ts'

/**
 * `PUT /location/{id}/rates`: a client's whole set of own bill rates, with the version read (a
 * stale one: 409). The client answered (its version moved on) replaces the one cached.
 * @example
 * const client = await useSetLocationRates().mutateAsync({ id: location.id, body: { rates, version: location.version } })
 */
export function useSetLocationRates() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SetLocationRatesBody }) => api.setLocationRates({ params: { id }, body }, { silent: true }),
    onSuccess: (location) => {
      queryClient.setQueryData(locationKey(location.id), location)
      return queryClient.invalidateQueries({ queryKey: [...locationsKey, 'list'] })
    },
  })
}
