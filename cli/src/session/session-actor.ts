import { NetworkError, TimeoutError, type AuthTokens, type LoginResult, type Profile, type Settings } from '@rota/core'
import { sessionMachine, type LoginInput } from '@rota/machines'
import { createActor, fromPromise, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import type { Connection } from './connect.ts'
import type { Target } from './target.ts'

export type SessionActor = ActorRefFrom<typeof sessionMachine>
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/** A running session machine and the last error one of its calls threw, with its type intact. */
export interface Session {
  actor: SessionActor
  lastError(): unknown
  /** Waits until the machine needs the person, is signed in, or is signed out. */
  settled(): Promise<SessionSnapshot>
}

const unreachable = (error: unknown) => error instanceof NetworkError || error instanceof TimeoutError

/**
 * The web app's session machine, provided with the credentials file and the terminal's
 * API client: its actors call the API, its store actions write the profile. `restore`
 * says whether to pick up the stored session (whoami, logout) or start signed out (login).
 * A Rota that cannot be reached does not clear the stored session: the machine treats a
 * failed user load as the end of the session, but on a train without Wi-Fi it is not.
 * @example
 * const session = startSession(target, connection, { restore: true })
 * const snapshot = await session.settled()
 */
export function startSession(target: Target, connection: Connection, { restore }: { restore: boolean }): Session {
  const { store } = target
  const { api } = connection.client
  let lastError: unknown
  const call = <I, O>(body: (input: I) => Promise<O>) =>
    fromPromise<O, I>(async ({ input }) => {
      try {
        return await body(input)
      } catch (error) {
        lastError = error
        throw error
      }
    })
  const machine = sessionMachine.provide({
    actors: {
      restore: fromPromise<AuthTokens | null>(async () => {
        const token = store.get('token')
        return restore && token ? { token, refresh_token: store.get('refresh_token') ?? '', expires_in: 0 } : null
      }),
      login: call<LoginInput, LoginResult>(({ email, password, business_id }) =>
        api.login({ body: business_id ? { business_id } : {}, credentials: { email, password } }, { silent: true }),
      ),
      verifyOtp: call<{ challenge: string; code: string }, AuthTokens>((body) => api.verifyOtp({ body }, { silent: true })),
      resendOtp: call<{ challenge: string }, void>(async (body) => void (await api.resendOtp({ body }, { silent: true }))),
      fetchUser: call<unknown, Profile>(() => api.getProfile(undefined, { silent: true })),
      fetchSettings: call<unknown, Settings>(() => api.getSettings(undefined, { silent: true })),
      // The stored refresh token, not the machine's copy: the token-refresh machine may have rotated it since.
      logout: call<{ refresh_token: string | null }, void>(async ({ refresh_token }) => {
        const current = store.get('refresh_token') ?? refresh_token
        await api.logout({ body: current ? { refresh_token: current } : {} }, { silent: true })
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
        if (!unreachable(lastError)) store.clear()
      },
    },
  })
  const actor = createActor(machine).start()
  const settled = () =>
    waitFor(actor, (snapshot) => snapshot.matches('signedOut') || snapshot.matches('signedIn') || snapshot.matches('choosingBusiness') || snapshot.matches('awaitingOtp'))
  return { actor, lastError: () => lastError, settled }
}
