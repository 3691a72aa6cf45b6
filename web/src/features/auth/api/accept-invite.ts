import { useMutation } from '@tanstack/react-query'
import { useApi, useServices } from '../../../lib/services.tsx'

/**
 * `POST /user/accept_invite`: sets the password and signs the new member in.
 * @example
 * useAcceptInvite().mutateAsync({ token, password, firstname, lastname })
 */
export function useAcceptInvite() {
  const api = useApi()
  const { session } = useServices()
  return useMutation({
    mutationFn: (body: { token: string; password: string; firstname?: string; lastname?: string }) => api.acceptInvite({ body }, { silent: true }),
    onSuccess: (tokens) => session.send({ type: 'session.tokens', tokens }),
  })
}
