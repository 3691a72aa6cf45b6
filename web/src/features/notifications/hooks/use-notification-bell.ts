import { Notification, NOTIFICATIONS_READ_EVENT } from '@rota/core'
import { notificationsMachine } from '@rota/machines'
import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { useLocation } from 'wouter'
import { fromPromise } from 'xstate'
import { useLiveEvent } from '../../../lib/live-updates.tsx'
import { useServices, useSession } from '../../../lib/services.tsx'
import { notificationsKey } from '../api/list-notifications.ts'
import { fetchUnread, markAllRead, markRead } from '../api/unread-notifications.ts'

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/**
 * The bell's machine, wired to the API, the router and the live updates: a `notification`
 * event from the server lands in the list without a reload, and one saying notifications were
 * read elsewhere reads the list again. The server titles notifications
 * in the user's language, so once they choose another (saved to their profile) the list is
 * read again. Each of these reads the notifications page's list again too.
 * @example
 * const bell = useNotificationBell()
 * bell.send({ type: 'notifications.open', id })
 */
export function useNotificationBell() {
  const { api } = useServices()
  const [, navigate] = useLocation()
  const bell = useActorRef(
    notificationsMachine.provide({
      actors: {
        fetchUnread: fromPromise(({ signal }) => fetchUnread(api, signal)),
        markRead: fromPromise(({ input }) => markRead(api, input.notification)),
        markAllRead: fromPromise(() => markAllRead(api)),
      },
      actions: { navigate: (_, { to }) => navigate(to) },
    }),
  )
  const queryClient = useQueryClient()
  // The notifications page, open or cached, follows the bell.
  const refreshPage = () => void queryClient.invalidateQueries({ queryKey: notificationsKey })
  useLiveEvent('notification', (data) => {
    const parsed = Notification.safeParse(parseJson(data))
    if (parsed.success) bell.send({ type: 'notifications.received', notification: parsed.data })
    refreshPage()
  })
  // Read elsewhere (another tab or device, a mention read in its conversation): read the list again.
  useLiveEvent(NOTIFICATIONS_READ_EVENT, () => {
    bell.send({ type: 'notifications.refresh' })
    refreshPage()
  })
  const language = useSession((state) => state.context.user?.locale)
  const titledIn = useRef(language)
  useEffect(() => {
    if (language === titledIn.current) return
    titledIn.current = language
    bell.send({ type: 'notifications.refresh' })
    void queryClient.invalidateQueries({ queryKey: notificationsKey })
  }, [language, bell, queryClient])
  const count = useSelector(bell, (state) => state.context.count)
  const rows = useSelector(bell, (state) => state.context.rows)
  const loading = useSelector(bell, (state) => state.matches('loading'))
  const opening = useSelector(bell, (state) => state.context.opening?.id ?? null)
  const clearing = useSelector(bell, (state) => state.matches('markingAllRead'))
  return { count, rows, loading, opening, clearing, send: bell.send }
}
