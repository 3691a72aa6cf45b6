import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { updateUser } from '../../../src/repositories/users.ts'
import { accessClaims, addUser, auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'
import { GOOGLE_CLIENT_ID, startFakeGoogle, type FakeGoogle } from '../../helpers/google.ts'

let google: FakeGoogle
let t: TestApp
let owner: Owner
beforeAll(async () => {
  google = await startFakeGoogle()
  t = await createTestApp({ google: { clientId: GOOGLE_CLIENT_ID, jwksUrl: google.jwksUrl } })
  owner = await registerBusiness(t, { email: 'gina@example.com' })
})
afterAll(async () => {
  await t.close()
  await google.close()
})

const googleLogin = (app: TestApp, credential: string, business_id?: string) =>
  app.request({ method: 'POST', url: '/api/v1/auth/google', payload: { credential, ...(business_id ? { business_id } : {}) } })
const linkGoogle = (app: TestApp, accessToken: string | undefined, token: string) =>
  app.request({ method: 'POST', url: '/api/v1/auth/link_google', headers: accessToken ? bearer(accessToken) : {}, payload: { token } })
const profile = (token: string) => t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(token) }).then((r) => r.json().data)

describe('POST /auth/google', () => {
  it('signs in the account whose verified e-mail matches, and links it', async () => {
    const credential = await google.idToken({ sub: 'google-gina', email: 'Gina@Example.com', email_verified: true, picture: 'https://lh3.googleusercontent.com/gina.png' })
    const response = await googleLogin(t, credential)
    expect(response.statusCode).toBe(200)
    const data = response.json().data
    expect(data).toMatchObject({ status: 'signed_in', token: expect.any(String), refresh_token: expect.any(String) })
    expect(accessClaims(data.token).bid).toBe(owner.business_id)
    expect(await profile(data.token)).toMatchObject({ email: 'gina@example.com', google_linked: true, google_picture: 'https://lh3.googleusercontent.com/gina.png' })
    expect(await auditRows(t, owner.business_id, 'auth.google_linked')).toHaveLength(1)
    expect((await auditRows(t, owner.business_id, 'auth.login')).at(-1)).toMatchObject({ after: { method: 'google' } })
  })

  it('then recognises the Google account by its id, whatever e-mail it now has', async () => {
    const credential = await google.idToken({ sub: 'google-gina', email: 'gina-renamed@gmail.example', email_verified: true })
    const response = await googleLogin(t, credential)
    expect(response.statusCode).toBe(200)
    expect(accessClaims(response.json().data.token).bid).toBe(owner.business_id)
  })

  it('does not link an address Google has not verified', async () => {
    await addUser(t, owner.business_id, { email: 'unverified@example.com', password: 'an unverified passphrase' })
    const credential = await google.idToken({ sub: 'google-unverified', email: 'unverified@example.com', email_verified: false })
    const response = await googleLogin(t, credential)
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('invalid_credentials')
  })

  it('refuses a Google account matching no one', async () => {
    const response = await googleLogin(t, await google.idToken({ sub: 'google-stranger', email: 'stranger@example.com', email_verified: true }))
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('invalid_credentials')
  })

  it('does not link an invited account that has not accepted yet', async () => {
    await addUser(t, owner.business_id, { email: 'invitee@example.com', status: 'invited' })
    const response = await googleLogin(t, await google.idToken({ sub: 'google-invitee', email: 'invitee@example.com', email_verified: true }))
    expect(response.statusCode).toBe(401)
  })

  it.each([
    ['another audience', { audience: 'someone-else.apps.googleusercontent.com' }],
    ['another issuer', { issuer: 'https://evil.example.com' }],
    ['an expired token', { expiresAt: Math.floor(Date.now() / 1000) - 120 }],
    ['a signature by a key Google did not publish', { foreignKey: true }],
  ])('refuses %s with 401 google_invalid', async (_, options) => {
    const credential = await google.idToken({ sub: 'google-gina', email: 'gina@example.com', email_verified: true }, options)
    const response = await googleLogin(t, credential)
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('google_invalid')
  })

  it('refuses a token that is not a JWT, and an unsigned one', async () => {
    expect((await googleLogin(t, 'not-a-jwt-at-all-but-long-enough')).json().code).toBe('google_invalid')
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    const now = Math.floor(Date.now() / 1000)
    const payload = Buffer.from(JSON.stringify({ sub: 'google-gina', iss: 'https://accounts.google.com', aud: GOOGLE_CLIENT_ID, exp: now + 600, iat: now })).toString('base64url')
    const response = await googleLogin(t, `${header}.${payload}.`)
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('google_invalid')
  })

  it('lets the person choose when the verified address has accounts in several businesses', async () => {
    const one = await registerBusiness(t, { email: 'multi@example.com', business_name: 'One Multi' })
    const two = await registerBusiness(t, { email: 'multi@example.com', business_name: 'Two Multi' })
    const credential = await google.idToken({ sub: 'google-multi', email: 'multi@example.com', email_verified: true })
    const choose = await googleLogin(t, credential)
    expect(choose.json().data).toEqual({
      status: 'choose_business',
      businesses: [
        { business_id: one.business_id, business_name: 'One Multi' },
        { business_id: two.business_id, business_name: 'Two Multi' },
      ],
    })
    const chosen = await googleLogin(t, credential, two.business_id)
    expect(chosen.json().data.status).toBe('signed_in')
    expect(accessClaims(chosen.json().data.token).bid).toBe(two.business_id)
  })

  it('refuses a linked account that was disabled', async () => {
    const user = await addUser(t, owner.business_id, { email: 'was-here@example.com', password: 'a passphrase of the past' })
    const credential = await google.idToken({ sub: 'google-was-here', email: 'was-here@example.com', email_verified: true })
    expect((await googleLogin(t, credential)).statusCode).toBe(200)
    await updateUser(t.db, owner.business_id, user.id, { status: 'disabled' })
    const response = await googleLogin(t, credential)
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('account_disabled')
  })

  it('answers 400 for a credential too short to be a token', async () => {
    const response = await googleLogin(t, 'short')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'validation_failed', details: { credential: expect.any(String) } })
  })
})

