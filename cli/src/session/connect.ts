import { createApiClient, memoryStore, type ApiClient, type AuthTokens } from '@rota/core'
import { createTokenRefresher, tokenRefreshMachine } from '@rota/machines'
import { createActor, fromPromise } from 'xstate'
import type { Target } from './target.ts'

/** An API client on a target's session, and how to let go of it. */
export interface Connection {
  client: ApiClient
  /** Whether the last request's failure ended the session (a 401, or a refresh refused). */
  signedOut(): boolean
  close(): void
}

/**
 * The API client a command uses: the target's session store, and the token-refresh
 * machine (the web app's, provided with the credentials file) renewing an expired
 * access token silently. A refused refresh or a 401 clears the profile, as the browser
 * clears its storage.
 * @example
 * const { client, close } = connect(target)
 * try { return await client.api.getProfile() } finally { close() }
 */
export function connect(target: Target, fetch?: typeof globalThis.fetch): Connection {
  const { store, baseURL } = target
  // Refreshing goes through a client with no session, so a refused refresh cannot itself ask for a refresh.
  const bare = createApiClient({ baseURL, store: memoryStore(), ...(fetch && { fetch }) })
  let ended = false
  const end = () => {
    ended = true
    store.clear()
  }
  const refresher = createActor(
    tokenRefreshMachine.provide({
      actors: {
        refresh: fromPromise<AuthTokens>(async () => {
          const refreshToken = store.get('refresh_token')
          if (!refreshToken) throw new Error('No refresh token')
          return bare.api.refreshToken({ body: { refresh_token: refreshToken } }, { silent: true })
        }),
      },
      actions: {
        storeTokens: (_, { tokens }) => {
          store.set('token', tokens.token)
          store.set('refresh_token', tokens.refresh_token)
        },
        signOut: end,
      },
    }),
  ).start()
  const client = createApiClient({
    baseURL,
    store,
    refresh: createTokenRefresher(refresher),
    onSignOut: end,
    ...(fetch && { fetch }),
  })
  return { client, signedOut: () => ended, close: () => refresher.stop() }
}
