import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { notificationsKey } from './list-notifications.ts'

/**
 * `POST /notification/read_all`: every unread notification of the signed-in user read at once;
 * the lists are read again.
 * @example
 * useMarkAllNotificationsRead().mutate()
 */
export function useMarkAllNotificationsRead() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.markAllNotificationsRead({}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  })
}
