import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { notificationsKey } from './list-notifications.ts'

/** One notification to mark; `quietly` when the reader is on their way elsewhere and a failure is not worth a notice. */
export interface MarkNotification {
  id: string
  read: boolean
  quietly?: boolean
}

/**
 * `PUT /notification/{id}`: one of the signed-in user's notifications marked read or unread;
 * the lists are read again (the server also tells the bell, through the live updates).
 * @example
 * useMarkNotification().mutate({ id: notification.id, read: false })
 */
export function useMarkNotification() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, read, quietly = false }: MarkNotification) => api.updateNotification({ params: { id }, body: { id, read_status: read } }, { silent: quietly }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  })
}
