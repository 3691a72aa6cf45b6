import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../../../src/db/schema/index.ts'
import { updateUser } from '../../../src/repositories/users.ts'
import { accessClaims, addUser, auditRows, sleep } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner
beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
})
afterAll(() => t.close())

const refresh = (refresh_token: string) => t.request({ method: 'POST', url: '/api/v1/auth/refresh_token', payload: { refresh_token } })
const profile = (token: string) => t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(token) })
const logout = (options: { token?: string; refresh_token?: string }) =>
  t.request({ method: 'POST', url: '/api/v1/auth/logout', headers: options.token ? bearer(options.token) : {}, payload: options.refresh_token ? { refresh_token: options.refresh_token } : {} })

async function signIn() {
  const { body } = await login(t, owner.email, owner.password, owner.business_id)
  return body.data as { token: string; refresh_token: string }
}

describe('POST /auth/refresh_token', () => {
  it('rotates: a new token pair for the same session, and the new access token works', async () => {
    const first = await signIn()
    const response = await refresh(first.refresh_token)
    expect(response.statusCode).toBe(200)
    const next = response.json().data
    expect(next).toEqual({ token: expect.any(String), refresh_token: expect.any(String), expires_in: 900 })
    expect(next.refresh_token).not.toBe(first.refresh_token)
    expect(accessClaims(next.token).sid).toBe(accessClaims(first.token).sid)
    expect((await profile(next.token)).statusCode).toBe(200)
    expect((await refresh(next.refresh_token)).statusCode).toBe(200)
  })

  it('revokes the whole family when a spent refresh token comes back', async () => {
    const first = await signIn()
    const second = (await refresh(first.refresh_token)).json().data
    const third = (await refresh(second.refresh_token)).json().data

    const replay = await refresh(first.refresh_token)
    expect(replay.statusCode).toBe(401)
    expect(replay.json().code).toBe('invalid_refresh_token')

    // The thief's copy and the rightful holder's newest tokens are all dead now.
    expect((await refresh(third.refresh_token)).statusCode).toBe(401)
    const after = await profile(third.token)
    expect(after.statusCode).toBe(401)
    expect(after.json().code).toBe('session_revoked')
    expect((await profile(first.token)).statusCode).toBe(401)

    const [row] = await auditRows(t, owner.business_id, 'auth.refresh_token_reused')
    expect(row).toMatchObject({ model: 'users', after: { session: accessClaims(first.token).sid } })
  })

  it('leaves the user’s other sessions alone when one family is revoked', async () => {
    const kept = await signIn()
    const victim = await signIn()
    const next = (await refresh(victim.refresh_token)).json().data
    await refresh(victim.refresh_token)
    expect((await refresh(next.refresh_token)).statusCode).toBe(401)
    expect((await profile(kept.token)).statusCode).toBe(200)
    expect((await refresh(kept.refresh_token)).statusCode).toBe(200)
  })

  it('refuses an unknown refresh token with 401', async () => {
    const response = await refresh('x'.repeat(43))
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('invalid_refresh_token')
  })

  it('refuses an access token used as a refresh token', async () => {
    const pair = await signIn()
    expect((await refresh(pair.token.slice(0, 200))).statusCode).toBe(401)
  })

  it('answers 400 for a missing or oversized refresh token', async () => {
    for (const payload of [{}, { refresh_token: '' }, { refresh_token: 'x'.repeat(201) }, { refresh_token: 42 }]) {
      const response = await t.request({ method: 'POST', url: '/api/v1/auth/refresh_token', payload })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'validation_failed', details: expect.any(Object) })
    }
  })

  it('refuses the refresh token of a disabled user', async () => {
    const user = await addUser(t, owner.business_id, { email: 'soon-gone@example.com', password: 'a passphrase to disable' })
    const { body } = await login(t, 'soon-gone@example.com', 'a passphrase to disable', owner.business_id)
    await updateUser(t.db, owner.business_id, user.id, { status: 'disabled' })
    expect((await refresh(body.data.refresh_token)).statusCode).toBe(401)
    const me = await profile(body.data.token)
    expect(me.statusCode).toBe(401)
    expect(me.json().code).toBe('session_revoked')
  })
})

