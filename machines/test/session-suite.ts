import { describe, expect, it } from 'vitest'
import type { AuthTokens, LoginResult, Profile, Settings } from '@rota/core'
import { sessionMachine, type LoginInput, type SessionContext } from '../src/session-machine.ts'
import { missingTransitions } from './coverage.ts'
import { machineModel, pathName, type EventSamples } from './model.ts'
import { walk, type Meanings, type SuiteOptions, type World } from './walk.ts'

/**
 * What the server behind a walk knows and answers: the accounts that sign in and how,
 * and which calls may fail. The model offers exactly these answers, so a walk against a
 * real server needs a scenario that server can live up to.
 */
export interface SessionScenario {
  /** A pair `restore` may find that loads a user. */
  validTokens: AuthTokens
  /** A pair `restore` may find that the server no longer accepts. */
  staleTokens?: AuthTokens
  restoreMayFail?: boolean
  /** Sign-in attempts and what the server answers to each. */
  logins: { input: LoginInput; answer: LoginResult | 'refused' }[]
  otpCodes: string[]
  /** What `verifyOtp` may answer (the model does not tie an answer to a code). */
  otpAnswers: (AuthTokens | 'refused')[]
  resendMayFail?: boolean
  /** What registration or an accepted invitation hands over with `session.tokens`. */
  handedOver: AuthTokens
  refreshed: AuthTokens
  user: Profile
  settings: Settings
  settingsMayFail?: boolean
  logoutMayFail?: boolean
}

/** A world for the session: the actors, the store actions, and a view of what is stored. */
export interface SessionWorld extends World {
  stored(): { tokens: AuthTokens | null; user: Profile | null; settings: Settings | null }
}

const refused = (what: string) => ({ error: new Error(what) })
const sameLogin = (a: LoginInput | null, b: LoginInput) =>
  a !== null && a.email === b.email && a.password === b.password && (a.business_id ?? null) === (b.business_id ?? null)

function samples(scenario: SessionScenario) {
  return (snapshot: { context: SessionContext }): EventSamples => {
    const { credentials, businesses, tokens } = snapshot.context
    const answer = scenario.logins.find((login) => sameLogin(credentials, login.input))?.answer
    const userLoads = tokens?.token !== scenario.staleTokens?.token
    return {
      'xstate.done.actor.restore': [null, scenario.validTokens, scenario.staleTokens].filter((pair) => pair !== undefined).map((output) => ({ output })),
      'xstate.error.actor.restore': scenario.restoreMayFail ? [refused('The credentials file is unreadable')] : [],
      'session.login': scenario.logins.map((login) => login.input),
      'xstate.done.actor.login': answer && answer !== 'refused' ? [{ output: answer }] : [],
      'xstate.error.actor.login': answer === 'refused' ? [refused('Wrong e-mail or password')] : [],
      'session.business.choose': businesses.map(({ business_id }) => ({ business_id })),
      'session.otp.submit': scenario.otpCodes.map((code) => ({ code })),
      'xstate.done.actor.verifyOtp': scenario.otpAnswers.filter((otp) => otp !== 'refused').map((output) => ({ output })),
      'xstate.error.actor.verifyOtp': scenario.otpAnswers.includes('refused') ? [refused('That code is not right')] : [],
      'xstate.error.actor.resendOtp': scenario.resendMayFail ? [refused('Too many codes; wait a minute')] : [],
      'session.tokens': [{ tokens: scenario.handedOver }],
      'xstate.done.actor.fetchUser': userLoads ? [{ output: scenario.user }] : [],
      'xstate.error.actor.fetchUser': userLoads ? [] : [refused('Please sign in')],
      'xstate.done.actor.fetchSettings': [{ output: scenario.settings }],
      'xstate.error.actor.fetchSettings': scenario.settingsMayFail ? [refused('Network error')] : [],
      'session.refreshed': [{ tokens: scenario.refreshed }],
      'session.user.updated': [{ user: { ...scenario.user, firstname: 'Renamed' } }],
      'session.settings.updated': [{ settings: { ...scenario.settings, business_name: 'Renamed Inc.' } }],
      'xstate.error.actor.logout': scenario.logoutMayFail ? [refused('Network error')] : [],
    }
  }
}

