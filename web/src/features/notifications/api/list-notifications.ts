import type { ApiFunctions, NotificationQuery } from '@rota/core'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'

/** Every cached answer about notifications starts with this key (the bell reads its own, outside the cache). */
export const notificationsKey = ['notifications'] as const

export type NotificationsRequest = z.input<typeof NotificationQuery>

/**
 * `GET /notification`: a page of the signed-in user's notifications, newest first (the server's
 * only order), titled in their language; `filter.read_status: 'false'` for the unread alone.
 * The page shown stays while the next one loads.
 * @example
 * queryClient.fetchQuery(notificationsQueryOptions(api, { page: 2, page_size: 20 }))
 */
export function notificationsQueryOptions(api: ApiFunctions, query: NotificationsRequest) {
  return queryOptions({
    queryKey: [...notificationsKey, 'list', query],
    queryFn: ({ signal }) => api.listNotifications({ query }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  })
}

/**
 * The notifications page's list.
 * @example
 * const notifications = useNotifications({ page: 1, page_size: 20, filter: { read_status: 'false' } })
 */
export function useNotifications(query: NotificationsRequest) {
  const api = useApi()
  return useQuery(notificationsQueryOptions(api, query))
}
