import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

/**
 * `POST /user/verify_invite`: who was invited, and to which business, before they choose a password.
 * @example
 * const invite = useInvite(params.invite_credentials)
 */
export function useInvite(token: string) {
  const api = useApi()
  return useQuery({
    queryKey: ['invite', token],
    queryFn: ({ signal }) => api.verifyInvite({ body: { token } }, { silent: true, signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
}
