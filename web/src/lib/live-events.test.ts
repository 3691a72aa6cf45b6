import { describe, expect, it, vi } from 'vitest'
import { createLiveEvents, LIVE_OPEN, readEvents, type LiveEvent } from './live-events.ts'

function stream(...pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece))
      controller.close()
    },
  })
}

describe('live updates', () => {
  it('reads server-sent events split anywhere across chunks', async () => {
    const events: LiveEvent[] = []
    await readEvents(stream(': hello\n\nevent: notifi', 'cation\ndata: {"id":1}\n\ndata: a\r\ndata: b\r\n\r\n'), (event) => events.push(event))
    expect(events).toEqual([
      { event: 'notification', data: '{"id":1}' },
      { event: 'message', data: 'a\nb' },
    ])
  })

  it('sends the Bearer token, hands each event to its listeners, and renews an expired token before reconnecting', async () => {
    let token = 'old'
    const fetch = vi.fn(async (_: RequestInfo | URL, init?: RequestInit) => {
      const bearer = new Headers(init?.headers).get('authorization')
      if (bearer === 'Bearer old') return new Response(JSON.stringify({ message: 'Expired', code: 'token_expired' }), { status: 403 })
      if (fetch.mock.calls.length > 2) return new Response(null, { status: 401 })
      return new Response(stream('event: notification\ndata: {"id":"n1"}\n\n'), { status: 200 })
    })
    const refresh = vi.fn(async () => {
      token = 'new'
      return true
    })
    const live = createLiveEvents({ url: '/api/v1/events', token: () => token, refresh, fetch })
    const heard = vi.fn()
    live.subscribe('notification', heard)
    vi.useFakeTimers()
    const done = live.connect(new AbortController().signal)
    await vi.runAllTimersAsync()
    await done
    vi.useRealTimers()
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(heard).toHaveBeenCalledWith('{"id":"n1"}')
    expect(fetch).toHaveBeenCalledTimes(3)
  })

  it('does not connect without a session, nor to a server without a stream', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 404 }))
    await createLiveEvents({ url: '/e', token: () => null, refresh: async () => true, fetch }).connect(new AbortController().signal)
    expect(fetch).not.toHaveBeenCalled()
    await createLiveEvents({ url: '/e', token: () => 't', refresh: async () => true, fetch }).connect(new AbortController().signal)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('resumes after a dropped connection from the last event id it saw, and says each time it is connected', async () => {
    const sent: (string | null)[] = []
    const fetch = vi.fn(async (_: RequestInfo | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('last-event-id'))
      if (fetch.mock.calls.length === 1) return new Response(stream('id: 41\nevent: chat.message\ndata: {"seq":1}\n\nevent: notification\ndata: {}\n\n'), { status: 200 })
      if (fetch.mock.calls.length === 2) return new Response(stream('id: 42\nevent: chat.message\ndata: {"seq":2}\n\n'), { status: 200 })
      return new Response(null, { status: 401 })
    })
    const live = createLiveEvents({ url: '/e', token: () => 't', refresh: async () => true, fetch })
    const messages = vi.fn()
    const opened = vi.fn()
    live.subscribe('chat.message', messages)
    live.subscribe(LIVE_OPEN, opened)
    vi.useFakeTimers()
    const done = live.connect(new AbortController().signal)
    await vi.runAllTimersAsync()
    await done
    vi.useRealTimers()
    // An event without an id (the notification) keeps the last one.
    expect(sent).toEqual([null, '41', '42'])
    expect(messages.mock.calls).toEqual([['{"seq":1}'], ['{"seq":2}']])
    expect(opened).toHaveBeenCalledTimes(2)
  })

  it('reconnects at once when the browser is back online, rather than after its growing wait', async () => {
    const fetch = vi.fn(async () => (fetch.mock.calls.length < 4 ? Promise.reject(new TypeError('offline')) : new Response(null, { status: 401 })))
    const live = createLiveEvents({ url: '/e', token: () => 't', refresh: async () => true, fetch })
    vi.useFakeTimers()
    const done = live.connect(new AbortController().signal)
    await vi.advanceTimersByTimeAsync(1000 + 2000)
    expect(fetch).toHaveBeenCalledTimes(3)
    // The next try would be 4 s away; coming back online tries now.
    window.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)
    expect(fetch).toHaveBeenCalledTimes(4)
    await done
    vi.useRealTimers()
  })
})
