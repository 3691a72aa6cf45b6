import type { ChatChannel, ChatMessage } from '@rota/core'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PencilIcon, TrashIcon } from '../../../components/ui/action-icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { formatInstant } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useImageUrl } from '../../../lib/image-url.ts'
import { useSession } from '../../../lib/services.tsx'
import { useChangeMessage, useChatMessages, useMarkRead } from '../api/chat.ts'
import { useOutbox } from '../hooks/use-chat-live.ts'
import { oldestFirst } from '../utils/messages.ts'
import type { PendingMessage } from '../utils/outbox.ts'
import { Composer } from './composer.tsx'

type Item = { key: string; message: ChatMessage; pending?: undefined } | { key: string; pending: PendingMessage; message?: undefined }

/** How close to the bottom still counts as reading the newest messages (px). */
const NEAR = 48

/**
 * One conversation: its messages oldest to newest, only those in view drawn (a virtual list),
 * older pages read as the reader scrolls up (keeping their place), newest ones followed while
 * the reader is at the bottom, read positions sent as they see the newest; messages waiting to
 * be sent shown as such; the composer below; `actions` (archiving) beside its name.
 * @example
 * <Conversation channel={channel} name={nameOf(channel)} />
 */
export function Conversation({ channel, name, actions }: { channel: ChatChannel; name: string; actions?: ReactNode }) {
  const { t, i18n } = useTranslation('app')
  const me = useSession((state) => state.context.user)
  const timeZone = useSession((state) => state.context.settings?.timezone)
  const messages = useChatMessages(channel.id)
  const { pending } = useOutbox()
  const markRead = useMarkRead()
  const scrollRef = useRef<HTMLDivElement>(null)
  const [atBottom, setAtBottom] = useState(true)

  const rows = oldestFirst(messages.data)
  const sent = new Set(rows.filter((row) => row.author.id === me?.id).map((row) => row.client_id))
  const items: Item[] = [
    ...rows.map((message) => ({ key: message.id, message })),
    ...pending.filter((entry) => entry.channel_id === channel.id && !sent.has(entry.client_id)).map((entry) => ({ key: `pending-${entry.client_id}`, pending: entry })),
  ]
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 72,
    getItemKey: (index) => items[index]?.key ?? index,
    overscan: 10,
  })

  // Where the list stood before it changed: the first item (to keep it in place when older
  // pages arrive above it) and the last (to follow new ones at the bottom).
  const previous = useRef<{ first?: string; last?: string }>({})
  useLayoutEffect(() => {
    const first = items[0]?.key
    const last = items.at(-1)?.key
    const before = previous.current
    previous.current = { first, last }
    if (!items.length) return
    if (before.last === undefined) virtualizer.scrollToIndex(items.length - 1, { align: 'end' })
    else if (before.first !== first && before.first !== undefined) {
      const kept = items.findIndex((item) => item.key === before.first)
      if (kept > 0) virtualizer.scrollToIndex(kept, { align: 'start' })
    } else if (before.last !== last && atBottom) virtualizer.scrollToIndex(items.length - 1, { align: 'end' })
  })

  const newest = rows.at(-1)
  useEffect(() => {
    if (atBottom && newest && newest.seq > channel.read_seq && !markRead.isPending) markRead.mutate({ id: channel.id, seq: newest.seq })
  }, [atBottom, newest?.seq, channel.read_seq, channel.id])

  const olderAvailable = messages.hasNextPage && !messages.isFetchingNextPage
  const onScroll = () => {
    const element = scrollRef.current
    if (!element) return
    setAtBottom(element.scrollHeight - element.scrollTop - element.clientHeight < NEAR)
    if (element.scrollTop < 200 && olderAvailable) void messages.fetchNextPage()
  }

  return (
    <section aria-label={name} className="flex min-h-0 flex-1 flex-col rounded-xl border border-slate-200 bg-white">
      <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-slate-900">{name}</h2>
          {channel.archived && <p className="text-xs text-amber-700">{t('communications.chat.archivedNote')}</p>}
        </div>
        {actions}
      </header>
      <div ref={scrollRef} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto px-2 py-2" role="log" aria-label={t('communications.chat.messages', { name })} aria-live="polite" tabIndex={0}>
        {messages.hasNextPage && (
          <div className="flex justify-center py-2">
            <Button variant="secondary" size="sm" loading={messages.isFetchingNextPage} onClick={() => void messages.fetchNextPage()}>
              {t('communications.chat.older')}
            </Button>
          </div>
        )}
        {messages.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label={t('communications.chat.loading')} />
          </div>
        ) : items.length === 0 ? (
          <p className="px-2 py-8 text-center text-sm text-slate-500">{t('communications.chat.noMessages')}</p>
        ) : (
          <ol className="relative" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((virtual) => {
              const item = items[virtual.index]!
              return (
                <li key={virtual.key} data-index={virtual.index} ref={virtualizer.measureElement} className="absolute inset-x-0 top-0" style={{ transform: `translateY(${virtual.start}px)` }}>
                  {item.message ? (
                    <MessageItem message={item.message} mine={item.message.author.id === me?.id} when={formatInstant(item.message.created_at, currentLocale(i18n), timeZone)} />
                  ) : (
                    <PendingItem pending={item.pending} author={me ? `${me.firstname} ${me.lastname}`.trim() : ''} />
                  )}
                </li>
              )
            })}
          </ol>
        )}
      </div>
      {!channel.archived && <Composer channel={channel} />}
    </section>
  )
}

