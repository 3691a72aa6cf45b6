import type { ApiClient, ApiFunctions, AuthTokens, KeyValueStore, Profile, Settings } from '@rota/core'
import type { LoginInput } from '../session-machine.ts'
import { sessionImplementations } from '../session-provider.ts'
import { accepted } from './check.ts'
import { storedSession, type SessionScenario, type SessionWorld } from './session.ts'

/** The account a walk against a live server signs in with: a business's owner, say, who needs no e-mailed code. */
export interface LiveAccount {
  business_id: string
  email: string
  password: string
}

/**
 * The passwords of the live scenario are labels: the world types the account's real
 * password for the right one, so no path name (nor report) shows it.
 * @example
 * const label = step.event.password === LIVE_PASSWORDS.right ? 'sign in' : 'sign in with a wrong password'
 */
export const LIVE_PASSWORDS = { right: 'the right password', wrong: 'a wrong password' } as const

const attempt = (password: string): LoginInput => ({ business_id: "the account's business", email: "the account's e-mail", password })

/** What the model says an actor answered; the machine hears the server's own answer instead. */
const standIn = <T>(what: string) => ({ model: what }) as unknown as T

/**
 * What any running Rota can be asked to do in a walk of the session machine: start with
 * nothing stored, sign in with the right or a wrong password, load the user and the
 * settings, reload the settings, sign out. What needs a second business, an
 * e-mailed code or a broken network is left to the stubbed suite.
 * @example
 * const paths = sessionModel(liveSessionScenario).getShortestPaths()
 */
export const liveSessionScenario: SessionScenario = {
  logins: [
    { input: attempt(LIVE_PASSWORDS.right), answer: { status: 'signed_in', token: 'model', refresh_token: 'model', expires_in: 0 } },
    { input: attempt(LIVE_PASSWORDS.wrong), answer: 'refused' },
  ],
  user: standIn<Profile>('user'),
  settings: standIn<Settings>('settings'),
}

/**
 * A session world whose actors are the platforms' own (`sessionImplementations`) calling
 * a live server through `client`, signing in as `account` (the live scenario's labelled
 * passwords become its real one), and writing `store` — the store `client` reads its
 * token from, fresh and empty for each walk. Its cleanup signs out whatever session the
 * walk left open.
 * @example
 * const store = memoryStore()
 * const world = sessionApiWorld({ client: createApiClient({ baseURL, store }), store, account })
 * await walk(path, { machine: sessionMachine, world, meanings: sessionMeanings })
 */
export function sessionApiWorld({ client, store, account }: { client: ApiClient; store: KeyValueStore; account: LiveAccount }): SessionWorld {
  const { api } = client
  const silent = { silent: true }
  // The newest refresh token handed out, kept past `clearStore` so cleanup can still revoke it.
  let open: string | null = null
  let signedOut: string | null = null
  const asAccount: ApiFunctions = {
    ...api,
    login: (input, options) =>
      api.login(
        {
          body: { business_id: account.business_id },
          credentials: { email: account.email, password: input.credentials?.password === LIVE_PASSWORDS.right ? account.password : `${account.password} (wrong)` },
        },
        options,
      ),
    logout: async (input, options) => {
      signedOut = input?.body?.refresh_token ?? null
      const answer = await api.logout(input, options)
      if (signedOut === open) open = null
      return answer
    },
  }
  const { actors, actions } = sessionImplementations({ api: asAccount, store })
  return {
    actors,
    provide: {
      actions: {
        ...actions,
        storeTokens: (args: unknown, params: { tokens: AuthTokens }) => {
          actions.storeTokens(args, params)
          open = params.tokens.refresh_token
        },
      },
    },
    stored: () => storedSession(store),
    signedOutTokenWorks: async () =>
      signedOut !== null && accepted(api.refreshToken({ body: { refresh_token: signedOut } }, silent)),
    cleanup: async () => {
      if (open) await api.logout({ body: { refresh_token: open } }, silent).catch(() => {})
    },
  }
}
