import { PERMISSION_MODELS } from '@rota/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditRows, roleId } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner
let sequence = 0

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
})
afterAll(() => t.close())

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = owner.tokens.token) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })
const PASSWORD = 'a passphrase nobody guesses'

interface Person {
  id: string
  email: string
  token: string
}

/** Someone invited into `business` with `role` who accepted and is signed in. */
async function join(role: { role?: string; role_id?: string }, business: Owner = owner, firstname = 'Pat'): Promise<Person> {
  const email = `person${++sequence}@example.com`
  const invited = await api('POST', '/user', { email, firstname, lastname: 'Person', ...role }, business.tokens.token)
  expect(invited.statusCode, invited.body).toBe(201)
  const { user, invite_link } = invited.json().data
  const accepted = await t.request({ method: 'POST', url: '/api/v1/user/accept_invite', payload: { token: invite_link.split('/').at(-1), password: PASSWORD } })
  return { id: user.id, email, token: accepted.json().data.token }
}

const current = async (id: string, token = owner.tokens.token) => (await api('GET', `/user/${id}`, undefined, token)).json().data
const me = async (token: string) => (await api('GET', '/profile', undefined, token)).json().data

describe('PUT /user/{id}', () => {
  it('saves the fields sent, bumps the version and audits only what changed', async () => {
    const person = await join({ role: 'Staff' })
    const before = await current(person.id)
    const response = await api('PUT', `/user/${person.id}`, { firstname: 'Patricia', phone: '+1 613 555 0199 x7', pay_rate_cents: 2475, version: before.version })
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toMatchObject({ firstname: 'Patricia', lastname: 'Person', phone: '613-555-0199 ext. 7', pay_rate_cents: 2475, version: before.version + 1 })
    expect(await current(person.id)).toMatchObject({ firstname: 'Patricia', pay_rate_cents: 2475 })
    const row = (await auditRows(t, owner.business_id, 'users.update')).at(-1)
    expect(row).toMatchObject({ record_id: person.id, before: { firstname: 'Pat', phone: null, pay_rate_cents: null }, after: { firstname: 'Patricia', phone: '613-555-0199 ext. 7', pay_rate_cents: 2475 } })
    expect(Object.keys(row!.after as object).sort()).toEqual(['firstname', 'pay_rate_cents', 'phone'])
  })

  it('clears the phone and the pay rate with null', async () => {
    const person = await join({ role: 'Staff' })
    const { version } = (await api('PUT', `/user/${person.id}`, { phone: '613-555-0100', pay_rate_cents: 0, version: (await current(person.id)).version })).json().data
    const cleared = await api('PUT', `/user/${person.id}`, { phone: null, pay_rate_cents: null, version })
    expect(cleared.json().data).toMatchObject({ phone: null, pay_rate_cents: null })
  })

  it('answers 400 with a detail for every bad field and changes nothing', async () => {
    const person = await join({ role: 'Staff' })
    const before = await current(person.id)
    const response = await api('PUT', `/user/${person.id}`, { firstname: ' ', lastname: 'x'.repeat(101), phone: '12345', pay_rate_cents: 10.5, status: 'invited', role_id: 'Manager', file: 'f'.repeat(201), version: 0 })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().details).sort()).toEqual(['file', 'firstname', 'lastname', 'pay_rate_cents', 'phone', 'role_id', 'status', 'version'])
    expect((await api('PUT', `/user/${person.id}`, { firstname: 'No version' })).json().details).toHaveProperty('version')
    expect((await api('PUT', `/user/${person.id}`, { pay_rate_cents: -5, version: before.version })).json().details).toHaveProperty('pay_rate_cents')
    expect(await current(person.id)).toEqual(before)
  })

  it('refuses a stale version with 409 and keeps the other person’s change', async () => {
    const person = await join({ role: 'Staff' })
    const read = await current(person.id)
    expect((await api('PUT', `/user/${person.id}`, { lastname: 'First', version: read.version })).statusCode).toBe(200)
    const stale = await api('PUT', `/user/${person.id}`, { lastname: 'Second', version: read.version })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().code).toBe('stale_version')
    expect((await current(person.id)).lastname).toBe('First')
  })

  it('answers 404 for someone who is not there', async () => {
    expect((await api('PUT', '/user/00000000-0000-4000-8000-000000000000', { lastname: 'Ghost', version: 1 })).statusCode).toBe(404)
  })

  it('cannot make an invitee active or disabled before they accept (422 not_accepted): revoking the invitation is how to stop it', async () => {
    const invited = (await api('POST', '/user', { email: `pending${++sequence}@example.com`, role: 'Staff' })).json().data.user
    for (const status of ['active', 'disabled']) {
      const response = await api('PUT', `/user/${invited.id}`, { status, version: invited.version })
      expect(response.statusCode, status).toBe(422)
      expect(response.json().code).toBe('not_accepted')
    }
    expect(await current(invited.id)).toMatchObject({ status: 'invited', invite: { status: 'sent' }, version: invited.version })
  })
})

