import { ofetch } from 'ofetch'
import { AuthTokens } from '../contract/auth.ts'
import { fillPath, type RouteDef } from '../contract/route.ts'
import { routes } from '../contract/routes.ts'
import { basicAuthorization } from './basic-auth.ts'
import { AbortError, ApiError, NetworkError, TimeoutError } from './errors.ts'
import { toQueryString } from './query-string.ts'
import type { ApiClientOptions, CallOptions, Credentials } from './types.ts'

/** A route's input before its types are known: what the typed functions pass down. */
export interface RouteCallInput {
  params?: Record<string, unknown>
  query?: Record<string, unknown>
  body?: unknown
  credentials?: Credentials
}

export type RouteCaller = (route: RouteDef, input?: RouteCallInput, options?: CallOptions) => Promise<unknown>

/**
 * The engine under the typed API: sends one route's request, unwraps `{ data, message }`,
 * turns failures into typed errors, and renews an expired token once (SPEC.md §7–§8).
 */
export function createRouteCaller(options: ApiClientOptions): RouteCaller {
  const { store, onNotice = () => {}, onSignOut = () => {} } = options
  const $fetch = ofetch.create(
    // Status handling is ours (refresh, notices); ofetch's own retries would replay mutations.
    { baseURL: options.baseURL, retry: false, ignoreResponseError: true },
    { fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)) },
  )
  const refresh = options.refresh ?? refreshWithStoredToken
  let refreshing: Promise<boolean> | undefined

  return (route, input = {}, callOptions = {}) => attempt(route, input, callOptions, false)

  async function attempt(route: RouteDef, input: RouteCallInput, callOptions: CallOptions, retried: boolean): Promise<unknown> {
    const bearer = route.basicAuth ? null : store.get('token')
    const response = await send(route, input, callOptions, bearer)
    const { data, message, code, details } = fieldsOf(response._data)
    if (response.ok) {
      if (message && callOptions.silent !== true) onNotice('success', message)
      return data
    }
    const error = new ApiError({ status: response.status, code, message, details })
    if (!retried && isExpiredToken(response.status, code) && bearer && store.get('refresh_token')) {
      if (await renewedSince(bearer)) return attempt(route, input, callOptions, true)
      onSignOut('refresh_failed')
      throw error
    }
    if (message && !callOptions.silent) onNotice('error', message)
    // A 401 ends a session only if the request spoke for one: a refused sign-in is not a sign-out.
    if (error.status === 401 && bearer) onSignOut('unauthorized')
    throw error
  }

  async function send(route: RouteDef, input: RouteCallInput, callOptions: CallOptions, bearer: string | null) {
    const headers = new Headers({ Accept: 'application/json' })
    const authorization = route.basicAuth
      ? input.credentials && basicAuthorization(input.credentials)
      : bearer && `Bearer ${bearer}`
    if (authorization) headers.set('Authorization', authorization)
    const xsrf = options.xsrfToken?.()
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf)
    const locale = options.locale?.()
    if (locale) headers.set('Accept-Language', locale)
    if (callOptions.idempotencyKey) headers.set('Idempotency-Key', callOptions.idempotencyKey)
    for (const [name, value] of Object.entries(callOptions.headers ?? {})) headers.set(name, value)

    // ofetch drops its `timeout` when a signal is given, so both limits are merged here.
    const timeout = options.timeout ? AbortSignal.timeout(options.timeout) : undefined
    const signals = [callOptions.signal, timeout].filter((signal) => signal !== undefined)
    const url = fillPath(route.path, input.params) + toQueryString(input.query)
    try {
      return await $fetch.raw<unknown>(url, {
        method: route.method,
        headers,
        body: input.body as Record<string, unknown> | undefined,
        signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
      })
    } catch (cause) {
      if (callOptions.signal?.aborted) throw new AbortError({ cause })
      if (timeout?.aborted) throw new TimeoutError({ cause })
      throw new NetworkError({ cause })
    }
  }

  /**
   * Whether a token newer than `bearer` is in the store, refreshing if none is yet. A request
   * that answers after another one's refresh finished only needs the new token, not a new refresh.
   */
  async function renewedSince(bearer: string): Promise<boolean> {
    const current = store.get('token')
    if (current && current !== bearer) return true
    refreshing ??= refresh()
      .catch(() => false)
      .finally(() => {
        refreshing = undefined
      })
    return refreshing
  }

  /** The default refresher. It skips `attempt`, so its failure neither notifies nor refreshes in turn. */
  async function refreshWithStoredToken(): Promise<boolean> {
    const refreshToken = store.get('refresh_token')
    if (!refreshToken) return false
    const response = await send(routes.refreshToken, { body: { refresh_token: refreshToken } }, {}, null)
    const tokens = AuthTokens.safeParse(fieldsOf(response._data).data)
    if (!response.ok || !tokens.success) return false
    store.set('token', tokens.data.token)
    store.set('refresh_token', tokens.data.refresh_token)
    return true
  }
}

/**
 * Whether a 403 says the token ran out (SPEC.md §8: refresh once and repeat). Rota says so by
 * `token_expired`; a 403 without Rota's body (a proxy's) is taken as one too. Any other code is a
 * refusal — `forbidden`, or one naming why (`rights_beyond_own`) — which a new token would not
 * change: refreshing would rotate the tokens, send the request twice, and sign out if it failed.
 */
function isExpiredToken(status: number, code: string | undefined): boolean {
  return status === 403 && (code === 'token_expired' || code === undefined)
}

/** The fields of a `{ data, message }` or `{ message, code, details }` body, those of the right type. */
function fieldsOf(body: unknown): { data?: unknown; message?: string; code?: string; details?: unknown } {
  if (typeof body !== 'object' || body === null) return {}
  const { data, message, code, details } = body as Record<string, unknown>
  return {
    data,
    message: typeof message === 'string' && message !== '' ? message : undefined,
    code: typeof code === 'string' ? code : undefined,
    details,
  }
}
