import { describe, expect, it } from 'vitest'
import { fromCallback, type ActorRefFrom } from 'xstate'
import type { AuthTokens } from '@rota/core'
import { createTokenRefresher, tokenRefreshMachine, type TokenRefreshEvent } from '../src/token-refresh-machine.ts'
import { missingTransitions } from './coverage.ts'
import { machineModel, pathName } from './model.ts'
import { walk, type Meanings, type SuiteOptions, type World } from './walk.ts'

/** What the server answers to a refresh, and what another tab may hand over. */
export interface TokenRefreshScenario {
  refreshed: AuthTokens
  refreshMayFail?: boolean
  /** The pair another tab stored. */
  fromAnotherTab: AuthTokens
}

/**
 * A world for the token refresher: the store, a lock the walk grants by hand (the
 * `token.lock.acquired` steps), the requests waiting through `createTokenRefresher`,
 * and how often the user was signed out.
 */
export interface TokenRefreshWorld extends World {
  stored(): AuthTokens | null
  lock(): 'free' | 'requested' | 'held'
  /** Each `token.refresh` of the walk is a request waiting through `createTokenRefresher`. */
  waiters: ('waiting' | boolean)[]
  signOuts(): number
}

/**
 * The world's parts that do not depend on the server: a lock granted by the walk,
 * waiters, sign-outs, and a store written by `storeTokens`. A world against a real
 * server adds its `refresh` actor.
 * @example
 * const world = { ...manualParts(), actors: { refresh: () => client.api.refreshToken(…) } }
 */
export function manualParts(): Omit<TokenRefreshWorld, 'actors'> {
  let stored: AuthTokens | null = null
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
        void createTokenRefresher(refresher as ActorRefFrom<typeof tokenRefreshMachine>)().then((refreshed) => void (waiters[index] = refreshed))
      },
    },
    waiters,
    stored: () => stored,
    lock: () => lock,
    signOuts: () => signOuts,
  }
}

const meanings: Meanings<TokenRefreshWorld> = {
  idle: ({ context }, { world, event }) => {
    expect(context.waiting).toBe(0)
    expect(world.waiters).not.toContain('waiting')
    expect(world.lock()).toBe('free')
    if (event.type === 'xstate.done.actor.refresh') {
      expect(world.stored()).toEqual(event.output)
      expect(world.waiters.at(-1)).toBe(true)
    }
    if (event.type === 'token.updated') expect(world.stored()).toEqual(event.tokens)
  },
  refreshing: ({ context }, { world }) => {
    expect(world.waiters.filter((waiter) => waiter === 'waiting')).toHaveLength(context.waiting)
    expect(context.waiting).toBeGreaterThan(0)
  },
  'refreshing.waitingForLock': (_, { world }) => {
    expect(world.lock()).toBe('requested')
  },
  'refreshing.exchanging': (_, { world }) => {
    expect(world.lock()).toBe('held')
  },
  failed: ({ context }, { world }) => {
    expect(world.signOuts()).toBeGreaterThan(0)
    expect(world.waiters).not.toContain('waiting')
    expect(world.waiters.at(-1)).toBe(false)
    expect(world.lock()).toBe('free')
    expect(context.error).toMatch(/\S/)
  },
}

/**
 * The token refresher's model-based suite, for a world of stubs or of real calls.
 * @example
 * describeTokenRefreshMachine('against the dev server', { scenario, createWorld: () => ({ ...manualParts(), actors: { refresh } }) })
 */
export function describeTokenRefreshMachine(name: string, options: SuiteOptions<TokenRefreshScenario, TokenRefreshWorld>) {
  const { scenario } = options
  const model = machineModel(tokenRefreshMachine, {
    // One waiting request or several: the count itself changes nothing that follows.
    context: (context) => ({ ...context, waiting: Math.min(context.waiting, 2) }),
    events: () => ({
      'xstate.done.actor.refresh': [{ output: scenario.refreshed }],
      'xstate.error.actor.refresh': scenario.refreshMayFail ? [{ error: new Error('This session has ended') }] : [],
      'token.updated': [{ tokens: scenario.fromAnotherTab }],
    }),
  })
  const paths = model.getShortestPaths(options.paths)

  describe(`token refresh machine (${name})`, () => {
    if (options.everyTransition ?? true) {
      it('walks every transition', () => {
        expect(missingTransitions(tokenRefreshMachine, [{ paths }])).toEqual([])
      })
    }

    it.each(paths.map((path) => [pathName(path), path] as const))('%s', (_, path) =>
      walk(path, { machine: tokenRefreshMachine, world: options.createWorld(), meanings }),
    )
  })
}
