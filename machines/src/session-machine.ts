import { assertEvent, assign, setup } from 'xstate'
import type { AuthTokens, LoginResult, Profile, Settings } from '@rota/core'
import { errorMessage, notProvided } from './placeholders.ts'

/** What the sign-in form sends. Without `business_id`, an e-mail in several businesses is asked to choose. */
export interface LoginInput {
  business_id?: string
  email: string
  password: string
}

/** What Google's button hands over: its ID token; the business comes from a choice the server asked for. */
export interface GoogleLoginInput {
  credential: string
  business_id?: string
}

/** A business the e-mail and password (or the Google account) match, to choose from. */
export type BusinessChoice = Extract<LoginResult, { status: 'choose_business' }>['businesses'][number]
/** The sign-in attempt waiting for its e-mailed code. */
export type OtpChallenge = Omit<Extract<LoginResult, { status: 'otp_required' }>, 'status'>

/** What the session holds; the store holds the same tokens, user and settings. */
export interface SessionContext {
  tokens: AuthTokens | null
  user: Profile | null
  /** Null while loading, and when they could not be loaded (the session goes on without them). */
  settings: Settings | null
  /** The last failure to show: a refused sign-in or code, or settings that would not load. */
  error: string | null
  /** Kept only between an answer that asks for a business and the sign-in with the chosen one. */
  credentials: LoginInput | null
  /** The same for a sign-in with Google: its ID token, until the server answers for the chosen business. */
  google: GoogleLoginInput | null
  businesses: BusinessChoice[]
  otp: OtpChallenge | null
}

/** What the sign-in screens, the API client and other tabs tell the session. */
export type SessionEvent =
  | ({ type: 'session.login' } & LoginInput)
  | { type: 'session.google'; credential: string }
  | { type: 'session.business.choose'; business_id: string }
  | { type: 'session.otp.submit'; code: string }
  | { type: 'session.otp.resend' }
  | { type: 'session.cancel' }
  | { type: 'session.tokens'; tokens: AuthTokens }
  | { type: 'session.refreshed'; tokens: AuthTokens }
  | { type: 'session.user.updated'; user: Profile }
  | { type: 'session.settings.updated'; settings: Settings }
  | { type: 'session.settings.reload' }
  | { type: 'session.logout' }
  | { type: 'session.expired' }

const signedOutContext: SessionContext = {
  tokens: null,
  user: null,
  settings: null,
  error: null,
  credentials: null,
  google: null,
  businesses: [],
  otp: null,
}

const pairOf = ({ token, refresh_token, expires_in }: AuthTokens): AuthTokens => ({ token, refresh_token, expires_in })
const otpOf = (result: LoginResult): OtpChallenge | null => (result.status === 'otp_required' ? { challenge: result.challenge, email: result.email } : null)

