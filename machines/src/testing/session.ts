import type { AnyMachineSnapshot } from 'xstate'
import type { AuthTokens, KeyValueStore, LoginResult, Profile, Settings } from '@rota/core'
import { storedTokens } from '../session-provider.ts'
import { sessionMachine, type GoogleLoginInput, type LoginInput, type SessionContext } from '../session-machine.ts'
import { check, isText, samePair } from './check.ts'
import { machineModel, type EventSamples, type MachineModel } from './model.ts'
import type { Meanings, World } from './walk.ts'

/**
 * What the server behind a walk knows and answers: the accounts that sign in and how,
 * and which calls may fail. The model offers exactly these answers, so a walk against a
 * real server needs a scenario that server can live up to (`liveSessionScenario`).
 * An optional answer left out is one the walk never asks for.
 */
export interface SessionScenario {
  /** A pair `restore` may find that loads a user. */
  validTokens?: AuthTokens
  /** A pair `restore` may find that the server no longer accepts. */
  staleTokens?: AuthTokens
  restoreMayFail?: boolean
  /** Sign-in attempts and what the server answers to each. */
  logins: { input: LoginInput; answer: LoginResult | 'refused' }[]
  /** Sign-ins with Google's ID token (with the business once one was chosen) and what the server answers to each. */
  googleLogins?: { input: GoogleLoginInput; answer: LoginResult | 'refused' }[]
  otpCodes?: string[]
  /** What `verifyOtp` may answer (the model does not tie an answer to a code). */
  otpAnswers?: (AuthTokens | 'refused')[]
  resendMayFail?: boolean
  /** What registration or an accepted invitation hands over with `session.tokens`. */
  handedOver?: AuthTokens
  /** What the token refresher hands over with `session.refreshed`. */
  refreshed?: AuthTokens
  /** What `fetchUser` and `fetchSettings` answer in the model (a real server answers its own). */
  user: Profile
  settings: Settings
  /** Offer live updates of the user and the settings (`session.user.updated`, `session.settings.updated`). */
  liveUpdates?: boolean
  /** Offer `session.expired` (the API client gave up on the session); against a server it costs a sign-in and tests nothing of it. */
  expires?: boolean
  settingsMayFail?: boolean
  logoutMayFail?: boolean
}

/** The token pair as a store keeps it (the lifetime is not kept). */
export type StoredPair = Pick<AuthTokens, 'token' | 'refresh_token'>

/** A world for the session: the actors, the store actions, and a view of what is stored. */
export interface SessionWorld extends World {
  stored(): { tokens: StoredPair | null; user: Profile | null; settings: Settings | null }
  /**
   * Against a server: whether it still accepts the refresh token the last sign-out
   * revoked. Checked when a sign-out has answered.
   */
  signedOutTokenWorks?: () => Promise<boolean>
}

/**
 * What a store holds of the session, as a world's `stored()` reports it.
 * @example
 * const world = { …, stored: () => storedSession(store) }
 */
export function storedSession(store: KeyValueStore): ReturnType<SessionWorld['stored']> {
  const read = (key: 'user' | 'settings') => JSON.parse(store.get(key) ?? 'null')
  const tokens = storedTokens(store)
  return { tokens: tokens && { token: tokens.token, refresh_token: tokens.refresh_token }, user: read('user'), settings: read('settings') }
}

const isStale = ({ staleTokens }: SessionScenario, tokens: AuthTokens | null) => staleTokens !== undefined && tokens?.token === staleTokens.token
const refused = (what: string) => ({ error: new Error(what) })
const sameLogin = (a: LoginInput | null, b: LoginInput) =>
  a !== null && a.email === b.email && a.password === b.password && (a.business_id ?? null) === (b.business_id ?? null)
const sameGoogle = (a: GoogleLoginInput | null, b: GoogleLoginInput) =>
  a !== null && a.credential === b.credential && (a.business_id ?? null) === (b.business_id ?? null)