describe('POST /auth/link_google', () => {
  it('links a Google account to the signed-in user, who can then sign in with it', async () => {
    await addUser(t, owner.business_id, { email: 'linker@example.com', password: 'the linker passphrase' })
    const session = (await login(t, 'linker@example.com', 'the linker passphrase', owner.business_id)).body.data
    const token = await google.idToken({ sub: 'google-linker', email: 'someone.else@gmail.example', email_verified: true, picture: 'https://lh3.googleusercontent.com/l.png' })
    const response = await linkGoogle(t, session.token, token)
    expect(response.statusCode).toBe(200)
    expect(response.json().message).toBe('Your Google account is linked.')
    expect(await profile(session.token)).toMatchObject({ google_linked: true, google_picture: 'https://lh3.googleusercontent.com/l.png' })

    const signIn = await googleLogin(t, token)
    expect(signIn.statusCode).toBe(200)
    expect(accessClaims(signIn.json().data.token).sub).toBe(accessClaims(session.token).sub)
    expect((await auditRows(t, owner.business_id, 'auth.google_linked')).at(-1)).toMatchObject({ actor_email: 'linker@example.com' })
  })

  it('refuses a Google account linked to another user of the business with 409', async () => {
    await addUser(t, owner.business_id, { email: 'copycat@example.com', password: 'the copycat passphrase' })
    const session = (await login(t, 'copycat@example.com', 'the copycat passphrase', owner.business_id)).body.data
    const response = await linkGoogle(t, session.token, await google.idToken({ sub: 'google-linker' }))
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('google_taken')
    expect(await profile(session.token)).toMatchObject({ google_linked: false })
  })

  it('lets the same person link the same Google account in another business', async () => {
    const other = await registerBusiness(t, { email: 'linker@example.com', password: 'the linker passphrase' })
    const response = await linkGoogle(t, other.tokens.token, await google.idToken({ sub: 'google-linker' }))
    expect(response.statusCode).toBe(200)
  })

  it('refuses an invalid token with 401 google_invalid', async () => {
    const response = await linkGoogle(t, owner.tokens.token, await google.idToken({ sub: 'google-x' }, { audience: 'wrong' }))
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('google_invalid')
  })

  it('needs a signed-in user', async () => {
    const response = await linkGoogle(t, undefined, await google.idToken({ sub: 'google-anon' }))
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('unauthenticated')
  })
})

describe('without Google configured', () => {
  let plain: TestApp
  beforeAll(async () => {
    plain = await createTestApp()
  })
  afterAll(() => plain.close())

  it('answers 400 google_disabled to both routes', async () => {
    const who = await registerBusiness(plain)
    const credential = await google.idToken({ sub: 'google-any', email: who.email, email_verified: true })
    const signIn = await googleLogin(plain, credential)
    expect(signIn.statusCode).toBe(400)
    expect(signIn.json().code).toBe('google_disabled')
    const link = await linkGoogle(plain, who.tokens.token, credential)
    expect(link.statusCode).toBe(400)
    expect(link.json().code).toBe('google_disabled')
  })

  it('leaves Google out of the content security policy', async () => {
    const response = await plain.request({ method: 'GET', url: '/api/v1/health' })
    expect(response.headers['content-security-policy']).not.toContain('accounts.google.com')
  })
})

describe('with Google configured', () => {
  it('allows Google’s sign-in script and frame in the content security policy', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/health' })
    expect(response.headers['content-security-policy']).toContain('https://accounts.google.com/gsi/client')
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups')
  })
})
