import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

/** When a session ends because of someone else's action or the user's own "sign out other sessions". */
let t: TestApp
let owner: Owner
const PASSWORD = 'a passphrase nobody guesses'

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
})
afterAll(() => t.close())

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })
const refresh = (refresh_token: string) => t.request({ method: 'POST', url: '/api/v1/auth/refresh_token', payload: { refresh_token } })

async function signIn(email: string, businessId = owner.business_id) {
  const { status, body } = await login(t, email, PASSWORD, businessId)
  expect(status).toBe(200)
  return body.data as { token: string; refresh_token: string }
}

describe('disabling a user', () => {
  it('ends every session at once and stops them signing in, until re-enabled', async () => {
    const user = await addUser(t, owner.business_id, { email: 'phones@example.com', password: PASSWORD })
    const laptop = await signIn(user.email)
    const phone = await signIn(user.email)
    expect((await api('GET', '/profile', phone.token)).statusCode).toBe(200)

    const disabled = await api('PUT', `/user/${user.id}`, owner.tokens.token, { status: 'disabled', version: user.version })
    expect(disabled.statusCode).toBe(200)
    expect(disabled.json().data.status).toBe('disabled')
    for (const session of [laptop, phone]) {
      const response = await api('GET', '/profile', session.token)
      expect(response.statusCode).toBe(401)
      expect(response.json().code).toBe('session_revoked')
      expect((await refresh(session.refresh_token)).statusCode).toBe(401)
    }
    const refused = await login(t, user.email, PASSWORD, owner.business_id)
    expect(refused.status).toBe(401)
    expect(refused.body.code).toBe('account_disabled')

    const enabled = await api('PUT', `/user/${user.id}`, owner.tokens.token, { status: 'active', version: disabled.json().data.version })
    expect(enabled.json().data.status).toBe('active')
    expect((await api('GET', '/profile', laptop.token)).statusCode).toBe(401)
    const fresh = await signIn(user.email)
    expect((await api('GET', '/profile', fresh.token)).statusCode).toBe(200)
  })

  it('leaves the sessions of a user whose other fields change alone', async () => {
    const user = await addUser(t, owner.business_id, { email: 'renamed@example.com', password: PASSWORD })
    const session = await signIn(user.email)
    await api('PUT', `/user/${user.id}`, owner.tokens.token, { lastname: 'Renamed', version: user.version })
    expect((await api('GET', '/profile', session.token)).json().data.lastname).toBe('Renamed')
  })
})

describe('POST /auth/logout_others', () => {
  it('ends the other sessions and keeps the current one', async () => {
    const user = await addUser(t, owner.business_id, { email: 'many@example.com', password: PASSWORD })
    const here = await signIn(user.email)
    const there = await signIn(user.email)
    const script = await signIn(user.email)
    const colleague = await addUser(t, owner.business_id, { email: 'colleague@example.com', password: PASSWORD })
    const theirs = await signIn(colleague.email)

    const response = await api('POST', '/auth/logout_others', here.token)
    expect(response.statusCode).toBe(200)
    expect(response.json().message).toBeTruthy()
    expect((await api('GET', '/profile', here.token)).statusCode).toBe(200)
    for (const session of [there, script]) {
      expect((await api('GET', '/profile', session.token)).statusCode).toBe(401)
      expect((await refresh(session.refresh_token)).statusCode).toBe(401)
    }
    expect((await refresh(here.refresh_token)).statusCode).toBe(200)
    expect((await api('GET', '/profile', theirs.token)).statusCode).toBe(200)
    const [row] = await auditRows(t, owner.business_id, 'auth.logout_others')
    expect(row).toMatchObject({ actor_id: user.id, record_id: user.id })
  })

  it('is harmless with no other session and needs a signed-in user', async () => {
    const user = await addUser(t, owner.business_id, { email: 'single@example.com', password: PASSWORD })
    const only = await signIn(user.email)
    expect((await api('POST', '/auth/logout_others', only.token)).statusCode).toBe(200)
    expect((await api('GET', '/profile', only.token)).statusCode).toBe(200)
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/logout_others' })).statusCode).toBe(401)
  })
})
