import type { ApiFunctions, KeyValueStore } from '@rota/core'
import { sessionMachine } from '@rota/machines'
import { createActor, fromPromise, type SnapshotFrom } from 'xstate'
import { storedTokens } from './token-refresh.ts'

interface SessionOptions {
  api: () => ApiFunctions
  store: KeyValueStore
  /** Everything else the browser remembers for the session: the query cache, the guide's "later". */
  forget: () => void
}

/**
 * The session machine as the browser runs it: tokens, user and settings in localStorage,
 * calls through the API client. Sign-in refusals are shown by the form (from the machine's
 * `error`), so those calls are silent; the server's other notices become toasts.
 * @example
 * const session = startSession({ api: () => api, store, forget: forgetAll })
 * session.send({ type: 'session.login', email, password, business_id })
 */
export function startSession({ api, store, forget }: SessionOptions) {
  const machine = sessionMachine.provide({
    actors: {
      restore: fromPromise(async () => storedTokens(store)),
      login: fromPromise(async ({ input }) => {
        const { business_id: businessId, email, password } = input
        return api().login({ body: businessId ? { business_id: businessId } : {}, credentials: { email, password } }, { silent: true })
      }),
      verifyOtp: fromPromise(async ({ input }) => api().verifyOtp({ body: input }, { silent: true })),
      resendOtp: fromPromise(async ({ input }) => {
        await api().resendOtp({ body: input }, { silent: true })
      }),
      fetchUser: fromPromise(async () => api().getProfile(undefined, { silent: true })),
      fetchSettings: fromPromise(async () => api().getSettings(undefined, { silent: true })),
      logout: fromPromise(async ({ input }) => {
        await api().logout({ body: input.refresh_token ? { refresh_token: input.refresh_token } : {} })
      }),
    },
    actions: {
      storeTokens: (_, { tokens }) => {
        store.set('token', tokens.token)
        store.set('refresh_token', tokens.refresh_token)
      },
      storeUser: (_, { user }) => store.set('user', JSON.stringify(user)),
      storeSettings: (_, { settings }) => store.set('settings', JSON.stringify(settings)),
      clearStore: () => {
        store.clear()
        forget()
      },
    },
  })
  return createActor(machine).start()
}

export type Session = ReturnType<typeof startSession>
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>
