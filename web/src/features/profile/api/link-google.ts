import { useMutation } from '@tanstack/react-query'
import { useApi, useServices } from '../../../lib/services.tsx'

/**
 * `POST /auth/link_google` with the ID token Google gave the browser; the profile is read
 * again so the page shows the account as linked.
 * @example
 * useLinkGoogle().mutate(credential)
 */
export function useLinkGoogle() {
  const api = useApi()
  const { session } = useServices()
  return useMutation({
    mutationFn: (token: string) => api.linkGoogle({ body: { token } }, { silent: 'errors' }),
    onSuccess: async () => session.send({ type: 'session.user.updated', user: await api.getProfile(undefined, { silent: true }) }),
  })
}
