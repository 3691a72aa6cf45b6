import type { ChatMessage } from '@rota/core'
import { describe, expect, it, vi } from 'vitest'
import { createOutbox, type PendingMessage } from './outbox.ts'

const pending = (client_id: string): PendingMessage => ({ client_id, channel_id: 'c', body: client_id, mentions: [], attachments: [], created_at: '2025-03-05T15:00:00Z' })
const accepted = (p: PendingMessage) => ({ id: `m-${p.client_id}`, client_id: p.client_id }) as unknown as ChatMessage
class Offline extends Error {}

function setup(deliver: (p: PendingMessage) => Promise<ChatMessage>) {
  const store = new Map<string, string>()
  const storage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) }
  const onSent = vi.fn()
  const onRefused = vi.fn()
  const outbox = createOutbox({ storage, key: 'box', deliver, retryable: (error) => error instanceof Offline, onSent, onRefused })
  return { outbox, onSent, onRefused, storage }
}

describe('the chat outbox', () => {
  it('keeps messages while offline, in order, and sends each once when flushed again', async () => {
    let online = false
    const deliver = vi.fn(async (p: PendingMessage) => {
      if (!online) throw new Offline()
      return accepted(p)
    })
    const { outbox, onSent, storage } = setup(deliver)
    await outbox.add(pending('a'))
    await outbox.add(pending('b'))
    expect(outbox.pending().map((p) => p.client_id)).toEqual(['a', 'b'])
    // A reload keeps them: another outbox on the same storage sees them.
    expect(createOutbox({ storage, key: 'box', deliver, retryable: () => true, onSent, onRefused: vi.fn() }).pending()).toHaveLength(2)
    online = true
    await Promise.all([outbox.flush(), outbox.flush()])
    expect(onSent.mock.calls.map(([message]) => message.client_id)).toEqual(['a', 'b'])
    expect(outbox.pending()).toEqual([])
    // Offline, each flush stopped at the first message: the second was tried only once, online.
    expect(deliver.mock.calls.filter(([p]) => p.client_id === 'b')).toHaveLength(1)
  })

  it('drops a message the server refuses and goes on with the next', async () => {
    const { outbox, onSent, onRefused } = setup(async (p) => {
      if (p.client_id === 'bad') throw new Error('chat_archived')
      return accepted(p)
    })
    await outbox.add(pending('bad'))
    await outbox.add(pending('good'))
    expect(onRefused).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'bad' }), expect.any(Error))
    expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'good' }), expect.objectContaining({ client_id: 'good' }))
    expect(outbox.pending()).toEqual([])
  })
})
