import { createApiClient, memoryStore, type AuthTokens, type Profile, type Settings } from '@rota/core'
import { sessionMachine } from '@rota/machines'
import { missingTransitions, sessionApiWorld, sessionModel, type SessionScenario } from '@rota/machines/testing'
import { describeSessionMachine } from '@rota/machines/testing/vitest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { registerBusiness, type Owner } from '../helpers/business.ts'
import { GOOGLE_CLIENT_ID, startFakeGoogle } from '../helpers/google.ts'

/**
 * Google sign-in walked path by path against a real Rota on loopback, with the session
 * provider the platforms use and ID tokens from a Google of our own: an account signs
 * in, a stranger is refused, and an e-mail with accounts in two businesses chooses one.
 */
const google = await startFakeGoogle()
const idToken = (who: string) => google.idToken({ sub: `google-${who}`, email: `${who}@google.test`, email_verified: true })
const FIRST = `google-first-${process.pid}`
const SECOND = `google-second-${process.pid}`
// Answers that differ only in the model's tokens still reach states of their own, so each sign-in is walked to its end.
const signedIn = (who: string) => ({ status: 'signed_in', token: who, refresh_token: who, expires_in: 0 }) satisfies { status: 'signed_in' } & AuthTokens
const [gina, stranger, pat] = await Promise.all([idToken('gina'), idToken('stranger'), idToken('pat')])

const scenario: SessionScenario = {
  logins: [],
  googleLogins: [
    { input: { credential: gina }, answer: signedIn('gina') },
    { input: { credential: stranger }, answer: 'refused' },
    {
      input: { credential: pat },
      answer: {
        status: 'choose_business',
        businesses: [
          { business_id: FIRST, business_name: 'First' },
          { business_id: SECOND, business_name: 'Second' },
        ],
      },
    },
    { input: { credential: pat, business_id: FIRST }, answer: signedIn('pat in the first') },
    { input: { credential: pat, business_id: SECOND }, answer: signedIn('pat in the second') },
  ],
  user: { model: 'user' } as unknown as Profile,
  settings: { model: 'settings' } as unknown as Settings,
}

let t: TestApp
let baseURL: string
let owner: Owner

beforeAll(async () => {
  t = await createTestApp({ google: { clientId: GOOGLE_CLIENT_ID, jwksUrl: google.jwksUrl } })
  baseURL = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1`
  owner = await registerBusiness(t, { email: 'gina@google.test' })
  await registerBusiness(t, { email: 'pat@google.test', business_id: FIRST, business_name: 'First' })
  await registerBusiness(t, { email: 'pat@google.test', business_id: SECOND, business_name: 'Second' })
})
afterAll(async () => {
  await t.close()
  await google.close()
})

describe('the session machine signing in with Google against a real server', () => {
  it('walks every Google transition this server can answer (it asks for an e-mailed code only after a password)', () => {
    const paths = sessionModel(scenario).getShortestPaths()
    expect(missingTransitions(sessionMachine, [{ paths }]).filter((transition) => /google/i.test(transition))).toEqual([
      'session.signingIn.withGoogle on xstate.done.actor.googleLogin #3 → session.awaitingOtp',
    ])
  })
})

describeSessionMachine('Google, against a real server', {
  scenario,
  createWorld: () => {
    const store = memoryStore()
    return sessionApiWorld({ client: createApiClient({ baseURL, store }), store, account: owner })
  },
  everyTransition: false,
})
