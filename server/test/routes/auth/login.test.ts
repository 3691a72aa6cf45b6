import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../src/db/schema/index.ts'
import { accessClaims, addUser, auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { basic, bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner
beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
})
afterAll(() => t.close())

const post = (headers: Record<string, string>, payload?: object) =>
  t.request({ method: 'POST', url: '/api/v1/auth/login', headers, ...(payload ? { payload } : {}) })

describe('POST /auth/login with the Basic header', () => {
  it('signs in with business id, e-mail and password', async () => {
    const { status, body } = await login(t, owner.email, owner.password, owner.business_id)
    expect(status).toBe(200)
    expect(body.data).toEqual({ status: 'signed_in', token: expect.any(String), refresh_token: expect.any(String), expires_in: 900 })
    const profile = await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(body.data.token) })
    expect(profile.json().data).toMatchObject({ email: owner.email, business_id: owner.business_id })
  })

  it('signs in without a business id when the e-mail has one account', async () => {
    const { status, body } = await login(t, owner.email, owner.password)
    expect(status).toBe(200)
    expect(body.data.status).toBe('signed_in')
    expect(accessClaims(body.data.token).bid).toBe(owner.business_id)
  })

  it('accepts the e-mail in any case and the business id in any case', async () => {
    const { status, body } = await login(t, owner.email.toUpperCase(), owner.password, owner.business_id.toUpperCase())
    expect(status).toBe(200)
    expect(body.data.status).toBe('signed_in')
  })

  it('accepts a sign-in with no body at all, as `curl -u` sends it', async () => {
    const response = await t.request({ method: 'POST', url: '/api/v1/auth/login', headers: { authorization: basic(owner.email, owner.password) } })
    expect(response.statusCode).toBe(200)
    expect(response.json().data.status).toBe('signed_in')
  })

  it('writes an audit row for the sign-in and records when it happened', async () => {
    const before = (await auditRows(t, owner.business_id, 'auth.login')).length
    await post({ authorization: basic(owner.email, owner.password), 'user-agent': 'login-test/1.0' }, { business_id: owner.business_id })
    const rows = await auditRows(t, owner.business_id, 'auth.login')
    expect(rows).toHaveLength(before + 1)
    expect(rows.at(-1)).toMatchObject({ actor_email: owner.email, model: 'users', ip: '127.0.0.1', user_agent: 'login-test/1.0', after: { method: 'password' } })
    const [user] = await t.db.select().from(users).where(and(eq(users.business_id, owner.business_id), eq(users.email, owner.email)))
    expect(Date.now() - user!.last_sign_in_at!.getTime()).toBeLessThan(10_000)
  })

  it('refuses a wrong password with 401 invalid_credentials and audits it', async () => {
    const before = (await auditRows(t, owner.business_id, 'auth.login_failed')).length
    const { status, body } = await login(t, owner.email, 'not the right passphrase', owner.business_id)
    expect(status).toBe(401)
    expect(body).toEqual({ code: 'invalid_credentials', message: 'The business, e-mail or password is incorrect.' })
    const rows = await auditRows(t, owner.business_id, 'auth.login_failed')
    expect(rows).toHaveLength(before + 1)
    expect(rows.at(-1)).toMatchObject({ actor_email: owner.email, after: { reason: 'wrong_password' }, ip: '127.0.0.1' })
  })

  it('answers an unknown business, an unknown e-mail and a wrong password alike', async () => {
    const wrongPassword = await post({ authorization: basic(owner.email, 'not the right passphrase') }, { business_id: owner.business_id })
    const unknownBusiness = await post({ authorization: basic(owner.email, owner.password) }, { business_id: 'no-such-business' })
    const unknownEmail = await post({ authorization: basic('nobody@nowhere.example', owner.password) }, { business_id: owner.business_id })
    const unknownEverywhere = await post({ authorization: basic('nobody@nowhere.example', owner.password) }, {})
    for (const response of [unknownBusiness, unknownEmail, unknownEverywhere]) {
      expect(response.statusCode).toBe(wrongPassword.statusCode)
      expect(response.body).toBe(wrongPassword.body)
      expect(response.headers['www-authenticate']).toBe(wrongPassword.headers['www-authenticate'])
    }
    expect(wrongPassword.statusCode).toBe(401)
  })

  it('says it in the caller’s language', async () => {
    const fr = await post({ authorization: basic(owner.email, 'not the right passphrase'), 'accept-language': 'fr-CA,fr;q=0.9' }, {})
    expect(fr.json()).toEqual({ code: 'invalid_credentials', message: "L'entreprise, le courriel ou le mot de passe est incorrect." })
    const es = await post({ authorization: basic(owner.email, 'not the right passphrase'), 'accept-language': 'es' }, {})
    expect(es.json().message).toBe('La empresa, el correo o la contraseña son incorrectos.')
  })

  it('answers 400 credentials_required without an Authorization header', async () => {
    const response = await post({}, { business_id: owner.business_id })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('credentials_required')
  })

  it.each([
    ['a Bearer header', 'Bearer abc.def.ghi'],
    ['Basic with bad base64', 'Basic !!!not-base64!!!'],
    ['Basic with nothing after it', 'Basic '],
    ['Basic without a colon', `Basic ${Buffer.from('olive-no-colon').toString('base64')}`],
    ['Basic with two values', `Basic ${Buffer.from('a:b').toString('base64')} extra`],
  ])('answers 400 invalid_authorization_header for %s', async (_, authorization) => {
    const response = await post({ authorization }, {})
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('invalid_authorization_header')
  })

  it.each([
    ['an empty e-mail', ':some password'],
    ['an empty password', 'olive@example.com:'],
  ])('answers 400 credentials_required for %s', async (_, pair) => {
    const response = await post({ authorization: `Basic ${Buffer.from(pair).toString('base64')}` }, {})
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('credentials_required')
  })

  it('answers 400 for a malformed business id', async () => {
    const response = await post({ authorization: basic(owner.email, owner.password) }, { business_id: 'Not A Valid Id!' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'validation_failed', details: { business_id: expect.any(String) } })
  })

  it('splits at the first colon only: passwords may hold colons and accents', async () => {
    const password = 'pa:ss:wörd é ñ ü — ça:va'
    const colon = await registerBusiness(t, { email: 'colon@example.com', password })
    const { status, body } = await login(t, 'colon@example.com', password, colon.business_id)
    expect(status).toBe(200)
    expect(body.data.status).toBe('signed_in')
    expect((await login(t, 'colon@example.com', 'pa', colon.business_id)).status).toBe(401)
    expect((await login(t, 'colon@example.com', 'pa:ss:wörd é ñ ü — ça:va ', colon.business_id)).status).toBe(401)
  })

  it('refuses a disabled account whose password matches with 401 account_disabled and audits it', async () => {
    await addUser(t, owner.business_id, { email: 'gone@example.com', password: 'disabled but right passphrase', status: 'disabled' })
    const { status, body } = await login(t, 'gone@example.com', 'disabled but right passphrase', owner.business_id)
    expect(status).toBe(401)
    expect(body.code).toBe('account_disabled')
    const [row] = await auditRows(t, owner.business_id, 'auth.login_refused')
    expect(row).toMatchObject({ actor_email: 'gone@example.com', after: { reason: 'disabled', method: 'password' } })
  })

  it('answers a disabled account with a wrong password like any wrong password', async () => {
    const { status, body } = await login(t, 'gone@example.com', 'not the right passphrase', owner.business_id)
    expect(status).toBe(401)
    expect(body.code).toBe('invalid_credentials')
  })

  it('refuses an invited account that has no password yet', async () => {
    await addUser(t, owner.business_id, { email: 'invited@example.com', status: 'invited' })
    for (const password of ['anything at all', 'null', 'undefined']) {
      const { status, body } = await login(t, 'invited@example.com', password, owner.business_id)
      expect(status).toBe(401)
      expect(body.code).toBe('invalid_credentials')
    }
  })
})

