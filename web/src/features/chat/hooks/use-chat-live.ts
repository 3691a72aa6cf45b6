import { ApiError, CHAT_CHANNEL_EVENT, CHAT_MESSAGE_EVENT, NetworkError, TimeoutError, type ApiFunctions, type ChatMessage } from '@rota/core'
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { LIVE_OPEN } from '../../../lib/live-events.ts'
import { useLiveEvent } from '../../../lib/live-updates.tsx'
import { useApi, useSession } from '../../../lib/services.tsx'
import { notify } from '../../../lib/toast.tsx'
import { setTitleCount } from '../../../lib/document-title.ts'
import { forgetOnSignOut } from '../../../lib/sign-out.ts'
import { errorText } from '../../../lib/error-text.ts'
import { cacheMessage, channelsKey, chatKey, unreadKey } from '../api/chat.ts'
import { createOutbox, type Outbox } from '../utils/outbox.ts'

/** A message could not be sent now (no connection, a timeout, the server busy): it waits in the outbox. */
export function retryable(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof TimeoutError || (error instanceof ApiError && (error.status >= 500 || error.status === 429))
}

const OUTBOX_KEY = 'rota.chat.outbox.'

// Messages never sent do not outlive the sign-in that wrote them (SPEC.md §4: logout clears the
// browser's storage): on a shared computer the next person must not find them, nor send them.
forgetOnSignOut(() => {
  for (const key of Object.keys(localStorage)) if (key.startsWith(OUTBOX_KEY)) localStorage.removeItem(key)
})

/** One outbox per API (the app has one) and user. */
const outboxes = new WeakMap<ApiFunctions, Map<string, Outbox>>()

/** The signed-in user's outbox (one per user and page, kept in localStorage so a reload keeps it). */
function outboxFor(userId: string, api: ApiFunctions, queryClient: QueryClient): Outbox {
  const mine = outboxes.get(api) ?? outboxes.set(api, new Map()).get(api)!
  let outbox = mine.get(userId)
  if (!outbox) {
    outbox = createOutbox({
      storage: localStorage,
      key: `${OUTBOX_KEY}${userId}`,
      deliver: (pending) =>
        api.sendChatMessage({ params: { id: pending.channel_id }, body: { client_id: pending.client_id, body: pending.body, mentions: pending.mentions, attachments: pending.attachments } }, { silent: true }),
      retryable,
      onSent: (message) => {
        cacheMessage(queryClient, message)
        void queryClient.invalidateQueries({ queryKey: channelsKey })
      },
      onRefused: (_pending, error) => void notify('error', errorText(error)),
    })
    mine.set(userId, outbox)
  }
  return outbox
}

/**
 * The signed-in user's chat outbox and what waits in it.
 * @example
 * const { outbox, pending } = useOutbox()
 */
export function useOutbox() {
  const api = useApi()
  const queryClient = useQueryClient()
  const userId = useSession((state) => state.context.user?.id ?? '')
  const [outbox] = useState(() => outboxFor(userId, api, queryClient))
  const pending = useSyncExternalStore(outbox.subscribe, () => localStorage.getItem(`${OUTBOX_KEY}${userId}`) ?? '[]')
  return { outbox, pending: JSON.parse(pending) as ReturnType<Outbox['pending']> }
}

/**
 * Keeps chat's cached answers live: a message heard on the stream goes into its conversation
 * and the unread counts are read again; after a reconnection everything chat shows is read
 * again and the outbox sends what waited. Mounted once in the signed-in layout.
 * @example
 * useChatLive()
 */
export function useChatLive(): void {
  const queryClient = useQueryClient()
  const { outbox } = useOutbox()
  useLiveEvent(CHAT_MESSAGE_EVENT, (data) => {
    cacheMessage(queryClient, JSON.parse(data) as ChatMessage)
    void queryClient.invalidateQueries({ queryKey: unreadKey })
    void queryClient.invalidateQueries({ queryKey: channelsKey })
  })
  useLiveEvent(CHAT_CHANNEL_EVENT, () => void queryClient.invalidateQueries({ queryKey: channelsKey }))
  useLiveEvent(LIVE_OPEN, () => {
    void queryClient.invalidateQueries({ queryKey: chatKey })
    void outbox.flush()
  })
  useEffect(() => {
    const online = () => void outbox.flush()
    window.addEventListener('online', online)
    void outbox.flush()
    return () => window.removeEventListener('online', online)
  }, [outbox])
}

/**
 * Shows the unread count in the tab's title (`(3) Chat · Rota`), kept when pages change the title.
 * @example
 * useUnreadTitle(unread.data?.total ?? 0)
 */
export function useUnreadTitle(count: number): void {
  useEffect(() => {
    setTitleCount(count)
    return () => setTitleCount(0)
  }, [count])
}
