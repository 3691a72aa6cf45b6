import type { ChatAttachment, ChatMessage } from '@rota/core'

/** A message written but not yet accepted by the server: shown as sending, sent again on reconnection. */
export interface PendingMessage {
  client_id: string
  channel_id: string
  body: string
  mentions: string[]
  attachments: ChatAttachment[]
  created_at: string
}

/** How the outbox reaches the server: the accepted message, or why not. */
export type Deliver = (message: PendingMessage) => Promise<ChatMessage>

interface OutboxOptions {
  /** Where the queue survives a reload (localStorage in the app). */
  storage: Pick<Storage, 'getItem' | 'setItem'>
  key: string
  deliver: Deliver
  /** Whether an error means "try again later" (no connection) rather than "refused". */
  retryable: (error: unknown) => boolean
  onSent: (message: ChatMessage, pending: PendingMessage) => void
  onRefused: (pending: PendingMessage, error: unknown) => void
}

/**
 * Chat's offline queue. A message is stored before it is sent and dropped only once the
 * server accepted (or refused) it; one flush runs at a time, in order, and stops at the first
 * message that cannot get through. Sending again after a drop is harmless: the server keeps
 * one message per `client_id` (docs/decisions/029).
 * @example
 * const outbox = createOutbox({ storage: localStorage, key: 'rota.chat.outbox', deliver, retryable, onSent, onRefused })
 * outbox.add({ client_id: crypto.randomUUID(), channel_id, body, mentions: [], attachments: [], created_at: new Date().toISOString() })
 */
export function createOutbox(options: OutboxOptions) {
  const listeners = new Set<() => void>()
  let flushing: Promise<void> | undefined
  let again = false

  const read = (): PendingMessage[] => {
    try {
      const value: unknown = JSON.parse(options.storage.getItem(options.key) ?? '[]')
      return Array.isArray(value) ? (value as PendingMessage[]) : []
    } catch {
      return []
    }
  }
  const write = (queue: PendingMessage[]) => {
    options.storage.setItem(options.key, JSON.stringify(queue))
    listeners.forEach((listener) => listener())
  }
  const drop = (clientId: string) => write(read().filter((message) => message.client_id !== clientId))

  async function run(): Promise<void> {
    for (;;) {
      const [next] = read()
      if (!next) return
      try {
        const sent = await options.deliver(next)
        drop(next.client_id)
        options.onSent(sent, next)
      } catch (error) {
        if (options.retryable(error)) return
        drop(next.client_id)
        options.onRefused(next, error)
      }
    }
  }

  /** Sends what is queued; a flush asked for while one runs runs once more after it. */
  function flush(): Promise<void> {
    if (flushing) {
      again = true
      return flushing
    }
    flushing = run().finally(() => {
      flushing = undefined
      if (again) {
        again = false
        void flush()
      }
    })
    return flushing
  }

  return {
    pending: read,
    add(message: PendingMessage): Promise<void> {
      write([...read(), message])
      return flush()
    },
    flush,
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

export type Outbox = ReturnType<typeof createOutbox>
