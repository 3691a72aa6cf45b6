import { assign, emit, fromCallback, setup, type ActorRefFrom } from 'xstate'
import type { AuthTokens } from '@rota/core'
import { errorMessage, notProvided } from './placeholders.ts'

/** Requests for a refresh, news of a pair stored elsewhere, and the lock's answer. */
export type TokenRefreshEvent =
  | { type: 'token.refresh' }
  /** Someone else (another tab, a new sign-in) stored a fresh pair: adopt it instead of refreshing. */
  | { type: 'token.updated'; tokens: AuthTokens }
  /** Sent by the `acquireLock` actor once this tab may refresh. */
  | { type: 'token.lock.acquired' }

/** What every request waiting on the refresh hears. */
export type TokenRefreshOutcome = { type: 'token.refreshed'; tokens: AuthTokens } | { type: 'token.refresh.failed'; error: string }

/** The refresh in flight and the last failure. */
export interface TokenRefreshContext {
  /** How many requests wait for the refresh in flight. */
  waiting: number
  /** Why the last refresh failed; the user has been signed out since. */
  error: string | null
}

/**
 * Refreshing the token pair (SPEC.md §8, DESIGN.md §7): one refresh at a time, however
 * many requests met an expired token; all of them hear the one outcome (emitted as
 * `token.refreshed` or `token.refresh.failed`). Success stores both new tokens; failure
 * signs out. A refresh token is spent by its use and reusing it revokes the session,
 * so across tabs only one may refresh: the `acquireLock` actor (the browser's Web Locks;
 * by default none, as in Node) holds a lock for the whole `refreshing` state and sends
 * `token.lock.acquired`. A lock that finds the stored pair changed while it waited
 * should send `token.updated` with it instead, since the tab that held the lock
 * already spent the old refresh token.
 * @example
 * const refresher = createActor(tokenRefreshMachine.provide({ actors: { refresh }, actions: { storeTokens, signOut } })).start()
 * const client = createApiClient({ baseURL, store, refresh: createTokenRefresher(refresher) })
 */
export const tokenRefreshMachine = setup({
  types: {
    context: {} as TokenRefreshContext,
    events: {} as TokenRefreshEvent,
    emitted: {} as TokenRefreshOutcome,
  },
  actors: {
    /** Exchanges the stored refresh token for a new pair. */
    refresh: notProvided<AuthTokens>('refresh'),
    acquireLock: fromCallback<TokenRefreshEvent>(({ sendBack }) => sendBack({ type: 'token.lock.acquired' })),
  },
  actions: {
    storeTokens: (_, _params: { tokens: AuthTokens }) => {},
    /** The session is over: the platform tells the session machine (`session.expired`). */
    signOut: () => {},
    clearError: assign({ error: null }),
    /** Every waiting request has heard the outcome. */
    release: assign({ waiting: 0 }),
    join: assign({ waiting: ({ context }) => context.waiting + 1 }),
  },
}).createMachine({
  id: 'tokenRefresh',
  context: { waiting: 0, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'token.refresh': { target: 'refreshing', actions: 'join' },
        'token.updated': {
          actions: [
            'clearError',
            'release',
            { type: 'storeTokens', params: ({ event }) => ({ tokens: event.tokens }) },
            emit(({ event }) => ({ type: 'token.refreshed' as const, tokens: event.tokens })),
          ],
        },
      },
    },
    refreshing: {
      invoke: { id: 'lock', src: 'acquireLock' },
      initial: 'waitingForLock',
      on: {
        'token.refresh': { actions: 'join', description: 'Joins the refresh in flight: this request hears its outcome too' },
        'token.updated': {
          target: 'idle',
          actions: [
            'clearError',
            'release',
            { type: 'storeTokens', params: ({ event }) => ({ tokens: event.tokens }) },
            emit(({ event }) => ({ type: 'token.refreshed' as const, tokens: event.tokens })),
          ],
        },
      },
      states: {
        waitingForLock: {
          on: { 'token.lock.acquired': { target: 'exchanging' } },
        },
        exchanging: {
          invoke: {
            id: 'refresh',
            src: 'refresh',
            onDone: {
              target: '#tokenRefresh.idle',
              actions: [
                'clearError',
                'release',
                { type: 'storeTokens', params: ({ event }) => ({ tokens: event.output }) },
                emit(({ event }) => ({ type: 'token.refreshed' as const, tokens: event.output })),
              ],
            },
            onError: {
              target: '#tokenRefresh.failed',
              actions: [
                assign({ error: ({ event }) => errorMessage(event.error) }),
                'release',
                'signOut',
                emit(({ event }) => ({ type: 'token.refresh.failed' as const, error: errorMessage(event.error) })),
              ],
            },
          },
        },
      },
    },
    failed: {
      on: {
        'token.refresh': { target: 'refreshing', actions: 'join' },
        'token.updated': {
          target: 'idle',
          actions: [
            'clearError',
            'release',
            { type: 'storeTokens', params: ({ event }) => ({ tokens: event.tokens }) },
            emit(({ event }) => ({ type: 'token.refreshed' as const, tokens: event.tokens })),
          ],
        },
      },
    },
  },
})

/**
 * What the API client's `refresh` option takes: asks for a refresh (joining one in
 * flight) and resolves with whether it worked.
 * @example
 * createApiClient({ baseURL, store, refresh: createTokenRefresher(refresher) })
 */
export function createTokenRefresher(refresher: ActorRefFrom<typeof tokenRefreshMachine>): () => Promise<boolean> {
  return () =>
    new Promise((resolve) => {
      const settle = (refreshed: boolean) => {
        subscriptions.forEach((subscription) => subscription.unsubscribe())
        resolve(refreshed)
      }
      const subscriptions = [
        refresher.on('token.refreshed', () => settle(true)),
        refresher.on('token.refresh.failed', () => settle(false)),
      ]
      refresher.send({ type: 'token.refresh' })
    })
}