describe('POST /auth/logout', () => {
  it('signs out the session of the bearer token', async () => {
    const pair = await signIn()
    const response = await logout({ token: pair.token })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: {}, message: 'You are signed out.' })
    const after = await profile(pair.token)
    expect(after.statusCode).toBe(401)
    expect(after.json().code).toBe('session_revoked')
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401)
  })

  it('signs out the session of a refresh token', async () => {
    const pair = await signIn()
    expect((await logout({ refresh_token: pair.refresh_token })).statusCode).toBe(200)
    expect((await profile(pair.token)).json().code).toBe('session_revoked')
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401)
  })

  it('signs out a whole family from any of its refresh tokens, spent or not', async () => {
    const pair = await signIn()
    const next = (await refresh(pair.refresh_token)).json().data
    await logout({ refresh_token: pair.refresh_token })
    expect((await profile(next.token)).statusCode).toBe(401)
  })

  it('signs out only that session', async () => {
    const kept = await signIn()
    const gone = await signIn()
    await logout({ token: gone.token })
    expect((await profile(kept.token)).statusCode).toBe(200)
  })

  it('writes an audit row', async () => {
    const pair = await signIn()
    const before = (await auditRows(t, owner.business_id, 'auth.logout')).length
    await logout({ token: pair.token })
    const rows = await auditRows(t, owner.business_id, 'auth.logout')
    expect(rows).toHaveLength(before + 1)
    expect(rows.at(-1)).toMatchObject({ actor_id: accessClaims(pair.token).sub, model: 'users' })
    const [session] = await t.db.select().from(sessions).where(eq(sessions.id, accessClaims(pair.token).sid))
    expect(session).toMatchObject({ revoked_reason: 'logout' })
  })

  it('answers the same with nothing to sign out, so it is safe to repeat', async () => {
    const pair = await signIn()
    await logout({ token: pair.token })
    expect((await logout({ refresh_token: pair.refresh_token })).statusCode).toBe(200)
    expect((await logout({ refresh_token: 'y'.repeat(43) })).statusCode).toBe(200)
    expect((await logout({})).statusCode).toBe(200)
  })

  it('answers a bare logout with a bearer token and no body, as `curl -X POST` sends it', async () => {
    const pair = await signIn()
    const response = await t.request({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(pair.token) })
    expect(response.statusCode).toBe(200)
    expect((await profile(pair.token)).statusCode).toBe(401)
  })
})

describe('absolute lifetime of a session', () => {
  let short: TestApp
  beforeAll(async () => {
    short = await createTestApp({ ttl: { refresh: 2 } })
  })
  afterAll(() => short.close())

  it('ends the family after config.ttl.refresh, however often it was refreshed', async () => {
    const who = await registerBusiness(short)
    const again = (await short.request({ method: 'POST', url: '/api/v1/auth/refresh_token', payload: { refresh_token: who.tokens.refresh_token } })).json().data
    expect(again.refresh_token).toEqual(expect.any(String))
    await sleep(2_200)
    const late = await short.request({ method: 'POST', url: '/api/v1/auth/refresh_token', payload: { refresh_token: again.refresh_token } })
    expect(late.statusCode).toBe(401)
    expect(late.json().code).toBe('invalid_refresh_token')
    const me = await short.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(again.token) })
    expect(me.statusCode).toBe(401)
  })
})

describe('an expired access token', () => {
  let short: TestApp
  beforeAll(async () => {
    short = await createTestApp({ ttl: { access: 2 } })
  })
  afterAll(() => short.close())

  it('answers 403 token_expired; a refresh then gives a working token', async () => {
    const who = await registerBusiness(short)
    expect(who.tokens.expires_in).toBe(2)
    await sleep(3_100)
    const expired = await short.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(who.tokens.token) })
    expect(expired.statusCode).toBe(403)
    expect(expired.json()).toEqual({ code: 'token_expired', message: 'Your session has expired.' })
    const next = (await short.request({ method: 'POST', url: '/api/v1/auth/refresh_token', payload: { refresh_token: who.tokens.refresh_token } })).json().data
    const me = await short.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(next.token) })
    expect(me.statusCode).toBe(200)
  })
})
