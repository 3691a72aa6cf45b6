import { useMutation } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

/**
 * `POST /auth/confirm_email`: the link sent to a new address makes it the account's e-mail.
 * @example
 * useConfirmEmail().mutate(params.token)
 */
export function useConfirmEmail() {
  const api = useApi()
  return useMutation({
    mutationFn: (token: string) => api.confirmEmail({ body: { token } }, { silent: true }),
  })
}
