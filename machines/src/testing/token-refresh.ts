import { fromCallback, type ActorRefFrom, type AnyMachineSnapshot } from 'xstate'
import type { AuthTokens } from '@rota/core'
import { createTokenRefresher, tokenRefreshMachine, type TokenRefreshEvent } from '../token-refresh-machine.ts'
import { check, isText, samePair } from './check.ts'
import { machineModel, type MachineModel } from './model.ts'
import type { Meanings, World } from './walk.ts'

/** What the server answers to a refresh, and what another tab may hand over. */
export interface TokenRefreshScenario {
  /** What the refresh answers in the model (a real server answers its own pair). */
  refreshed: AuthTokens
  refreshMayFail?: boolean
  /** The pair another tab stored; left out where there are no tabs (a server, the CLI). */
  fromAnotherTab?: AuthTokens
}

/**
 * A world for the token refresher: the store, a lock the walk grants by hand (the
 * `token.lock.acquired` steps), the requests waiting through `createTokenRefresher`,
 * and how often the user was signed out.
 */
export interface TokenRefreshWorld extends World {
  stored(): AuthTokens | null
  /** The last pair a refresh answered. */
  refreshed(): AuthTokens | null
  lock(): 'free' | 'requested' | 'held'
  /** Each `token.refresh` of the walk is a request waiting through `createTokenRefresher`. */
  waiters: ('waiting' | boolean)[]
  signOuts(): number
  /**
   * Against a server, after it refused a reused refresh token: whether it revoked that
   * sign-in's whole session, so that even its newest refresh token no longer works.
   */
  sessionRevoked?: () => Promise<boolean>
}

/**
 * The world's parts that do not depend on the server: a lock granted by the walk,
 * waiters, sign-outs, and a store written by `storeTokens`. A world adds its `refresh`
 * actor: answered by the model, or a real call (`tokenRefreshApiWorld`).
 * @example
 * const world = { ...tokenRefreshParts(), actors: { refresh: answeredByModel } }
 */
export function tokenRefreshParts(): Omit<TokenRefreshWorld, 'actors'> {
  let stored: AuthTokens | null = null
  let refreshed: AuthTokens | null = null
  let lock: 'free' | 'requested' | 'held' = 'free'
  let grant: (() => void) | null = null
  let signOuts = 0
  const waiters: TokenRefreshWorld['waiters'] = []
  return {
    provide: {
      actors: {
        acquireLock: fromCallback<TokenRefreshEvent>(({ sendBack }) => {
          lock = 'requested'
          grant = () => {
            lock = 'held'
            sendBack({ type: 'token.lock.acquired' })
          }
          return () => {
            lock = 'free'
            grant = null
          }
        }),
      },
      actions: {
        storeTokens: (_: unknown, { tokens }: { tokens: AuthTokens }) => void (stored = tokens),
        signOut: () => void signOuts++,
      },
    },
    events: {
      'token.lock.acquired': () => {
        if (!grant) throw new Error('Nobody asked for the lock')
        grant()
      },
      'token.refresh': (_, refresher) => {
        const index = waiters.push('waiting') - 1
        void createTokenRefresher(refresher as ActorRefFrom<typeof tokenRefreshMachine>)().then((outcome) => void (waiters[index] = outcome))
      },
    },
    answered: (id, output) => {
      if (id === 'refresh') refreshed = output as AuthTokens
    },
    waiters,
    stored: () => stored,
    refreshed: () => refreshed,
    lock: () => lock,
    signOuts: () => signOuts,
  }
}

/**
 * The token refresher's test model for a scenario. One waiting request or several: the
 * count itself changes nothing that follows.
 * @example
 * const paths = tokenRefreshModel(liveTokenRefreshScenario).getShortestPaths()
 */
export function tokenRefreshModel(scenario: TokenRefreshScenario): MachineModel {
  return machineModel(tokenRefreshMachine, {
    context: (context) => ({ ...context, waiting: Math.min(context.waiting, 2) }),
    events: () => ({
      'xstate.done.actor.refresh': [{ output: scenario.refreshed }],
      'xstate.error.actor.refresh': scenario.refreshMayFail ? [{ error: new Error('This session has ended') }] : [],
      'token.updated': scenario.fromAnotherTab ? [{ tokens: scenario.fromAnotherTab }] : [],
    }),
  })
}

const waitingCount = (world: TokenRefreshWorld) => world.waiters.filter((waiter) => waiter === 'waiting').length

/**
 * What each state of the token refresher means: who still waits, who holds the lock,
 * what is stored; against a server, also that a refused reuse revoked the session.
 * @example
 * await walk(path, { machine: tokenRefreshMachine, world, meanings: tokenRefreshMeanings })
 */
export const tokenRefreshMeanings: Meanings<TokenRefreshWorld> = {
  idle: ({ context }: AnyMachineSnapshot, { world, event }) => {
    check(context.waiting === 0 && waitingCount(world) === 0, 'a request still waits for the refresh')
    check(world.lock() === 'free', 'the lock is still held')
    if (event.type === 'xstate.done.actor.refresh') {
      check(samePair(world.stored(), world.refreshed()), 'the refreshed pair was not stored')
      check(world.waiters.at(-1) === true, 'the waiting request did not hear that the refresh worked')
    }
    if (event.type === 'token.updated') check(samePair(world.stored(), event.tokens), "the other tab's pair was not adopted")
  },
  refreshing: ({ context }: AnyMachineSnapshot, { world }) => {
    check(context.waiting > 0, 'refreshing for nobody')
    check(waitingCount(world) === context.waiting, `${waitingCount(world)} requests wait, the machine counts ${context.waiting}`)
  },
  'refreshing.waitingForLock': (_, { world }) => {
    check(world.lock() === 'requested', 'waiting for a lock nobody asked for')
  },
  'refreshing.exchanging': (_, { world }) => {
    check(world.lock() === 'held', 'refreshing without holding the lock')
  },
  failed: async ({ context }: AnyMachineSnapshot, { world }) => {
    check(world.signOuts() > 0, 'a refused refresh did not sign out')
    check(waitingCount(world) === 0 && world.waiters.at(-1) === false, 'the waiting request did not hear that the refresh failed')
    check(world.lock() === 'free', 'the lock is still held')
    check(isText(context.error), 'the refused refresh gave no reason')
    if (world.sessionRevoked) check(await world.sessionRevoked(), "reusing a spent refresh token did not revoke its session: the newest token still works")
  },
}