describe('changing a role', () => {
  it('takes effect, notifies the person in their list, and audits the role ids', async () => {
    const person = await join({ role: 'Staff' })
    const manager = await roleId(t, owner.business_id, 'Manager')
    const response = await api('PUT', `/user/${person.id}`, { role_id: manager, version: (await current(person.id)).version })
    expect(response.json().data.role).toEqual({ id: manager, name: 'Manager' })
    expect((await me(person.token)).role.name).toBe('Manager')
    const bell = (await api('GET', '/notification?filter[read_status]=false&page_size=10', undefined, person.token)).json().data
    expect(bell.rows[0]).toMatchObject({ title: 'Your role is now Manager.', model: 'users', operation: 'role_changed', read_status: false })
    const row = (await auditRows(t, owner.business_id, 'users.update')).at(-1)
    expect(row).toMatchObject({ record_id: person.id, before: { role_id: await roleId(t, owner.business_id, 'Staff') }, after: { role_id: manager } })
  })

  it('does not notify when only other fields change', async () => {
    const person = await join({ role: 'Staff' })
    await api('PUT', `/user/${person.id}`, { lastname: 'Renamed', role_id: await roleId(t, owner.business_id, 'Staff'), version: (await current(person.id)).version })
    expect((await api('GET', '/notification', undefined, person.token)).json().data.count).toBe(0)
  })

  it('answers 422 role_not_found for an unknown role or another business’s, changing nothing', async () => {
    const person = await join({ role: 'Staff' })
    const neighbour = await registerBusiness(t)
    const before = await current(person.id)
    for (const role_id of ['00000000-0000-4000-8000-000000000000', await roleId(t, neighbour.business_id, 'Manager')]) {
      const response = await api('PUT', `/user/${person.id}`, { role_id, version: before.version })
      expect(response.statusCode).toBe(422)
      expect(response.json()).toMatchObject({ code: 'role_not_found', details: { role_id: expect.any(String) } })
    }
    expect(await current(person.id)).toEqual(before)
  })

  it('is refused (403) to a Manager for an administrator, either way', async () => {
    const manager = await join({ role: 'Manager' })
    const staff = await join({ role: 'Staff' })
    const admin = await join({ role: 'System Administrator' })
    const promote = await api('PUT', `/user/${staff.id}`, { role_id: await roleId(t, owner.business_id, 'Super Admin'), version: (await current(staff.id)).version }, manager.token)
    expect(promote.statusCode).toBe(403)
    const demote = await api('PUT', `/user/${admin.id}`, { role_id: await roleId(t, owner.business_id, 'Staff'), version: (await current(admin.id)).version }, manager.token)
    expect(demote.statusCode).toBe(403)
    expect((await current(staff.id)).role.name).toBe('Staff')
    expect((await current(admin.id)).role.name).toBe('System Administrator')
    const allowed = await api('PUT', `/user/${staff.id}`, { role_id: await roleId(t, owner.business_id, 'Manager'), version: (await current(staff.id)).version }, manager.token)
    expect(allowed.statusCode).toBe(200)
  })
})

describe('yourself', () => {
  it('cannot be disabled, demoted or deleted (422 cannot_change_self), but can be renamed', async () => {
    const self = await me(owner.tokens.token)
    const disable = await api('PUT', `/user/${self.id}`, { status: 'disabled', version: self.version })
    expect(disable.statusCode).toBe(422)
    expect(disable.json().code).toBe('cannot_change_self')
    const demote = await api('PUT', `/user/${self.id}`, { role_id: await roleId(t, owner.business_id, 'Staff'), version: self.version })
    expect(demote.json().code).toBe('cannot_change_self')
    const remove = await api('DELETE', `/user/${self.id}`)
    expect(remove.statusCode).toBe(422)
    expect(remove.json().code).toBe('cannot_change_self')
    expect(await current(self.id)).toMatchObject({ status: 'active', role: { name: 'Super Admin' } })
    expect((await api('PUT', `/user/${self.id}`, { lastname: 'Owner-Smith', version: self.version })).statusCode).toBe(200)
  })
})

