import { ApiError, createApiClient, memoryStore, type ApiClient, type AuthTokens, type KeyValueStore, type LoginResult } from '@rota/core'
import { sessionMachine, type LoginInput, type SessionContext } from '@rota/machines'
import type { AnyMachineSnapshot } from 'xstate'
import { machineModel, type EventSamples, type MachinePath } from '../../../machines/test/model.ts'
import { expectThat, maximalPaths, type Checks, type LiveWorld } from './walk.ts'

/** The account smoke tests sign in with. */
export interface SmokeAccount {
  business_id: string
  email: string
  password: string
}

/** Passwords in the model are labels; the world types the real one, so no path name can show it. */
export const RIGHT = 'the right password'
export const WRONG = 'a wrong password'

const placeholderTokens: AuthTokens = { token: 'model', refresh_token: 'model', expires_in: 0 }

/**
 * What a live deployment can be asked to do in a walk of the session machine: start
 * with nothing stored, sign in with the right or a wrong password, load the user and
 * the settings, reload the settings, sign out. What needs a second business, an
 * e-mailed code, or a broken network is left to the stubbed suite.
 */
function samples(account: SmokeAccount) {
  return (snapshot: { context: SessionContext }): EventSamples => {
    const attempt = snapshot.context.credentials?.password
    return {
      'xstate.done.actor.restore': [{ output: null }],
      'xstate.error.actor.restore': [],
      'session.login': [RIGHT, WRONG].map((password) => ({ business_id: account.business_id, email: account.email, password })),
      'xstate.done.actor.login': attempt === RIGHT ? [{ output: { status: 'signed_in', ...placeholderTokens } }] : [],
      'xstate.error.actor.login': attempt === WRONG ? [{ error: new Error('refused') }] : [],
      'session.business.choose': [],
      'session.otp.submit': [],
      'session.otp.resend': [],
      'session.cancel': [],
      'session.tokens': [],
      'xstate.error.actor.fetchUser': [],
      'xstate.error.actor.fetchSettings': [],
      'session.refreshed': [],
      'session.user.updated': [],
      'session.settings.updated': [],
      'session.expired': [],
      'xstate.error.actor.logout': [],
    }
  }
}

/** A walk's world: an empty store and calls to the deployment. */
export interface SessionWorld extends LiveWorld {
  store: KeyValueStore
  /** The refresh token the sign-out revoked, to check that the server refuses it afterwards. */
  signedOutRefreshToken: string | null
  bare: ApiClient
}

function sessionWorld(baseURL: string, account: SmokeAccount): SessionWorld {
  const store = memoryStore()
  const { api } = createApiClient({ baseURL, store })
  const world: SessionWorld = {
    store,
    signedOutRefreshToken: null,
    bare: createApiClient({ baseURL, store: memoryStore() }),
    bodies: {
      restore: async () => null,
      login: ({ email, password, business_id }: LoginInput): Promise<LoginResult> =>
        api.login({ body: { business_id }, credentials: { email, password: password === RIGHT ? account.password : `${account.password} (wrong)` } }, { silent: true }),
      fetchUser: () => api.getProfile(undefined, { silent: true }),
      fetchSettings: () => api.getSettings(undefined, { silent: true }),
      logout: async ({ refresh_token }: { refresh_token: string | null }) => {
        world.signedOutRefreshToken = refresh_token
        await api.logout({ body: refresh_token ? { refresh_token } : {} }, { silent: true })
      },
    },
    async cleanup() {
      const refresh_token = store.get('refresh_token')
      if (refresh_token) await world.bare.api.logout({ body: { refresh_token } }, { silent: true }).catch(() => {})
    },
    provide: {
      actions: {
        storeTokens: (_: unknown, { tokens }: { tokens: AuthTokens }) => {
          store.set('token', tokens.token)
          store.set('refresh_token', tokens.refresh_token)
        },
        storeUser: (_: unknown, { user }: { user: unknown }) => store.set('user', JSON.stringify(user)),
        storeSettings: (_: unknown, { settings }: { settings: unknown }) => store.set('settings', JSON.stringify(settings)),
        clearStore: () => store.clear(),
      },
    },
  }
  return world
}

const parsed = (store: KeyValueStore, key: 'user' | 'settings') => JSON.parse(store.get(key) ?? 'null') as Record<string, unknown> | null

function checks(account: SmokeAccount): Checks<SessionWorld> {
  return {
    signedOut: async ({ context }: AnyMachineSnapshot, { world, event }) => {
      expectThat(world.store.get('token') === null, 'a token is still stored after the session ended')
      expectThat(context.user === null, 'a user is still held after the session ended')
      if (event.type === 'xstate.error.actor.login') expectThat(/\S/.test(context.error ?? ''), 'the refused sign-in gave no message to show')
      if (event.type === 'xstate.done.actor.logout' && world.signedOutRefreshToken) {
        const reused = await world.bare.api.refreshToken({ body: { refresh_token: world.signedOutRefreshToken } }, { silent: true }).then(
          () => null,
          (error: unknown) => error,
        )
        expectThat(reused instanceof ApiError && reused.status === 401, 'the signed-out session\'s refresh token still works')
      }
    },
    loadingUser: ({ context }: AnyMachineSnapshot, { world }) => {
      expectThat(typeof context.tokens?.token === 'string' && context.tokens.token !== 'model', 'the session holds no real token')
      expectThat(world.store.get('token') === context.tokens.token, 'the stored token is not the session\'s')
    },
    signedIn: ({ context }: AnyMachineSnapshot, { world }) => {
      expectThat(world.store.get('token') === context.tokens?.token, 'the stored token is not the session\'s')
      expectThat(parsed(world.store, 'user')?.['email'] === account.email.trim().toLowerCase(), `the current user is not ${account.email}`)
      expectThat(parsed(world.store, 'settings')?.['business_id'] === account.business_id, `the settings are not those of ${account.business_id}`)
      expectThat(context.error === null, `signed in with an error: ${context.error}`)
    },
  }
}

/**
 * The session machine's paths a deployment can walk (the longest of them: each one
 * walks every shorter path it starts with), a fresh world for each, and what each state must mean.
 * @example
 * const { paths, world, checks } = sessionWalks(baseURL, account)
 */
export function sessionWalks(baseURL: string, account: SmokeAccount): { paths: MachinePath[]; world: () => SessionWorld; checks: Checks<SessionWorld> } {
  const reduce = ({ tokens, user, settings, credentials, ...rest }: SessionContext) => ({
    ...rest,
    tokens: tokens !== null,
    user: user !== null,
    settings: settings !== null,
    credentials: credentials?.password ?? null,
  })
  const model = machineModel(sessionMachine, { events: samples(account) as never, context: reduce as never })
  return { paths: maximalPaths(model.getShortestPaths()), world: () => sessionWorld(baseURL, account), checks: checks(account) }
}