function PendingItem({ pending, author }: { pending: PendingMessage; author: string }) {
  const { t } = useTranslation('app')
  return (
    <article className="px-2 py-1.5 opacity-70">
      <p className="text-xs text-slate-500">
        <span className="font-semibold text-slate-800">{author}</span> · {t('communications.chat.sending')}
      </p>
      <p className="text-sm whitespace-pre-wrap text-slate-900">{pending.body}</p>
    </article>
  )
}

function MessageItem({ message, mine, when }: { message: ChatMessage; mine: boolean; when: string }) {
  const { t } = useTranslation('app')
  const change = useChangeMessage()
  const imageSrc = useImageUrl()
  const [editing, setEditing] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<'asking' | 'done' | null>(null)
  const article = useRef<HTMLElement>(null)
  // Deleted, the message loses the button that had the focus: the conversation takes it, once
  // the question has given the focus back (to that button, gone, or to whatever had it before).
  useEffect(() => {
    if (deleting !== 'done') return
    const log = article.current?.closest<HTMLElement>('[role="log"]')
    const timer = setTimeout(() => log?.focus())
    return () => clearTimeout(timer)
  }, [deleting])
  const remove = () => change.mutate({ id: message.id, body: null }, { onSuccess: () => setDeleting('done') })
  // Saved or given up, the edit box goes: the keyboard goes back to the Edit button it came from.
  const backToEdit = useRef(false)
  const stopEditing = () => {
    backToEdit.current = true
    setEditing(null)
  }
  useEffect(() => {
    if (editing !== null || !backToEdit.current) return
    backToEdit.current = false
    article.current?.querySelector('button')?.focus()
  }, [editing])
  const save = () => {
    if (editing === null || !editing.trim()) return
    change.mutate({ id: message.id, body: editing }, { onSuccess: stopEditing })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      save()
    } else if (event.key === 'Escape') stopEditing()
  }
  return (
    <article ref={article} className="group rounded-lg px-2 py-1.5 hover:bg-slate-50" aria-label={t('communications.chat.messageBy', { name: message.author.name, when })}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="text-xs text-slate-500">
            <span className="font-semibold text-slate-800">{message.author.name}</span> · <time dateTime={message.created_at}>{when}</time>
            {message.edited_at && !message.deleted && <span> · {t('communications.chat.edited')}</span>}
          </p>
          {message.deleted ? (
            <p className="text-sm text-slate-400 italic">{t('communications.chat.deleted')}</p>
          ) : editing !== null ? (
            <div className="mt-1 flex flex-col gap-2">
              <textarea
                aria-label={t('communications.chat.editLabel')}
                className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
                value={editing}
                onChange={(event) => setEditing(event.target.value)}
                onKeyDown={onKeyDown}
                autoFocus
              />
              <div className="flex gap-2">
                <Button size="sm" onClick={save} loading={change.isPending}>
                  {t('communications.chat.save')}
                </Button>
                <Button size="sm" variant="secondary" onClick={stopEditing}>
                  {t('communications.chat.cancel')}
                </Button>
              </div>
            </div>
          ) : (
            <>
              {message.body && <p className="text-sm break-words whitespace-pre-wrap text-slate-900">{message.body}</p>}
              {message.attachments.length > 0 && (
                <div className="mt-1 flex flex-wrap gap-2">
                  {message.attachments.map((file) => {
                    const src = imageSrc(file.id, 240)
                    return src ? (
                      <a key={file.id} href={src} target="_blank" rel="noreferrer">
                        <img src={src} alt={t('communications.chat.attachment')} className="max-h-40 rounded-lg border border-slate-200" />
                      </a>
                    ) : null
                  })}
                </div>
              )}
            </>
          )}
        </div>
        {mine && !message.deleted && editing === null && (
          <div className="flex shrink-0 opacity-100 sm:opacity-0 sm:group-focus-within:opacity-100 sm:group-hover:opacity-100">
            <IconButton icon={PencilIcon} iconClassName="size-4" label={t('communications.chat.edit')} onClick={() => setEditing(message.body)} />
            <IconButton icon={TrashIcon} iconClassName="size-4" label={t('communications.chat.delete')} onClick={() => (change.reset(), setDeleting('asking'))} />
          </div>
        )}
      </div>
      {deleting === 'asking' && (
        <ConfirmDialog
          open
          title={t('communications.chat.deleteTitle')}
          confirmLabel={t('communications.chat.delete')}
          pending={change.isPending}
          error={change.error && errorText(change.error)}
          onConfirm={remove}
          onClose={() => setDeleting(null)}
        >
          {t('communications.chat.deleteText')}
        </ConfirmDialog>
      )}
    </article>
  )
}
