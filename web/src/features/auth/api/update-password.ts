import { useMutation } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

/**
 * `PUT /auth/update_password`: sets the new password with a reset link; every session of
 * the account ends.
 * @example
 * useUpdatePassword().mutateAsync({ token, password })
 */
export function useUpdatePassword() {
  const api = useApi()
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => api.updatePassword({ body }, { silent: true }),
  })
}
