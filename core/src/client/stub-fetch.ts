import { vi } from 'vitest'

/** A request as the stub saw it, with the JSON body parsed. */
export interface SeenRequest {
  url: string
  method: string
  headers: Headers
  body: unknown
}

/**
 * A `fetch` for unit tests of the client: records each request and answers with `respond`.
 * Like the real one, it rejects with the signal's reason once the signal aborts.
 */
export function stubFetch(respond: (request: SeenRequest) => Response | Promise<Response>) {
  const seen: SeenRequest[] = []
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const request: SeenRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    }
    seen.push(request)
    const { signal } = init
    if (!signal) return respond(request)
    signal.throwIfAborted()
    return Promise.race([
      respond(request),
      new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
    ])
  })
  return { fetch, seen }
}

/** A JSON answer, as the API writes them. */
export function reply(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

/** An answer that never comes, for timeouts and aborts. */
export function never(): Promise<Response> {
  return new Promise(() => {})
}
