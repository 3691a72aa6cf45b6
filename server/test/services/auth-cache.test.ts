import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { permissions, users } from '../../src/db/schema/index.ts'
import { addUser, roleId } from '../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../helpers/business.ts'

let t: TestApp
let owner: Owner
let sequence = 0
beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
})
afterAll(() => t.close())

/** A new signed-in Staff member and their token. */
async function staff() {
  const email = `cached${++sequence}@example.com`
  const user = await addUser(t, owner.business_id, { email, password: 'a cached passphrase' })
  const signedIn = await login(t, email, 'a cached passphrase', owner.business_id)
  return { user, token: signedIn.body.data.token as string }
}

const get = (url: string, token: string) => t.request({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) })

/** Polls for up to a second: a change must reach the cache within one. */
async function within1s(check: () => Promise<boolean>): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < 1000; ) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return check()
}

describe('the session cache', () => {
  it('keeps the signed-in user of a session after the first request', async () => {
    const me = await staff()
    const before = t.app.services.sessions.size()
    expect((await get('/profile', me.token)).statusCode).toBe(200)
    expect(t.app.services.sessions.size()).toBe(before + 1)
    expect((await get('/profile', me.token)).json().data.email).toBe(me.user.email)
  })

  it('refuses a session as soon as it is signed out, though it was cached', async () => {
    const me = await staff()
    expect((await get('/profile', me.token)).statusCode).toBe(200)
    await t.request({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(me.token), payload: {} })
    expect(await within1s(async () => (await get('/profile', me.token)).statusCode === 401)).toBe(true)
  })

  it('refuses a disabled person at once, even when the change bypasses the repositories', async () => {
    const me = await staff()
    expect((await get('/profile', me.token)).statusCode).toBe(200)
    await t.db.execute(sql`update users set status = 'disabled' where business_id = ${owner.business_id} and id = ${me.user.id}`)
    expect(await within1s(async () => (await get('/profile', me.token)).statusCode === 401)).toBe(true)
  })

  it('sees a role’s new permissions on the next request, both ways', async () => {
    const me = await staff()
    const staffRole = await roleId(t, owner.business_id, 'Staff')
    expect((await get('/user', me.token)).statusCode).toBe(403)
    const grant = (read: boolean) =>
      t.db.update(permissions).set({ read }).where(and(eq(permissions.business_id, owner.business_id), eq(permissions.role_id, staffRole), eq(permissions.model_name, 'users')))
    await grant(true)
    expect(await within1s(async () => (await get('/user', me.token)).statusCode === 200)).toBe(true)
    await grant(false)
    expect(await within1s(async () => (await get('/user', me.token)).statusCode === 403)).toBe(true)
  })

  it('shows a renamed person under the new name', async () => {
    const me = await staff()
    expect((await get('/profile', me.token)).json().data.firstname).toBe('Sam')
    await t.db.update(users).set({ firstname: 'Samira' }).where(and(eq(users.business_id, owner.business_id), eq(users.id, me.user.id)))
    expect(await within1s(async () => (await get('/profile', me.token)).json().data.firstname === 'Samira')).toBe(true)
  })
})
