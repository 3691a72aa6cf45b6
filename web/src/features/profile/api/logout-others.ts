import { useMutation } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

/**
 * `POST /auth/logout_others`: every other browser, phone and script signed in as this
 * person is signed out; this one stays.
 * @example
 * useLogoutOthers().mutate()
 */
export function useLogoutOthers() {
  const api = useApi()
  return useMutation({ mutationFn: () => api.logoutOthers(undefined, { silent: 'errors' }) })
}