/**
 * The events the session model may send in a state, for a scenario: what each actor may
 * answer there, and the sign-in attempts, codes and updates a person or the platform sends.
 * @example
 * machineModel(sessionMachine, { events: sessionSamples(scenario) })
 */
export function sessionSamples(scenario: SessionScenario): (snapshot: { context: SessionContext }) => EventSamples {
  const { otpCodes = [], otpAnswers = [], googleLogins = [] } = scenario
  return ({ context: { credentials, google, businesses, tokens } }) => {
    const answer = scenario.logins.find((login) => sameLogin(credentials, login.input))?.answer
    const googleAnswer = googleLogins.find((login) => sameGoogle(google, login.input))?.answer
    const userLoads = !isStale(scenario, tokens)
    const renamed = scenario.liveUpdates === true
    return {
      'xstate.done.actor.restore': [null, scenario.validTokens, scenario.staleTokens].filter((pair) => pair !== undefined).map((output) => ({ output })),
      'xstate.error.actor.restore': scenario.restoreMayFail ? [refused('The credentials file is unreadable')] : [],
      'session.login': scenario.logins.map((login) => login.input),
      'xstate.done.actor.login': answer && answer !== 'refused' ? [{ output: answer }] : [],
      'xstate.error.actor.login': answer === 'refused' ? [refused('Wrong e-mail or password')] : [],
      // Google's button hands over an ID token; a business is only ever chosen after the server asked.
      'session.google': googleLogins.filter(({ input }) => input.business_id === undefined).map(({ input }) => ({ credential: input.credential })),
      'xstate.done.actor.googleLogin': googleAnswer && googleAnswer !== 'refused' ? [{ output: googleAnswer }] : [],
      'xstate.error.actor.googleLogin': googleAnswer === 'refused' ? [refused('No account uses this Google account')] : [],
      'session.business.choose': businesses.map(({ business_id }) => ({ business_id })),
      'session.otp.submit': otpCodes.map((code) => ({ code })),
      'xstate.done.actor.verifyOtp': otpAnswers.filter((otp) => otp !== 'refused').map((output) => ({ output })),
      'xstate.error.actor.verifyOtp': otpAnswers.includes('refused') ? [refused('That code is not right')] : [],
      'xstate.error.actor.resendOtp': scenario.resendMayFail ? [refused('Too many codes; wait a minute')] : [],
      'session.tokens': scenario.handedOver ? [{ tokens: scenario.handedOver }] : [],
      'xstate.done.actor.fetchUser': userLoads ? [{ output: scenario.user }] : [],
      'xstate.error.actor.fetchUser': userLoads ? [] : [refused('Please sign in')],
      'xstate.done.actor.fetchSettings': [{ output: scenario.settings }],
      'xstate.error.actor.fetchSettings': scenario.settingsMayFail ? [refused('Network error')] : [],
      'session.refreshed': scenario.refreshed ? [{ tokens: scenario.refreshed }] : [],
      'session.user.updated': renamed ? [{ user: { ...scenario.user, firstname: 'Renamed' } }] : [],
      'session.settings.updated': renamed ? [{ settings: { ...scenario.settings, business_name: 'Renamed Inc.' } }] : [],
      'xstate.error.actor.logout': scenario.logoutMayFail ? [refused('Network error')] : [],
      'session.expired': scenario.expires ? [{}] : [],
    }
  }
}

/**
 * The session machine's test model for a scenario. Which pair, user or settings is held
 * does not change what can happen next, only whether one is held, so the model tells
 * states apart by that.
 * @example
 * const paths = sessionModel(liveSessionScenario).getShortestPaths()
 */
export function sessionModel(scenario: SessionScenario): MachineModel {
  const context = ({ tokens, user, settings, ...rest }: SessionContext) => ({
    ...rest,
    tokens: tokens && (isStale(scenario, tokens) ? 'stale' : 'valid'),
    user: user !== null,
    settings: settings !== null,
  })
  return machineModel(sessionMachine, { events: sessionSamples(scenario) as never, context: context as never })
}

