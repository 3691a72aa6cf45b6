import type { RouteInput, RouteOutput } from '../contract/route.ts'
import type { RouteName, Routes } from '../contract/routes.ts'
import type { KeyValueStore } from './store.ts'

/** E-mail and password, for the routes that sign in with a Basic header (`login`). */
export interface Credentials {
  email: string
  password: string
}

/**
 * How the API client is wired into a platform: everything it touches is handed in.
 * @example
 * createApiClient({ baseURL: '/api/v1', store: browserStore, onNotice: (kind, text) => toast[kind](text),
 *   onSignOut: (reason) => signOut(reason), xsrfToken: () => readCookie('XSRF-TOKEN') })
 */
export interface ApiClientOptions {
  /** `http://localhost:3000/api/v1`, or `/api/v1` in the browser. */
  baseURL: string
  store: KeyValueStore
  /** Defaults to the platform's `fetch`. */
  fetch?: typeof globalThis.fetch
  /** A `message` from the server, to show as a toast or a line on the terminal. */
  onNotice?: (kind: 'success' | 'error', message: string) => void
  /** The session is over: a 401, or a token refresh that failed. The platform clears the store. */
  onSignOut?: (reason: 'unauthorized' | 'refresh_failed') => void
  /**
   * Renews the token pair in the store and says whether it worked; the web backs it with the
   * token-refresh machine. Defaults to calling `refreshToken` with the stored refresh token.
   */
  refresh?: () => Promise<boolean>
  /** The anti-forgery cookie's value, sent as `X-XSRF-TOKEN`. */
  xsrfToken?: () => string | undefined
  /** Sent as `Accept-Language`. */
  locale?: () => string
  /** Milliseconds before a request gives up with a `TimeoutError`; none by default. */
  timeout?: number
}

/**
 * Per-call options. `silent` keeps the server's message from becoming a notice
 * (`'errors'`: only refusals stay quiet — a form that shows them beside its fields);
 * `headers` win over the client's own.
 * @example
 * await client.api.updateSettings({ body }, { silent: true, idempotencyKey: crypto.randomUUID() })
 */
export interface CallOptions {
  silent?: boolean | 'errors'
  signal?: AbortSignal
  headers?: Record<string, string>
  /** Sent as `Idempotency-Key`, so a retried mutation replays the first answer. */
  idempotencyKey?: string
}

/** What a route takes: its params, query and body, plus credentials for a Basic-auth route. */
export type CallInput<N extends RouteName> = RouteInput<Routes[N]> &
  (Routes[N] extends { basicAuth: true } ? { credentials?: Credentials } : unknown)

/** The `data` a route answers with. */
export type CallOutput<N extends RouteName> = RouteOutput<Routes[N]>

/** A route's arguments; the input may be left out when nothing in it is required. */
export type CallArgs<N extends RouteName> = {} extends CallInput<N>
  ? [input?: CallInput<N>, options?: CallOptions]
  : [input: CallInput<N>, options?: CallOptions]

/** One typed function per route of the contract, named after it. */
export type ApiFunctions = { [N in RouteName]: (...args: CallArgs<N>) => Promise<CallOutput<N>> }
