import type { AuthTokens, KeyValueStore } from '@rota/core'
import { storedTokens, tokenRefreshMachine, type TokenRefreshEvent } from '@rota/machines'
import { createActor, fromCallback, fromPromise } from 'xstate'

const LOCK_NAME = 'rota.token-refresh'

/** The pair in the store, when there is one: the session provider's rule, which the tabs follow too. */
export { storedTokens }

interface RefresherOptions {
  store: KeyValueStore
  /** Exchanges a refresh token for a new pair, through a client without a session of its own. */
  exchange: (refreshToken: string) => Promise<AuthTokens>
  /** A pair was stored: the session machine hears it. */
  onTokens: (tokens: AuthTokens) => void
  /** The refresh token was refused: the session is over. */
  onFailure: () => void
}

/**
 * Holds the browser's Web Lock named rota.token-refresh while this tab refreshes, so
 * only one tab spends the refresh token; a tab that waited and finds a new pair stored
 * adopts it instead of refreshing with the spent one.
 */
function webLock(store: KeyValueStore) {
  return fromCallback<TokenRefreshEvent>(({ sendBack }) => {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
    if (!locks) {
      sendBack({ type: 'token.lock.acquired' })
      return undefined
    }
    const before = store.get('refresh_token')
    const controller = new AbortController()
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    locks
      .request(LOCK_NAME, { signal: controller.signal }, async () => {
        const now = storedTokens(store)
        if (now && now.refresh_token !== before) sendBack({ type: 'token.updated', tokens: now })
        else sendBack({ type: 'token.lock.acquired' })
        await held
      })
      .catch(() => {})
    return () => {
      release()
      controller.abort()
    }
  })
}

/**
 * The token-refresh machine as the browser runs it: new tokens land in localStorage before
 * any waiting request retries, and a failure ends the session.
 * @example
 * const refresher = startRefresher({ store, exchange, onTokens, onFailure })
 * createApiClient({ …, refresh: createTokenRefresher(refresher) })
 */
export function startRefresher(options: RefresherOptions) {
  const { store } = options
  const machine = tokenRefreshMachine.provide({
    actors: {
      refresh: fromPromise(async () => {
        const refreshToken = store.get('refresh_token')
        if (!refreshToken) throw new Error('No refresh token')
        return options.exchange(refreshToken)
      }),
      acquireLock: webLock(store),
    },
    actions: {
      storeTokens: (_, { tokens }) => {
        store.set('token', tokens.token)
        store.set('refresh_token', tokens.refresh_token)
        options.onTokens(tokens)
      },
      signOut: ({ context }) => {
        // SPEC.md §8: a failed refresh is logged, then the session ends.
        console.warn('Rota: the session could not be renewed:', context.error)
        options.onFailure()
      },
    },
  })
  return createActor(machine).start()
}

export type Refresher = ReturnType<typeof startRefresher>
