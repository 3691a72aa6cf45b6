import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { memoryStore, type AuthTokens, type LoginResult, type Profile, type Settings } from '@rota/core'
import { describeSessionMachine } from '../test/session-suite.ts'
import { sessionMachine, type LoginInput } from './session-machine.ts'
import { sessionImplementations } from './session-provider.ts'
import { answeredByModel, storedSession, type SessionScenario, type SessionWorld } from './testing/index.ts'

const pair = (name: string): AuthTokens => ({ token: `${name}-token`, refresh_token: `${name}-refresh`, expires_in: 900 })

const user: Profile = {
  id: '0b9c6f1e-3f0d-4d8e-9a43-5d0f0c7b8a11',
  business_id: 'acme',
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@acme.test',
  phone: null,
  file: null,
  google_picture: null,
  google_linked: false,
  email_notifications: false,
  locale: 'en',
  role: { id: '4c2a3a57-2a43-4f3c-8f59-0e7c1c4ae0b2', name: 'Super Admin' },
  permissions: [],
  version: 1,
}

const settings: Settings = {
  business_id: 'acme',
  business_name: 'Acme Cleaning',
  business_logo: null,
  business_street: null,
  business_city: null,
  business_province: null,
  business_postal_code: null,
  business_phone: null,
  completed_guided_setup: '',
  timezone: 'America/Toronto',
  week_start: 1,
  locale: 'en',
  invoice_prefix: 'INV-',
  next_invoice_number: 1,
  tax_province: 'ON',
  require_otp: false,
  min_rest_minutes: 480,
  overtime_jurisdiction: 'ON',
  clock_tolerance_minutes: 5,
  location_radius_m: 250,
  forgotten_clock_out_grace_minutes: 60,
  mileage_rate_cents: 72,
  pay_frequency: 'biweekly',
  pay_anchor: '2026-01-05',
  vacation_pay_percent: '4',
  gst_hst_number: null,
  qst_number: null,
  invoice_terms_days: 30,
  max_days_in_row: 6,
  fill_weights: { cost: 1, over_preferred: 1000, fairness: 500, continuity: 500, preference: 500 },
  updated_at: '2025-01-06T09:00:00Z',
  version: 1,
}

const scenario: SessionScenario = {
  validTokens: pair('kept'),
  staleTokens: pair('revoked'),
  restoreMayFail: true,
  logins: [
    { input: { business_id: 'acme', email: 'ada@acme.test', password: 'correct horse' }, answer: { status: 'signed_in', ...pair('ada') } },
    { input: { business_id: 'acme', email: 'ada@acme.test', password: 'wrong horse' }, answer: 'refused' },
    {
      input: { email: 'pat@two.test', password: 'correct horse' },
      answer: {
        status: 'choose_business',
        businesses: [
          { business_id: 'acme', business_name: 'Acme Cleaning' },
          { business_id: 'brite', business_name: 'Brite Homes' },
        ],
      },
    },
    { input: { business_id: 'acme', email: 'pat@two.test', password: 'correct horse' }, answer: { status: 'signed_in', ...pair('pat') } },
    { input: { business_id: 'brite', email: 'pat@two.test', password: 'correct horse' }, answer: 'refused' },
    {
      input: { business_id: 'acme', email: 'olu@acme.test', password: 'correct horse' },
      answer: { status: 'otp_required', challenge: 'challenge-for-olu-0123456789', email: 'olu@acme.test' },
    },
  ],
  googleLogins: [
    { input: { credential: 'google-id-token-of-ada' }, answer: { status: 'signed_in', ...pair('ada-google') } },
    { input: { credential: 'google-id-token-of-a-stranger' }, answer: 'refused' },
    {
      input: { credential: 'google-id-token-of-pat' },
      answer: {
        status: 'choose_business',
        businesses: [
          { business_id: 'acme', business_name: 'Acme Cleaning' },
          { business_id: 'brite', business_name: 'Brite Homes' },
        ],
      },
    },
    { input: { credential: 'google-id-token-of-pat', business_id: 'acme' }, answer: { status: 'signed_in', ...pair('pat-google') } },
    { input: { credential: 'google-id-token-of-pat', business_id: 'brite' }, answer: { status: 'otp_required', challenge: 'challenge-for-pat-0123456789', email: 'pat@two.test' } },
  ],
  otpCodes: ['123456'],
  otpAnswers: [pair('olu'), 'refused'],
  resendMayFail: true,
  handedOver: pair('invited'),
  refreshed: pair('refreshed'),
  user,
  settings,
  liveUpdates: true,
  expires: true,
  settingsMayFail: true,
  logoutMayFail: true,
}

/**
 * A world without a server: the model answers every call; the store actions are the
 * platforms' own (`sessionImplementations`) writing a store in memory.
 */
function stubWorld(): SessionWorld {
  const store = memoryStore()
  const { actors, actions } = sessionImplementations({ api: () => expect.fail('the model answers every call'), store })
  return {
    actors: Object.fromEntries(Object.keys(actors).map((id) => [id, answeredByModel])),
    provide: { actions },
    // What `restore` finds is what an earlier run left in the store.
    answered: (id, output) => {
      if (id === 'restore' && output) actions.storeTokens(undefined, { tokens: output as AuthTokens })
    },
    stored: () => storedSession(store),
  }
}

describeSessionMachine('stubbed actors', { scenario, createWorld: stubWorld })

describe('session machine, as a screen uses it', () => {
  it('signs in with the form, loads the user and the settings, and signs out clearing the store', async () => {
    const storeTokens = vi.fn()
    const clearStore = vi.fn()
    const logout = vi.fn(async () => {})
    const session = createActor(
      sessionMachine.provide({
        actors: {
          restore: fromPromise<AuthTokens | null>(async () => null),
          login: fromPromise<LoginResult, LoginInput>(async () => ({ status: 'signed_in', ...pair('ada') })),
          fetchUser: fromPromise(async () => user),
          fetchSettings: fromPromise(async () => settings),
          logout: fromPromise(logout),
        },
        actions: { storeTokens, clearStore },
      }),
    ).start()
    await waitFor(session, (snapshot) => snapshot.matches('signedOut'))

    session.send({ type: 'session.login', business_id: 'acme', email: 'ada@acme.test', password: 'correct horse' })
    const signedIn = await waitFor(session, (snapshot) => snapshot.matches('signedIn'))
    expect(signedIn.context).toMatchObject({ user, settings, tokens: pair('ada'), credentials: null })
    expect(storeTokens).toHaveBeenCalledWith(expect.anything(), { tokens: pair('ada') })

    session.send({ type: 'session.logout' })
    await waitFor(session, (snapshot) => snapshot.matches('signedOut'))
    expect(logout).toHaveBeenCalledWith(expect.objectContaining({ input: { refresh_token: 'ada-refresh' } }))
    expect(clearStore).toHaveBeenCalledOnce()
  })

  it('says which actor is missing when a platform forgot to provide one', async () => {
    const session = createActor(sessionMachine).start()
    await waitFor(session, (snapshot) => snapshot.matches('signedOut'))
    session.send({ type: 'session.login', email: 'ada@acme.test', password: 'correct horse' })
    const refused = await waitFor(session, (snapshot) => snapshot.matches('signedOut'))
    expect(refused.context.error).toBe('Provide the "login" actor with machine.provide()')
  })
})
