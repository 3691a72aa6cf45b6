import type { ApiClient, AuthTokens } from '@rota/core'
import { accepted } from './check.ts'
import type { MachinePath } from './model.ts'
import type { LiveAccount } from './session-api-world.ts'
import { tokenRefreshParts, type TokenRefreshScenario, type TokenRefreshWorld } from './token-refresh.ts'

/**
 * What any running Rota can be asked to do in a walk of the token refresher: accept a
 * refresh, and refuse one (a reused refresh token). Another tab handing over a pair is
 * the browser's concern, not the server's.
 * @example
 * const paths = tokenRefreshModel(liveTokenRefreshScenario).getShortestPaths()
 */
export const liveTokenRefreshScenario: TokenRefreshScenario = {
  refreshed: { token: 'model', refresh_token: 'model', expires_in: 0 },
  refreshMayFail: true,
}

/** One sign-in's chain of refresh tokens: each refresh spends the newest and hands out the next. */
interface Family {
  current: AuthTokens
  spent: string[]
  revoked: boolean
}

/**
 * A token-refresh world whose `refresh` calls a live server through `client`, as
 * `account`. The path says, refresh by refresh, whether the server must accept or
 * refuse: an accepted one spends the newest refresh token of a sign-in (signing in
 * first when there is none); a refused one replays a spent token, as a stolen copy
 * would, which must also revoke that sign-in. Its cleanup signs out what is left.
 * @example
 * const world = tokenRefreshApiWorld({ client: createApiClient({ baseURL, store: memoryStore() }), account, path })
 * await walk(path, { machine: tokenRefreshMachine, world, meanings: tokenRefreshMeanings })
 */
export function tokenRefreshApiWorld({ client, account, path }: { client: ApiClient; account: LiveAccount; path: MachinePath }): TokenRefreshWorld {
  const { api } = client
  const silent = { silent: true }
  const expected = path.steps.map((step) => step.event.type).filter((type) => type.endsWith('.actor.refresh')).map((type) => type.startsWith('xstate.done.'))
  let family: Family | null = null
  const signIn = async (): Promise<Family> => {
    const result = await api.login({ body: { business_id: account.business_id }, credentials: { email: account.email, password: account.password } }, silent)
    if (result.status !== 'signed_in') throw new Error(`The account must sign in without a code or a choice of business (it got ${result.status})`)
    return { current: result, spent: [], revoked: false }
  }
  const rotate = async (chain: Family, refreshToken: string) => {
    const tokens = await api.refreshToken({ body: { refresh_token: refreshToken } }, silent)
    chain.spent.push(refreshToken)
    chain.current = tokens
    return tokens
  }
  const refresh = async (): Promise<AuthTokens> => {
    const accept = expected.shift()
    // The path ends before this refresh answers: nothing to ask the server.
    if (accept === undefined) return new Promise<never>(() => {})
    if (accept) {
      if (!family || family.revoked) family = await signIn()
      return rotate(family, family.current.refresh_token)
    }
    family ??= await signIn()
    if (family.spent.length === 0) await rotate(family, family.current.refresh_token)
    try {
      return await rotate(family, family.spent[0]!)
    } finally {
      family.revoked = true
    }
  }
  return {
    ...tokenRefreshParts(),
    actors: { refresh },
    sessionRevoked: async () => family !== null && !(await accepted(api.refreshToken({ body: { refresh_token: family.current.refresh_token } }, silent))),
    cleanup: async () => {
      if (family && !family.revoked) await api.logout({ body: { refresh_token: family.current.refresh_token } }, silent).catch(() => {})
    },
  }
}
