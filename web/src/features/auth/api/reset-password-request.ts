import { useMutation } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

/**
 * `POST /auth/reset_password_request`: e-mails a reset link. The answer is the same whether
 * or not the account exists, so the page says "if".
 * @example
 * useResetPasswordRequest().mutateAsync({ email })
 */
export function useResetPasswordRequest() {
  const api = useApi()
  return useMutation({
    mutationFn: (body: { email: string; business_id?: string }) => api.resetPasswordRequest({ body }, { silent: true }),
  })
}
