import { ApiError, createApiClient, memoryStore, type AuthTokens } from '@rota/core'
import { createTokenRefresher, tokenRefreshMachine, type TokenRefreshEvent } from '@rota/machines'
import { fromCallback, type ActorRefFrom, type AnyMachineSnapshot } from 'xstate'
import { machineModel, type MachinePath } from '../../../machines/test/model.ts'
import type { SmokeAccount } from './session-walks.ts'
import { expectThat, maximalPaths, type Checks, type LiveWorld } from './walk.ts'

/** One sign-in's chain of refresh tokens: each refresh spends the newest and hands out the next. */
interface Family {
  current: AuthTokens
  spent: string[]
  revoked: boolean
}

/** A walk's world: the store, a lock the path grants, the requests waiting on the refresh, and the sessions behind it. */
export interface RefreshWorld extends LiveWorld {
  stored: AuthTokens | null
  lock: 'free' | 'requested' | 'held'
  waiters: ('waiting' | boolean)[]
  signOuts: number
  family: Family | null
  /** Whether the newest token of a family whose spent token was reused still works. */
  survivorWorks(): Promise<boolean>
}

function refreshWorld(baseURL: string, account: SmokeAccount, path: MachinePath): RefreshWorld {
  const { api } = createApiClient({ baseURL, store: memoryStore() })
  // The path says, refresh by refresh, whether the deployment must accept it or refuse it.
  const expected = path.steps.map((step) => step.event.type).filter((type) => type.endsWith('.actor.refresh')).map((type) => type.startsWith('xstate.done.'))
  const signIn = async (): Promise<Family> => {
    const result = await api.login({ body: { business_id: account.business_id }, credentials: { email: account.email, password: account.password } }, { silent: true })
    if (result.status !== 'signed_in') throw new Error(`the smoke account must sign in without a code or a choice of business (got ${result.status})`)
    return { current: result, spent: [], revoked: false }
  }
  const rotate = async (family: Family, refreshToken: string) => {
    const tokens = await api.refreshToken({ body: { refresh_token: refreshToken } }, { silent: true })
    family.spent.push(refreshToken)
    family.current = tokens
    return tokens
  }
  let grant: (() => void) | null = null
  const world: RefreshWorld = {
    stored: null,
    lock: 'free',
    waiters: [],
    signOuts: 0,
    family: null,
    bodies: {
      refresh: async () => {
        const accept = expected.shift()
        // The path ends before this refresh answers: nothing to ask the deployment.
        if (accept === undefined) return new Promise<never>(() => {})
        if (accept) {
          if (!world.family || world.family.revoked) world.family = await signIn()
          return rotate(world.family, world.family.current.refresh_token)
        }
        world.family ??= await signIn()
        if (world.family.spent.length === 0) await rotate(world.family, world.family.current.refresh_token)
        // Reusing a spent refresh token: a stolen copy replayed after the owner refreshed.
        const spent = world.family.spent[0]!
        try {
          return await rotate(world.family, spent)
        } finally {
          world.family.revoked = true
        }
      },
    },
    provide: {
      actors: {
        acquireLock: fromCallback<TokenRefreshEvent>(({ sendBack }) => {
          world.lock = 'requested'
          grant = () => {
            world.lock = 'held'
            sendBack({ type: 'token.lock.acquired' })
          }
          return () => {
            world.lock = 'free'
            grant = null
          }
        }),
      },
      actions: {
        storeTokens: (_: unknown, { tokens }: { tokens: AuthTokens }) => void (world.stored = tokens),
        signOut: () => void world.signOuts++,
      },
    },
    events: {
      'token.lock.acquired': () => {
        if (!grant) throw new Error('nobody asked for the lock')
        grant()
      },
      'token.refresh': (_, refresher) => {
        const index = world.waiters.push('waiting') - 1
        void createTokenRefresher(refresher as ActorRefFrom<typeof tokenRefreshMachine>)().then((refreshed) => void (world.waiters[index] = refreshed))
      },
    },
    async cleanup() {
      if (world.family && !world.family.revoked) await api.logout({ body: { refresh_token: world.family.current.refresh_token } }, { silent: true }).catch(() => {})
    },
    async survivorWorks() {
      const survivor = world.family?.current.refresh_token
      if (!survivor) return false
      return api.refreshToken({ body: { refresh_token: survivor } }, { silent: true }).then(
        () => true,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 401) return false
          throw error
        },
      )
    },
  }
  return world
}

const checks: Checks<RefreshWorld> = {
  idle: ({ context }: AnyMachineSnapshot, { world, event }) => {
    expectThat(context.waiting === 0 && !world.waiters.includes('waiting'), 'a request still waits for the refresh')
    if (event.type === 'xstate.done.actor.refresh') {
      expectThat(world.stored?.token === world.family?.current.token && world.stored?.refresh_token === world.family?.current.refresh_token, 'the new token pair was not stored')
      expectThat(world.waiters.at(-1) === true, 'the waiting request did not hear that the refresh worked')
    }
  },
  refreshing: ({ context }: AnyMachineSnapshot, { world }) => {
    expectThat(world.waiters.filter((waiter) => waiter === 'waiting').length === context.waiting, 'the requests waiting are not those the machine counts')
  },
  failed: async ({ context }: AnyMachineSnapshot, { world }) => {
    expectThat(world.signOuts > 0, 'a refused refresh did not sign out')
    expectThat(world.waiters.at(-1) === false, 'the waiting request did not hear that the refresh failed')
    expectThat(/\S/.test(context.error ?? ''), 'the refused refresh gave no reason')
    expectThat(!(await world.survivorWorks()), 'reusing a spent refresh token did not revoke its session: the newest token still works')
  },
}

/**
 * The token-refresh machine's paths a deployment can walk: refreshes it accepts, and
 * a reused refresh token it must refuse (revoking that sign-in's whole session).
 * @example
 * const { paths, world, checks } = refreshWalks(baseURL, account)
 */
export function refreshWalks(baseURL: string, account: SmokeAccount): { paths: MachinePath[]; world: (path: MachinePath) => RefreshWorld; checks: Checks<RefreshWorld> } {
  const placeholder: AuthTokens = { token: 'model', refresh_token: 'model', expires_in: 0 }
  const model = machineModel(tokenRefreshMachine, {
    context: (context) => ({ ...context, waiting: Math.min(context.waiting, 2) }),
    events: () => ({
      'xstate.done.actor.refresh': [{ output: placeholder }],
      'xstate.error.actor.refresh': [{ error: new Error('refused') }],
      // Another tab handing over a pair is the browser's concern, not the deployment's.
      'token.updated': [],
    }),
  })
  return { paths: maximalPaths(model.getShortestPaths()), world: (path) => refreshWorld(baseURL, account, path), checks }
}
