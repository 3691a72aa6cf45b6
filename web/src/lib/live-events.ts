/** One server-sent event. */
export interface LiveEvent {
  event: string
  data: string
  /** The event's `id:` (chat messages carry one), which a reconnection sends back as `Last-Event-ID`. */
  id?: string
}

/** What the connection itself dispatches each time it is (re)established: listeners catch up on what a drop may have hidden. */
export const LIVE_OPEN = 'live.open'

type Listener = (data: string) => void

interface LiveEventsOptions {
  url: string
  token: () => string | null
  /** Renews an expired token; the same refresher the API client waits on. */
  refresh: () => Promise<boolean>
  fetch?: typeof globalThis.fetch
}

const FIRST_DELAY_MS = 1000
const MAX_DELAY_MS = 30_000

/**
 * Splits a text/event-stream into events (the HTML standard's format): `event:` names one,
 * `data:` lines make its data, a blank line sends it, lines starting with `:` are comments.
 * @example
 * await readEvents(response.body, (event) => console.log(event.event, event.data))
 */
export async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: LiveEvent) => void): Promise<void> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let name = 'message'
  let data: string[] = []
  let id: string | undefined
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    buffer += decoder.decode(value, { stream: true })
    const lines = buffer.split(/\r\n|\r|\n/)
    buffer = lines.pop() ?? ''
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) onEvent({ event: name, data: data.join('\n'), ...(id !== undefined ? { id } : {}) })
        name = 'message'
        data = []
        id = undefined
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':')
        const field = colon === -1 ? line : line.slice(0, colon)
        const text = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
        if (field === 'event') name = text
        else if (field === 'data') data.push(text)
        else if (field === 'id' && !text.includes('\0')) id = text
      }
    }
  }
}

/** Waits `ms`, or less: until the signal aborts or the browser says it is back online (then `true`). */
const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<boolean>((resolve) => {
    const done = (online: boolean) => {
      clearTimeout(timer)
      globalThis.removeEventListener?.('online', back)
      resolve(online)
    }
    const back = () => done(true)
    const timer = setTimeout(() => done(false), ms)
    globalThis.addEventListener?.('online', back)
    signal.addEventListener('abort', () => done(false), { once: true })
  })

/**
 * Rota's live updates (GET /api/v1/events) read with fetch, because EventSource cannot
 * send the Bearer header. One connection serves every listener; it reconnects after a
 * drop (waiting 1 s, doubling to 30 s), renews an expired token through the shared
 * refresher, and stops when the session ends or the server has no stream. Back online, it
 * reconnects at once; a reconnection sends the last event id seen (`Last-Event-ID`).
 * @example
 * const live = createLiveEvents({ url: '/api/v1/events', token: () => store.get('token'), refresh })
 * const stop = live.subscribe('notification', (data) => bell.send({ type: 'notifications.received', notification: JSON.parse(data) }))
 * const controller = new AbortController(); live.connect(controller.signal)
 */
export function createLiveEvents(options: LiveEventsOptions) {
  const listeners = new Map<string, Set<Listener>>()
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init))
  // The last event id seen, sent back on reconnection so the server resumes after it.
  let lastEventId: string | undefined
  const dispatch = ({ event, data, id }: LiveEvent) => {
    if (id !== undefined) lastEventId = id
    listeners.get(event)?.forEach((listener) => listener(data))
  }

  async function connect(signal: AbortSignal): Promise<void> {
    let delay = FIRST_DELAY_MS
    while (!signal.aborted) {
      const token = options.token()
      if (!token) return
      try {
        const response = await fetchImpl(options.url, {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', ...(lastEventId !== undefined ? { 'Last-Event-ID': lastEventId } : {}) },
          cache: 'no-store',
          signal,
        })
        if (response.status === 403) {
          const body: unknown = await response.json().catch(() => null)
          const expired = typeof body === 'object' && body !== null && 'code' in body && body.code === 'token_expired'
          if (expired && (await options.refresh())) continue
          return
        }
        if (response.status === 401 || response.status === 404) return
        if (response.ok && response.body) {
          delay = FIRST_DELAY_MS
          listeners.get(LIVE_OPEN)?.forEach((listener) => listener(''))
          await readEvents(response.body, dispatch)
        }
      } catch {
        if (signal.aborted) return
      }
      // Back online, it reconnects at once (and resumes after the last event it saw).
      delay = (await sleep(delay, signal)) ? FIRST_DELAY_MS : Math.min(delay * 2, MAX_DELAY_MS)
    }
  }

  function subscribe(event: string, listener: Listener): () => void {
    const set = listeners.get(event) ?? new Set()
    set.add(listener)
    listeners.set(event, set)
    return () => set.delete(listener)
  }

  return { connect, subscribe }
}

export type LiveEvents = ReturnType<typeof createLiveEvents>
