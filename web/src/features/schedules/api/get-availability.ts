import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

/** Every cached answer about someone's availability starts with this key. */
export const availabilityKey = ['availability'] as const

/**
 * `GET /availability/{user_id}`: when a person can work — weekly windows (none: any time) and
 * dated exceptions — with the version to send back.
 * @example
 * const availability = useAvailability(user.id)
 */
export function useAvailability(userId: string) {
  const api = useApi()
  return useQuery({
    queryKey: [...availabilityKey, userId],
    queryFn: ({ signal }) => api.getAvailability({ params: { user_id: userId } }, { silent: true, signal }),
  })
}
