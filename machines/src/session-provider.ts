import { fromPromise } from 'xstate'
import type { ApiFunctions, AuthTokens, KeyValueStore, LoginResult, Profile, Settings } from '@rota/core'
import { sessionMachine, type GoogleLoginInput, type LoginInput } from './session-machine.ts'

/** What a platform gives the session: Rota's API, a store, and the few ways platforms differ. */
export interface SessionPlatform {
  /** The API client's functions, or a function giving them at each call (for a client made after the session). */
  api: ApiFunctions | (() => ApiFunctions)
  /** Where the token pair, the user and the settings are kept (localStorage, a credentials file). */
  store: KeyValueStore
  /**
   * What the session starts from: `pair` (default) the stored token pair; `token` a stored
   * access token even without its refresh token (the CLI's ROTA_TOKEN); `nothing` signed out
   * whatever is stored (`rota login` signs in afresh).
   */
  restore?: 'pair' | 'token' | 'nothing'
  /** Whatever else the platform keeps for the session, dropped with the store (the web's query cache). */
  forget?: () => void
  /** Hears each API call that failed, with the error as thrown (the CLI maps it to an exit code). */
  onError?: (error: unknown) => void
  /**
   * Whether an ending session keeps the store, given the last API failure: the CLI keeps
   * it when Rota could not be reached, since a train without Wi-Fi does not end a session.
   */
  keepStoreAfter?: (lastError: unknown) => boolean
}

/** The session machine's actors as plain async functions, and its store actions. */
export interface SessionImplementations {
  actors: {
    restore: () => Promise<AuthTokens | null>
    login: (input: LoginInput) => Promise<LoginResult>
    googleLogin: (input: GoogleLoginInput) => Promise<LoginResult>
    verifyOtp: (input: { challenge: string; code: string }) => Promise<AuthTokens>
    resendOtp: (input: { challenge: string }) => Promise<void>
    fetchUser: () => Promise<Profile>
    fetchSettings: () => Promise<Settings>
    logout: (input: { refresh_token: string | null }) => Promise<void>
  }
  actions: {
    storeTokens: (_: unknown, params: { tokens: AuthTokens }) => void
    storeUser: (_: unknown, params: { user: Profile }) => void
    storeSettings: (_: unknown, params: { settings: Settings }) => void
    clearStore: () => void
  }
}

/**
 * The token pair a store holds, when it holds both halves.
 * @example
 * storedTokens(memoryStore({ token: 'a', refresh_token: 'b' })) // { token: 'a', refresh_token: 'b', expires_in: 0 }
 */
export function storedTokens(store: KeyValueStore): AuthTokens | null {
  const token = store.get('token')
  const refreshToken = store.get('refresh_token')
  return token && refreshToken ? { token, refresh_token: refreshToken, expires_in: 0 } : null
}

function restored(store: KeyValueStore, restore: SessionPlatform['restore']): AuthTokens | null {
  if (restore === 'nothing') return null
  if (restore === 'token') {
    const token = store.get('token')
    return token ? { token, refresh_token: store.get('refresh_token') ?? '', expires_in: 0 } : null
  }
  return storedTokens(store)
}

/**
 * The bodies of the session machine's actors and actions for a platform, as plain
 * functions: every call goes through the API client (sign-in refusals silent, since the
 * screens show them from the machine's `error`), every write to the store. A test world
 * holds or watches these bodies; `provideSession` gives them to the machine.
 * @example
 * const { actors, actions } = sessionImplementations({ api: client.api, store })
 * await actors.login({ business_id: 'acme', email: 'ada@acme.test', password: '…' })
 */
export function sessionImplementations(platform: SessionPlatform): SessionImplementations {
  const { store, forget, onError, keepStoreAfter } = platform
  const api = typeof platform.api === 'function' ? platform.api : () => platform.api as ApiFunctions
  const silent = { silent: true }
  let lastError: unknown
  const call =
    <I extends unknown[], O>(body: (...input: I) => Promise<O>) =>
    async (...input: I): Promise<O> => {
      try {
        return await body(...input)
      } catch (error) {
        lastError = error
        onError?.(error)
        throw error
      }
    }
  return {
    actors: {
      restore: async () => restored(store, platform.restore),
      login: call(({ business_id: businessId, email, password }: LoginInput) =>
        api().login({ body: businessId ? { business_id: businessId } : {}, credentials: { email, password } }, silent),
      ),
      googleLogin: call((body: GoogleLoginInput) => api().googleLogin({ body }, silent)),
      verifyOtp: call((body: { challenge: string; code: string }) => api().verifyOtp({ body }, silent)),
      resendOtp: call(async (body: { challenge: string }) => void (await api().resendOtp({ body }, silent))),
      fetchUser: call(() => api().getProfile(undefined, silent)),
      fetchSettings: call(() => api().getSettings(undefined, silent)),
      // The stored refresh token before the machine's copy: the token refresher may have rotated it since.
      // Not silent: the platform's notices say the session ended.
      logout: call(async ({ refresh_token }: { refresh_token: string | null }) => {
        const current = store.get('refresh_token') ?? refresh_token
        await api().logout({ body: current ? { refresh_token: current } : {} })
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
        if (keepStoreAfter?.(lastError)) return
        store.clear()
        forget?.()
      },
    },
  }
}

/**
 * The session machine provided for a platform: the one wiring the web app, the CLI and
 * the model-based walks share. It does no I/O of its own; the API functions and the
 * store do.
 * @example
 * const session = createActor(provideSession({ api: client.api, store })).start()
 * session.send({ type: 'session.login', business_id: 'acme', email: 'ada@acme.test', password: '…' })
 */
export function provideSession(platform: SessionPlatform) {
  const { actors, actions } = sessionImplementations(platform)
  return sessionMachine.provide({
    actors: {
      restore: fromPromise(() => actors.restore()),
      login: fromPromise(({ input }) => actors.login(input)),
      googleLogin: fromPromise(({ input }) => actors.googleLogin(input)),
      verifyOtp: fromPromise(({ input }) => actors.verifyOtp(input)),
      resendOtp: fromPromise(({ input }) => actors.resendOtp(input)),
      fetchUser: fromPromise(() => actors.fetchUser()),
      fetchSettings: fromPromise(() => actors.fetchSettings()),
      logout: fromPromise(({ input }) => actors.logout(input)),
    },
    actions,
  })
}
