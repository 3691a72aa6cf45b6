import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

/**
 * `POST /auth/verify_reset_token`: whose password a reset link changes, asked before the
 * new password is typed. A refused link is final, so it is not retried.
 * @example
 * const link = useResetToken(params.credentials)
 */
export function useResetToken(token: string) {
  const api = useApi()
  return useQuery({
    queryKey: ['reset-token', token],
    queryFn: ({ signal }) => api.verifyResetToken({ body: { token } }, { silent: true, signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
}