describe('administrators and the last Super Admin', () => {
  let boss: Owner
  let bossId: string
  let peopleOps: Person
  const people = (method: 'PUT' | 'DELETE', url: string, payload?: object) => api(method, url, payload, peopleOps.token)

  beforeAll(async () => {
    boss = await registerBusiness(t)
    bossId = (await me(boss.tokens.token)).id
    const grants = PERMISSION_MODELS.map((model_name) => ({ model_name, read: model_name === 'users', create: model_name === 'users', update: model_name === 'users', delete: model_name === 'users' }))
    const role = (await api('POST', '/role', { name: 'People Ops', permissions: grants }, boss.tokens.token)).json().data
    peopleOps = await join({ role_id: role.id }, boss)
  })

  it('only an administrator may disable or remove an administrator (403 otherwise, nothing changes)', async () => {
    const version = (await current(bossId, boss.tokens.token)).version
    const disable = await people('PUT', `/user/${bossId}`, { status: 'disabled', version })
    expect(disable.statusCode).toBe(403)
    expect(disable.json().code).toBe('forbidden')
    expect((await people('DELETE', `/user/${bossId}`)).statusCode).toBe(403)
    expect(await current(bossId, boss.tokens.token)).toMatchObject({ status: 'active', version })
  })

  it('the last active Super Admin cannot be demoted, disabled or removed, even by another administrator (422 last_admin)', async () => {
    const sysadmin = await join({ role: 'System Administrator' }, boss)
    const version = (await current(bossId, boss.tokens.token)).version
    const demote = await api('PUT', `/user/${bossId}`, { role_id: await roleId(t, boss.business_id, 'Manager'), version }, sysadmin.token)
    expect(demote.statusCode).toBe(422)
    expect(demote.json().code).toBe('last_admin')
    expect((await api('PUT', `/user/${bossId}`, { status: 'disabled', version }, sysadmin.token)).json().code).toBe('last_admin')
    expect((await api('DELETE', `/user/${bossId}`, undefined, sysadmin.token)).json().code).toBe('last_admin')
    expect(await current(bossId, boss.tokens.token)).toMatchObject({ status: 'active', version, role: { name: 'Super Admin' } })
    // A System Administrator is not a Super Admin: they can be disabled by the owner as usual.
    const disabled = await api('PUT', `/user/${sysadmin.id}`, { status: 'disabled', version: (await current(sysadmin.id, boss.tokens.token)).version }, boss.tokens.token)
    expect(disabled.statusCode).toBe(200)
  })

  it('can be demoted and removed once another Super Admin is active', async () => {
    const second = await join({ role: 'Super Admin' }, boss)
    const demoted = await api('PUT', `/user/${bossId}`, { role_id: await roleId(t, boss.business_id, 'Manager'), version: (await current(bossId, second.token)).version }, second.token)
    expect(demoted.statusCode).toBe(200)
    expect((await me(boss.tokens.token)).role.name).toBe('Manager')
    // Now the second one is the last Super Admin: the demoted owner (a Manager) may not touch them at all.
    const refused = await api('PUT', `/user/${second.id}`, { status: 'disabled', version: (await current(second.id, second.token)).version }, boss.tokens.token)
    expect(refused.statusCode).toBe(403)
    const restored = await api('PUT', `/user/${bossId}`, { role_id: await roleId(t, boss.business_id, 'Super Admin'), version: (await current(bossId, second.token)).version }, second.token)
    expect(restored.statusCode).toBe(200)
    expect((await api('DELETE', `/user/${second.id}`, undefined, boss.tokens.token)).statusCode).toBe(200)
    expect((await me(boss.tokens.token)).role.name).toBe('Super Admin')
  })
})

describe('DELETE /user/{id}', () => {
  it('removes the member: gone from the list, their token dead, audited, and the address free again', async () => {
    const person = await join({ role: 'Staff' }, owner, 'Leaving')
    const response = await api('DELETE', `/user/${person.id}`)
    expect(response.statusCode).toBe(200)
    expect((await api('GET', `/user/${person.id}`)).statusCode).toBe(404)
    expect((await api('GET', '/user?q=leaving')).json().data.count).toBe(0)
    expect((await api('GET', '/profile', undefined, person.token)).statusCode).toBe(401)
    expect((await login(t, person.email, PASSWORD, owner.business_id)).status).toBe(401)
    const row = (await auditRows(t, owner.business_id, 'users.delete')).at(-1)
    expect(row).toMatchObject({ record_id: person.id, before: { email: person.email, firstname: 'Leaving' }, after: null })
    expect((await api('POST', '/user', { email: person.email, role: 'Staff' })).statusCode).toBe(201)
  })

  it('removes an invitee whose link then stops working', async () => {
    const { user, invite_link } = (await api('POST', '/user', { email: `gone${++sequence}@example.com`, role: 'Staff' })).json().data
    expect((await api('DELETE', `/user/${user.id}`)).statusCode).toBe(200)
    const verify = await t.request({ method: 'POST', url: '/api/v1/user/verify_invite', payload: { token: invite_link.split('/').at(-1) } })
    expect(verify.statusCode).toBe(400)
  })

  it('answers 404 for someone already gone', async () => {
    const person = await join({ role: 'Staff' })
    await api('DELETE', `/user/${person.id}`)
    expect((await api('DELETE', `/user/${person.id}`)).statusCode).toBe(404)
  })
})