const nothingStored = { tokens: null, user: null, settings: null }

/** What each state means to the person using the app, checked against the store and the context. */
const meanings: Meanings<SessionWorld> = {
  signedOut: ({ context }, { world, event }) => {
    expect(world.stored()).toEqual(nothingStored)
    expect(context.user).toBeNull()
    expect(context.credentials).toBeNull()
    if (event.type === 'xstate.error.actor.login') expect(context.error).toMatch(/\S/)
  },
  signingIn: ({ context }, { world }) => {
    expect(context.credentials?.email).toMatch(/@/)
    expect(world.stored()).toEqual(nothingStored)
  },
  choosingBusiness: ({ context }, { world }) => {
    expect(context.businesses.length).toBeGreaterThan(0)
    expect(world.stored()).toEqual(nothingStored)
  },
  awaitingOtp: ({ context }, { world, event }) => {
    expect(context.otp?.challenge).toMatch(/\S/)
    expect(context.credentials).toBeNull()
    expect(world.stored()).toEqual(nothingStored)
    if (event.type.startsWith('xstate.error.actor.')) expect(context.error).toMatch(/\S/)
  },
  loadingUser: ({ context }, { world }) => {
    expect(world.stored().tokens).toEqual(context.tokens)
    expect(context.tokens?.token).toMatch(/\S/)
    expect(context.user).toBeNull()
  },
  loadingSettings: ({ context }, { world }) => {
    expect(world.stored()).toMatchObject({ tokens: context.tokens, user: context.user })
    expect(context.user?.email).toMatch(/@/)
  },
  signedIn: ({ context }, { world, event }) => {
    expect(world.stored()).toEqual({ tokens: context.tokens, user: context.user, settings: context.settings })
    expect(context.tokens?.token).toMatch(/\S/)
    expect(context.user?.email).toMatch(/@/)
    if (context.settings === null || event.type === 'xstate.error.actor.fetchSettings') expect(context.error).toMatch(/\S/)
    if (event.type === 'xstate.done.actor.fetchSettings') expect(context.error).toBeNull()
  },
  signingOut: ({ context }, { world }) => {
    expect(world.stored().tokens).toEqual(context.tokens)
  },
}

/**
 * The session machine's model-based suite: every shortest path of the model walked on
 * a real actor in a fresh world, after checking that the paths take every transition.
 * The stubbed suite passes a world answered by the model; a suite against a running
 * server passes one whose actors call it (and `restore` still answered by the model,
 * seeding its store through `answered`).
 * @example
 * describeSessionMachine('against the dev server', { scenario: seededAccounts, createWorld: () => httpWorld(baseURL), everyTransition: false })
 */
export function describeSessionMachine(name: string, options: SuiteOptions<SessionScenario, SessionWorld>) {
  const { scenario } = options
  // Which pair, user or settings is held does not change what can happen next; whether one is held, does.
  const context = ({ tokens, user, settings, ...rest }: SessionContext) => ({
    ...rest,
    tokens: tokens && (tokens.token === scenario.staleTokens?.token ? 'stale' : 'valid'),
    user: user !== null,
    settings: settings !== null,
  })
  const model = machineModel(sessionMachine, { events: samples(scenario) as never, context: context as never })
  const paths = model.getShortestPaths(options.paths)

  describe(`session machine (${name})`, () => {
    if (options.everyTransition ?? true) {
      it('walks every transition', () => {
        expect(missingTransitions(sessionMachine, [{ paths }])).toEqual([])
      })
    }

    it.each(paths.map((path) => [pathName(path), path] as const))('%s', (_, path) =>
      walk(path, { machine: sessionMachine, world: options.createWorld(), meanings }),
    )
  })
}
