import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notify } from '../src/repositories/notifications.ts'
import { accessClaims, addUser, auditRows, craftAccessToken, roleId } from './helpers/accounts.ts'
import { createTestApp, type TestApp } from './helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from './helpers/business.ts'

/**
 * Two businesses on one Rota: nothing a token of one can send reaches the
 * other's records. Another business's ids answer 404, as if they did not exist.
 */
let t: TestApp
let a: Owner
let b: Owner
let bStaffId: string
let bStaffRole: string
beforeAll(async () => {
  t = await createTestApp()
  a = await registerBusiness(t, { business_name: 'Alpha Tenant' })
  b = await registerBusiness(t, { business_name: 'Bravo Tenant' })
  bStaffId = (await addUser(t, b.business_id, { email: 'b-staff@example.com', password: 'the bravo staff passphrase' })).id
  bStaffRole = await roleId(t, b.business_id, 'Staff')
})
afterAll(() => t.close())

const as = (owner: Owner) => bearer(owner.tokens.token)

describe('a token of business A', () => {
  it('reads A’s own profile and settings, never B’s', async () => {
    const profile = (await t.request({ method: 'GET', url: '/api/v1/profile', headers: as(a) })).json().data
    expect(profile).toMatchObject({ business_id: a.business_id, email: a.email })
    const settings = (await t.request({ method: 'GET', url: '/api/v1/settings', headers: as(a) })).json().data
    expect(settings).toMatchObject({ business_id: a.business_id, business_name: 'Alpha Tenant' })
  })

  it('changes A’s settings only, whatever business id the body names', async () => {
    const response = await t.request({ method: 'PUT', url: '/api/v1/settings', headers: as(a), payload: { business_id: b.business_id, business_name: 'Alpha Renamed' } })
    expect(response.statusCode).toBe(200)
    const bSettings = (await t.request({ method: 'GET', url: '/api/v1/settings', headers: as(b) })).json().data
    expect(bSettings.business_name).toBe('Bravo Tenant')
    expect(await auditRows(t, b.business_id, 'settings.update')).toHaveLength(0)
  })

  it('answers 404 for B’s user, whether reading, changing or deleting it', async () => {
    const get = await t.request({ method: 'GET', url: `/api/v1/user/${bStaffId}`, headers: as(a) })
    expect(get.statusCode).toBe(404)
    expect(get.json().code).toBe('not_found')
    const put = await t.request({ method: 'PUT', url: `/api/v1/user/${bStaffId}`, headers: as(a), payload: { status: 'disabled', version: 1 } })
    expect(put.statusCode).toBe(404)
    const del = await t.request({ method: 'DELETE', url: `/api/v1/user/${bStaffId}`, headers: as(a) })
    expect(del.statusCode).toBe(404)
    expect((await login(t, 'b-staff@example.com', 'the bravo staff passphrase', b.business_id)).status).toBe(200)
  })

  it('does not list B’s people', async () => {
    const list = (await t.request({ method: 'GET', url: '/api/v1/user?page_size=100', headers: as(a) })).json().data
    expect(list.rows.map((u: { email: string }) => u.email)).not.toContain('b-staff@example.com')
    expect(list.rows.map((u: { email: string }) => u.email)).not.toContain(b.email)
  })

  it('answers 404 for B’s role, and cannot give A’s user a role of B', async () => {
    expect((await t.request({ method: 'GET', url: `/api/v1/role/${bStaffRole}`, headers: as(a) })).statusCode).toBe(404)
    const aStaff = await addUser(t, a.business_id, { email: 'a-staff@example.com', password: 'the alpha staff passphrase' })
    const response = await t.request({ method: 'PUT', url: `/api/v1/user/${aStaff.id}`, headers: as(a), payload: { role_id: bStaffRole, version: 1 } })
    expect(response.statusCode).toBeGreaterThanOrEqual(400)
    expect(response.statusCode).toBeLessThan(500)
    const me = (await login(t, 'a-staff@example.com', 'the alpha staff passphrase', a.business_id)).body.data
    const profile = (await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(me.token) })).json().data
    expect(profile.role.id).toBe(await roleId(t, a.business_id, 'Staff'))
  })

  it('answers 404 for a notification of B, and of another user of A', async () => {
    const bNote = await notify(t.db, { businessId: b.business_id, userId: bStaffId, title: 'role_changed', values: { role: 'Bravo only' }, model: 'schedules', operation: 'published' })
    const response = await t.request({ method: 'PUT', url: `/api/v1/notification/${bNote.id}`, headers: as(a), payload: { read_status: true } })
    expect(response.statusCode).toBe(404)
    const aStaff = await addUser(t, a.business_id, { email: 'a-colleague@example.com' })
    const colleagues = await notify(t.db, { businessId: a.business_id, userId: aStaff.id, title: 'role_changed', values: { role: 'the colleague' }, model: 'schedules', operation: 'published' })
    expect((await t.request({ method: 'PUT', url: `/api/v1/notification/${colleagues.id}`, headers: as(a), payload: { read_status: true } })).statusCode).toBe(404)
    const list = (await t.request({ method: 'GET', url: '/api/v1/notification', headers: as(a) })).json().data
    expect(list.rows.map((n: { title: string }) => n.title)).not.toContain('Your role is now Bravo only.')
  })
})

describe('forged tenancy', () => {
  it('refuses a token naming B with A’s session, even signed with the server’s key', async () => {
    const { sub, sid } = accessClaims(a.tokens.token)
    const forged = await craftAccessToken(t.config.secret, { sub, sid, bid: b.business_id })
    const response = await t.request({ method: 'GET', url: '/api/v1/settings', headers: bearer(forged) })
    expect(response.statusCode).toBe(401)
  })

  it('signs in to A only with A’s credentials, whatever business is named', async () => {
    expect((await login(t, a.email, a.password, b.business_id)).status).toBe(401)
  })
})
