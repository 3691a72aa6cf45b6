import type { ApiFunctions, Notification } from '@rota/core'
import { BELL_SIZE, type NotificationPage } from '@rota/machines'

/**
 * `GET /notification?filter[read_status]=false&page_size=10`: the bell's unread count and
 * latest ten (SPEC.md §7). Silent: a bell that cannot load stays quiet rather than toasting
 * on every page.
 * @example
 * const page = await fetchUnread(api)
 */
export function fetchUnread(api: ApiFunctions, signal?: AbortSignal): Promise<NotificationPage> {
  return api.listNotifications({ query: { filter: { read_status: 'false' }, page_size: BELL_SIZE, sort: 'created_at', order: 'desc' } }, { silent: true, signal })
}

/**
 * `POST /notification/read_all`: every unread notification of the signed-in user read at once.
 * @example
 * await markAllRead(api)
 */
export async function markAllRead(api: ApiFunctions): Promise<void> {
  await api.markAllNotificationsRead({}, { silent: true })
}

/**
 * `PUT /notification/{id}` with `read_status: true` (SPEC.md §4, §7).
 * @example
 * await markRead(api, notification)
 */
export async function markRead(api: ApiFunctions, notification: Notification): Promise<void> {
  await api.updateNotification({ params: { id: notification.id }, body: { id: notification.id, read_status: true } }, { silent: true })
}