/**
 * What each state of the session means to the person using the app, checked against
 * the store and the context; against a server, also that a sign-out really ends the session.
 * @example
 * await walk(path, { machine: sessionMachine, world, meanings: sessionMeanings })
 */
export const sessionMeanings: Meanings<SessionWorld> = {
  signedOut: async ({ context }: AnyMachineSnapshot, { world, event }) => {
    const { tokens, user, settings } = world.stored()
    check(tokens === null && user === null && settings === null, 'something of the session is still stored after it ended')
    check(context.user === null && context.credentials === null && context.google === null, 'the ended session still holds a user or credentials')
    if (event.type === 'xstate.error.actor.login' || event.type === 'xstate.error.actor.googleLogin') check(isText(context.error), 'the refused sign-in gave no message to show')
    if (event.type === 'xstate.done.actor.logout' && world.signedOutTokenWorks) {
      check(!(await world.signedOutTokenWorks()), "the server still accepts the signed-out session's refresh token")
    }
  },
  signingIn: (snapshot: AnyMachineSnapshot, { world }) => {
    const { context } = snapshot
    if (snapshot.matches({ signingIn: 'withGoogle' })) {
      check(isText(context.google?.credential) && context.credentials === null, "signing in with Google without Google's token, or with a password kept")
    } else {
      check(isText(context.credentials?.email) && context.google === null, "signing in without an e-mail, or with Google's token kept")
    }
    check(world.stored().tokens === null, 'a token is stored before the sign-in answered')
  },
  choosingBusiness: ({ context }: AnyMachineSnapshot, { world }) => {
    check(context.businesses.length > 0, 'no business to choose from')
    check((context.credentials === null) !== (context.google === null), 'choosing a business without knowing how to sign in to it')
    check(world.stored().tokens === null, 'a token is stored before a business was chosen')
  },
  awaitingOtp: ({ context }: AnyMachineSnapshot, { world, event }) => {
    check(isText(context.otp?.challenge), 'waiting for a code without a challenge')
    check(context.credentials === null && context.google === null, "the password or Google's token is kept while waiting for the code")
    check(world.stored().tokens === null, 'a token is stored before the code was accepted')
    if (event.type.startsWith('xstate.error.actor.')) check(isText(context.error), 'the refused code gave no message to show')
  },
  loadingUser: ({ context }: AnyMachineSnapshot, { world }) => {
    check(isText(context.tokens?.token), 'loading the user without a token')
    check(samePair(world.stored().tokens, context.tokens), "the stored pair is not the session's")
    check(context.user === null, 'a user is held before it was loaded')
  },
  loadingSettings: ({ context }: AnyMachineSnapshot, { world }) => {
    check(isText(context.user?.email), 'the loaded user has no e-mail')
    check(samePair(world.stored().tokens, context.tokens), "the stored pair is not the session's")
    check(world.stored().user?.id === context.user.id, "the stored user is not the session's")
  },
  signedIn: ({ context }: AnyMachineSnapshot, { world, event }) => {
    const stored = world.stored()
    check(isText(context.tokens?.token) && samePair(stored.tokens, context.tokens), "the stored pair is not the session's")
    check(isText(context.user?.email) && stored.user?.id === context.user.id, "the stored user is not the session's")
    check(JSON.stringify(stored.user) === JSON.stringify(context.user), 'the stored user is not the one the session shows')
    check(JSON.stringify(stored.settings) === JSON.stringify(context.settings), 'the stored settings are not the ones the session shows')
    if (context.settings === null || event.type === 'xstate.error.actor.fetchSettings') check(isText(context.error), 'settings that did not load gave no message')
    if (event.type === 'xstate.done.actor.fetchSettings') check(context.error === null, `signed in with an error: ${context.error}`)
  },
  signingOut: ({ context }: AnyMachineSnapshot, { world }) => {
    check(samePair(world.stored().tokens, context.tokens), 'the pair was dropped before the server heard of the sign-out')
  },
}
