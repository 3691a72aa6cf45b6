import { useMutation } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

/**
 * `POST /auth/google` with the ID token Google gave the browser, and the business when
 * the first answer asked to choose one.
 * @example
 * const google = useGoogleLogin()
 * google.mutate({ credential })
 */
export function useGoogleLogin() {
  const api = useApi()
  return useMutation({
    mutationFn: (body: { credential: string; business_id?: string }) => api.googleLogin({ body }, { silent: true }),
  })
}