describe('one e-mail with accounts in several businesses', () => {
  const email = 'mobile@example.com'
  const shared = 'shared passphrase for two jobs'
  let a: Owner
  let b: Owner
  let c: Owner
  beforeAll(async () => {
    a = await registerBusiness(t, { email, password: shared, business_name: 'Bravo Care' })
    b = await registerBusiness(t, { email, password: shared, business_name: 'Alpha Cleaning' })
    c = await registerBusiness(t, { email, password: 'a different passphrase for the third', business_name: 'Charlie Couriers' })
  })

  it('lists only the businesses whose password matched, by name', async () => {
    const { status, body } = await login(t, email, shared)
    expect(status).toBe(200)
    expect(body.data).toEqual({
      status: 'choose_business',
      businesses: [
        { business_id: b.business_id, business_name: 'Alpha Cleaning' },
        { business_id: a.business_id, business_name: 'Bravo Care' },
      ],
    })
    expect(JSON.stringify(body)).not.toContain(c.business_id)
    expect(JSON.stringify(body)).not.toContain('token')
  })

  it('then signs in to the business chosen', async () => {
    const { status, body } = await login(t, email, shared, a.business_id)
    expect(status).toBe(200)
    expect(body.data.status).toBe('signed_in')
    expect(accessClaims(body.data.token).bid).toBe(a.business_id)
    const settings = await t.request({ method: 'GET', url: '/api/v1/settings', headers: bearer(body.data.token) })
    expect(settings.json().data.business_name).toBe('Bravo Care')
  })

  it('signs straight in when only one business’s password matched', async () => {
    const { body } = await login(t, email, 'a different passphrase for the third')
    expect(body.data.status).toBe('signed_in')
    expect(accessClaims(body.data.token).bid).toBe(c.business_id)
  })

  it('reveals no business to a wrong password, and audits the failure in each', async () => {
    const { status, body } = await login(t, email, 'wrong passphrase entirely')
    expect(status).toBe(401)
    expect(body.code).toBe('invalid_credentials')
    for (const business of [a, b, c]) {
      const rows = await auditRows(t, business.business_id, 'auth.login_failed')
      expect(rows.length).toBeGreaterThan(0)
    }
  })

  it('refuses the chosen business when the password is that of another', async () => {
    const { status } = await login(t, email, shared, c.business_id)
    expect(status).toBe(401)
  })
})
