import type { AuthTokens, LoginResult, Profile, Settings } from '@rota/core'
import type { SessionScenario } from '@rota/machines/testing'
import { apiClient, registerBusiness, signIn, type Owner } from './rota.ts'

const pair = (name: string): AuthTokens => ({ token: name, refresh_token: name, expires_in: 0 })

/** The labels the model uses; a world turns them into real businesses, e-mails and passwords. */
export const LABELS = { right: 'the right password', wrong: 'a wrong password', code: 'the e-mailed code' } as const

/**
 * What the session model may do through the browser against a real Rota: restore a kept
 * or a revoked pair, sign an owner in or be refused, sign in someone whose e-mail has
 * accounts in two businesses (one asking for an e-mailed code), register, have the token
 * renewed, see the user and settings change, have the session end, sign out. What needs a
 * broken network is left to the machine's stubbed suite.
 */
export const uiSessionScenario: SessionScenario = {
  validTokens: pair('kept'),
  staleTokens: pair('revoked'),
  logins: [
    { input: { business_id: 'owner', email: 'owner', password: LABELS.right }, answer: { status: 'signed_in', ...pair('owner') } },
    { input: { business_id: 'owner', email: 'owner', password: LABELS.wrong }, answer: 'refused' },
    {
      input: { email: 'multi', password: LABELS.right },
      answer: {
        status: 'choose_business',
        businesses: [
          { business_id: 'first', business_name: 'First' },
          { business_id: 'guarded', business_name: 'Guarded' },
        ],
      } satisfies LoginResult,
    },
    { input: { business_id: 'first', email: 'multi', password: LABELS.right }, answer: { status: 'signed_in', ...pair('multi') } },
    { input: { business_id: 'guarded', email: 'multi', password: LABELS.right }, answer: { status: 'otp_required', challenge: 'a challenge from the server', email: 'multi@example.test' } },
  ],
  otpCodes: [LABELS.code],
  otpAnswers: [pair('coded'), 'refused'],
  handedOver: pair('registered'),
  refreshed: pair('renewed'),
  user: { model: 'user' } as unknown as Profile,
  settings: { model: 'settings' } as unknown as Settings,
  liveUpdates: true,
  expires: true,
}

/** The real accounts behind the labels, fresh for each walk so no walk meets another's rate limits. */
export interface SessionWorld {
  owner: Owner
  first: Owner
  guarded: Owner
  kept: () => Promise<AuthTokens>
  revoked: () => Promise<AuthTokens>
  businessId: (label: string | undefined) => string | undefined
  email: (label: string) => string
  password: (account: Owner, label: string) => string
  businessName: (label: string) => string
}

/**
 * Registers the businesses a walk may use: an owner, and one e-mail that owns two
 * businesses, the second asking for a code at sign-in.
 * @example
 * const world = await sessionWorld()
 */
export async function sessionWorld(): Promise<SessionWorld> {
  const owner = await registerBusiness()
  const multiEmail = `multi-${owner.business_id}@maple.test`
  const first = await registerBusiness({ email: multiEmail, business_name: `First Cleaning ${owner.business_id}` })
  const guarded = await registerBusiness({ email: multiEmail, business_name: `Guarded Homes ${owner.business_id}`, password: first.password })
  await apiClient(guarded.tokens).api.updateSettings({ body: { require_otp: true } }, { silent: true })
  const byLabel: Record<string, Owner> = { owner, first, guarded }
  return {
    owner,
    first,
    guarded,
    kept: () => signIn(owner),
    revoked: async () => {
      const tokens = await signIn(owner)
      await apiClient(tokens).api.logout({ body: { refresh_token: tokens.refresh_token } }, { silent: true })
      return tokens
    },
    businessId: (label) => (label ? byLabel[label]?.business_id : undefined),
    email: (label) => (label === 'owner' ? owner.email : multiEmail),
    password: (account, label) => (label === LABELS.right ? account.password : 'not the password at all'),
    businessName: (label) => byLabel[label]!.business_name,
  }
}
