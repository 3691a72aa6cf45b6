import type { UpdateServiceBody } from '@rota/core'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { serviceKey } from './get-service.ts'
import { servicesKey } from './list-services.ts'

/**
 * `PUT /service/{id}`: a service's new details with the version read (a stale one: 409).
 * @example
 * await useUpdateService().mutateAsync({ id: service.id, body: { ...values, version: service.version } })
 */
export function useUpdateService() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateServiceBody }) => api.updateService({ params: { id }, body }, { silent: 'errors' }),
    onSuccess: (service) => {
      queryClient.setQueryData(serviceKey(service.id), service)
      return queryClient.invalidateQueries({ queryKey: servicesKey })
    },
  })
}