/**
 * The signed-in session (SPEC.md §4, §8): restores a stored token pair or signs in,
 * with a password or with Google's ID token (`session.google`), choosing a business or
 * entering an e-mailed code when the server asks either way, then loads the user and
 * the settings. Reading the store is the `restore` actor; writing it is
 * the `storeTokens`, `storeUser`, `storeSettings` and `clearStore` actions, so the web
 * keeps it in localStorage and the CLI in a credentials file.
 *
 * A user that cannot be loaded ends the session (§8); settings that cannot be loaded
 * do not: the user is signed in with `settings: null` and an `error`, and
 * `session.settings.reload` tries again. Every platform provides it with `provideSession`.
 * @example
 * const session = createActor(provideSession({ api: client.api, store })).start()
 * session.send({ type: 'session.login', email: 'ada@acme.test', password: '…', business_id: 'acme' })
 * session.send({ type: 'session.google', credential }) // Google's ID token
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    /** The token pair kept from an earlier run, if any. */
    restore: notProvided<AuthTokens | null>('restore'),
    login: notProvided<LoginResult, LoginInput>('login'),
    /** Signs in with Google's ID token; answers as `login` does. */
    googleLogin: notProvided<LoginResult, GoogleLoginInput>('googleLogin'),
    verifyOtp: notProvided<AuthTokens, { challenge: string; code: string }>('verifyOtp'),
    resendOtp: notProvided<void, { challenge: string }>('resendOtp'),
    fetchUser: notProvided<Profile>('fetchUser'),
    fetchSettings: notProvided<Settings>('fetchSettings'),
    /** Revokes the session on the server; its failure does not keep anyone signed in. */
    logout: notProvided<void, { refresh_token: string | null }>('logout'),
  },
  actions: {
    storeTokens: (_, _params: { tokens: AuthTokens }) => {},
    storeUser: (_, _params: { user: Profile }) => {},
    storeSettings: (_, _params: { settings: Settings }) => {},
    clearStore: () => {},
    forgetSession: assign(() => signedOutContext),
  },
  guards: {
    foundTokens: (_, output: AuthTokens | null) => output !== null,
    signedIn: (_, result: LoginResult) => result.status === 'signed_in',
    mustChooseBusiness: (_, result: LoginResult) => result.status === 'choose_business',
    withGoogle: ({ context }) => context.google !== null,
  },
}).createMachine({
  id: 'session',
  context: signedOutContext,
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'restore',
        src: 'restore',
        onDone: [
          {
            guard: { type: 'foundTokens', params: ({ event }) => event.output },
            target: 'loadingUser',
            actions: assign({ tokens: ({ event }) => event.output }),
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut', actions: 'clearStore' },
      },
    },
    signedOut: {
      on: {
        'session.login': {
          target: 'signingIn',
          actions: assign(({ event: { type: _, ...credentials } }) => ({ ...signedOutContext, credentials })),
        },
        'session.google': {
          target: 'signingIn.withGoogle',
          actions: assign(({ event }) => ({ ...signedOutContext, google: { credential: event.credential } })),
        },
        'session.tokens': {
          target: 'loadingUser',
          actions: [
            assign(({ event }) => ({ ...signedOutContext, tokens: pairOf(event.tokens) })),
            { type: 'storeTokens', params: ({ event }) => ({ tokens: pairOf(event.tokens) }) },
          ],
        },
      },
    },
    signingIn: {
      // Both ways in take the same answers: signed in, choose a business, or an e-mailed code.
      initial: 'withPassword',
      states: {
        withPassword: {
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ context }) => context.credentials!,
            onDone: [
              {
                guard: { type: 'signedIn', params: ({ event }) => event.output },
                target: '#session.loadingUser',
                actions: [
                  assign(({ event }) => ({ ...signedOutContext, tokens: pairOf(event.output as AuthTokens) })),
                  { type: 'storeTokens', params: ({ event }) => ({ tokens: pairOf(event.output as AuthTokens) }) },
                ],
              },
              {
                guard: { type: 'mustChooseBusiness', params: ({ event }) => event.output },
                target: '#session.choosingBusiness',
                actions: assign({ businesses: ({ event }) => (event.output.status === 'choose_business' ? event.output.businesses : []) }),
              },
              {
                target: '#session.awaitingOtp',
                actions: assign(({ event }) => ({ ...signedOutContext, otp: otpOf(event.output) })),
              },
            ],
            onError: {
              target: '#session.signedOut',
              actions: assign(({ event }) => ({ ...signedOutContext, error: errorMessage(event.error) })),
            },
          },
        },
        withGoogle: {
          invoke: {
            id: 'googleLogin',
            src: 'googleLogin',
            input: ({ context }) => context.google!,
            onDone: [
              {
                guard: { type: 'signedIn', params: ({ event }) => event.output },
                target: '#session.loadingUser',
                actions: [
                  assign(({ event }) => ({ ...signedOutContext, tokens: pairOf(event.output as AuthTokens) })),
                  { type: 'storeTokens', params: ({ event }) => ({ tokens: pairOf(event.output as AuthTokens) }) },
                ],
              },
              {
                guard: { type: 'mustChooseBusiness', params: ({ event }) => event.output },
                target: '#session.choosingBusiness',
                actions: assign({ businesses: ({ event }) => (event.output.status === 'choose_business' ? event.output.businesses : []) }),
              },
              {
                target: '#session.awaitingOtp',
                actions: assign(({ event }) => ({ ...signedOutContext, otp: otpOf(event.output) })),
              },
            ],
            onError: {
              target: '#session.signedOut',
              actions: assign(({ event }) => ({ ...signedOutContext, error: errorMessage(event.error) })),
            },
          },
        },
      },
    },
    choosingBusiness: {
      on: {
        'session.business.choose': [
          {
            guard: 'withGoogle',
            target: 'signingIn.withGoogle',
            actions: assign({ google: ({ context, event }) => ({ ...context.google!, business_id: event.business_id }) }),
          },
          {
            target: 'signingIn.withPassword',
            actions: assign({ credentials: ({ context, event }) => ({ ...context.credentials!, business_id: event.business_id }) }),
          },
        ],
        'session.cancel': { target: 'signedOut', actions: 'forgetSession' },
      },
    },
    awaitingOtp: {
      on: {
        'session.otp.submit': { target: 'verifyingOtp', actions: assign({ error: null }) },
        'session.otp.resend': { target: 'resendingOtp', actions: assign({ error: null }) },
        'session.cancel': { target: 'signedOut', actions: 'forgetSession' },
      },
    },
    verifyingOtp: {
      invoke: {
        id: 'verifyOtp',
        src: 'verifyOtp',
        input: ({ context, event }) => {
          assertEvent(event, 'session.otp.submit')
          return { challenge: context.otp!.challenge, code: event.code }
        },
        onDone: {
          target: 'loadingUser',
          actions: [
            assign(({ event }) => ({ ...signedOutContext, tokens: pairOf(event.output) })),
            { type: 'storeTokens', params: ({ event }) => ({ tokens: pairOf(event.output) }) },
          ],
        },
        onError: { target: 'awaitingOtp', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    resendingOtp: {
      invoke: {
        id: 'resendOtp',
        src: 'resendOtp',
        input: ({ context }) => ({ challenge: context.otp!.challenge }),
        onDone: { target: 'awaitingOtp' },
        onError: { target: 'awaitingOtp', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    loadingUser: {
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: {
          target: 'loadingSettings',
          actions: [assign({ user: ({ event }) => event.output }), { type: 'storeUser', params: ({ event }) => ({ user: event.output }) }],
        },
        onError: { target: 'signedOut', actions: ['clearStore', 'forgetSession'] },
      },
      on: { 'session.expired': { target: 'signedOut', actions: ['clearStore', 'forgetSession'] } },
    },
    loadingSettings: {
      invoke: {
        id: 'fetchSettings',
        src: 'fetchSettings',
        onDone: {
          target: 'signedIn',
          actions: [
            assign({ settings: ({ event }) => event.output, error: null }),
            { type: 'storeSettings', params: ({ event }) => ({ settings: event.output }) },
          ],
        },
        onError: { target: 'signedIn', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
      on: { 'session.expired': { target: 'signedOut', actions: ['clearStore', 'forgetSession'] } },
    },
    signedIn: {
      on: {
        'session.refreshed': {
          actions: [
            assign({ tokens: ({ event }) => pairOf(event.tokens) }),
            { type: 'storeTokens', params: ({ event }) => ({ tokens: pairOf(event.tokens) }) },
          ],
        },
        'session.user.updated': {
          actions: [assign({ user: ({ event }) => event.user }), { type: 'storeUser', params: ({ event }) => ({ user: event.user }) }],
        },
        'session.settings.updated': {
          actions: [
            assign({ settings: ({ event }) => event.settings }),
            { type: 'storeSettings', params: ({ event }) => ({ settings: event.settings }) },
          ],
        },
        'session.settings.reload': { target: 'loadingSettings' },
        'session.logout': { target: 'signingOut' },
        'session.expired': { target: 'signedOut', actions: ['clearStore', 'forgetSession'] },
      },
    },
    signingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ refresh_token: context.tokens?.refresh_token ?? null }),
        onDone: { target: 'signedOut', actions: ['clearStore', 'forgetSession'] },
        onError: { target: 'signedOut', actions: ['clearStore', 'forgetSession'] },
      },
    },
  },
})
