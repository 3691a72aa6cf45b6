import { PERMISSION_MODELS, type PermissionModel } from '@rota/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../../helpers/business.ts'

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

type Flags = { read?: boolean; create?: boolean; update?: boolean; delete?: boolean }
const grant = (model_name: PermissionModel, flags: Flags) => ({ model_name, read: false, create: false, update: false, delete: false, ...flags })

async function createRole(name: string, permissions?: ReturnType<typeof grant>[]) {
  const response = await api('POST', '/role', { name, ...(permissions ? { permissions } : {}) })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().data
}

/** Someone holding `roleId`, invited by the owner, who accepted and is signed in. */
async function holder(roleId: string): Promise<{ id: string; token: string }> {
  const invited = (await api('POST', '/user', { email: `holder${++sequence}@example.com`, role_id: roleId })).json().data
  const accepted = await t.request({ method: 'POST', url: '/api/v1/user/accept_invite', payload: { token: invited.invite_link.split('/').at(-1), password: 'a passphrase nobody guesses' } })
  return { id: invited.user.id, token: accepted.json().data.token }
}

const allowedOf = (permissions: { model_name: string; read: boolean; create: boolean; update: boolean; delete: boolean }[]) =>
  permissions.flatMap((p) => (['read', 'create', 'update', 'delete'] as const).filter((a) => p[a]).map((a) => `${p.model_name}:${a}`))

describe('GET /role', () => {
  it('lists the privileged roles first, marked, with everything allowed and how many hold each', async () => {
    const { count, rows } = (await api('GET', '/role')).json().data
    expect(count).toBe(4)
    expect(rows.map((r: { name: string; privileged: boolean; users_count: number }) => [r.name, r.privileged, r.users_count])).toEqual([
      ['Super Admin', true, 1],
      ['System Administrator', true, 0],
      ['Manager', false, 0],
      ['Staff', false, 0],
    ])
    expect(rows[0].permissions).toHaveLength(PERMISSION_MODELS.length)
    expect(rows[0].permissions.every((p: Flags) => p.read && p.create && p.update && p.delete)).toBe(true)
    expect(rows[0].permissions[0]).toMatchObject({ model_name: 'schedules', name: 'Schedules' })
  })

  it('searches by name and pages with the total kept, even past the end', async () => {
    expect((await api('GET', '/role?q=admin')).json().data.rows.map((r: { name: string }) => r.name)).toEqual(['Super Admin', 'System Administrator'])
    const second = (await api('GET', '/role?page_size=3&page=2')).json().data
    expect(second.rows.map((r: { name: string }) => r.name)).toEqual(['Staff'])
    expect(second.count).toBe(4)
    const beyond = (await api('GET', '/role?page_size=3&page=9')).json().data
    expect(beyond).toEqual({ count: 4, rows: [] })
  })
})

describe('POST /role', () => {
  it('saves the matrix given and reads it back; models left out allow nothing', async () => {
    const role = await createRole(`Dispatcher ${++sequence}`, [grant('schedules', { read: true, create: true, update: true }), grant('locations', { read: true })])
    expect(role).toMatchObject({ privileged: false, users_count: 0, version: 1 })
    const read = (await api('GET', `/role/${role.id}`)).json().data
    expect(read.permissions).toHaveLength(PERMISSION_MODELS.length)
    expect(allowedOf(read.permissions)).toEqual(['schedules:read', 'schedules:create', 'schedules:update', 'locations:read'])
    expect(read.permissions.find((p: { model_name: string }) => p.model_name === 'locations').name).toBe('Clients')
  })

  it('creates a role that allows nothing when no matrix is sent, and audits it', async () => {
    const role = await createRole('  Observer  ')
    expect(role.name).toBe('Observer')
    expect(allowedOf(role.permissions)).toEqual([])
    const row = (await auditRows(t, owner.business_id, 'roles.create')).find((r) => r.record_id === role.id)
    expect(row).toMatchObject({ actor_email: owner.email, after: { name: 'Observer' } })
  })

  it('answers 400 for a missing or too long name and for a bad matrix', async () => {
    expect((await api('POST', '/role', { name: '   ' })).json()).toMatchObject({ code: 'validation_failed', details: { name: 'Required' } })
    expect((await api('POST', '/role', { name: 'x'.repeat(81) })).json().details).toHaveProperty('name')
    expect((await api('POST', '/role', { name: 'Bad model', permissions: [grant('spaceships' as PermissionModel, { read: true })] })).statusCode).toBe(400)
    expect((await api('POST', '/role', { name: 'Bad flag', permissions: [{ ...grant('schedules', {}), read: 'yes' }] })).statusCode).toBe(400)
    // The same part twice: one of them would be dropped without a word.
    const twice = await api('POST', '/role', { name: 'Twice', permissions: [grant('schedules', { read: true }), grant('schedules', { read: false })] })
    expect(twice.json()).toMatchObject({ code: 'validation_failed', details: { 'permissions.1.model_name': 'Name each part once' } })
    expect((await api('GET', '/role?q=bad')).json().data.count).toBe(0)
  })

  it('answers 409 name_taken on the name field for a name in use, whatever the case', async () => {
    for (const name of ['manager', 'STAFF', 'SUPER ADMIN']) {
      const response = await api('POST', '/role', { name })
      expect(response.statusCode, name).toBe(409)
      expect(response.json()).toMatchObject({ code: 'name_taken', details: { name: expect.any(String) } })
    }
  })

  it('keeps the administrators’ names for them (422 role_locked)', async () => {
    const response = await api('POST', '/role', { name: 'System Administrator' })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ code: 'role_locked', details: { name: expect.any(String) } })
  })

  it('completes the roles step of the setup guide', async () => {
    const fresh = await registerBusiness(t)
    const steps = async () => (await api('GET', '/settings', undefined, fresh.tokens.token)).json().data.completed_guided_setup.split(',')
    expect(await steps()).not.toContain('roles')
    await api('POST', '/role', { name: 'Crew lead' }, fresh.tokens.token)
    expect(await steps()).toContain('roles')
  })
})

describe('PUT /role/{id}', () => {
  it('renames and replaces the matrix; a signed-in holder feels it on their next request', async () => {
    const role = await createRole(`Coordinator ${++sequence}`, [grant('locations', { read: true, create: true }), grant('services', { read: true })])
    const person = await holder(role.id)
    expect((await api('GET', '/location', undefined, person.token)).statusCode).toBe(200)
    expect((await api('GET', '/service', undefined, person.token)).statusCode).toBe(200)

    const response = await api('PUT', `/role/${role.id}`, { name: 'Client coordinator', permissions: [grant('locations', { read: true }), grant('users', { read: true })], version: role.version })
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toMatchObject({ name: 'Client coordinator', version: 2, users_count: 1 })
    expect(allowedOf(response.json().data.permissions)).toEqual(['locations:read', 'users:read'])

    const profile = (await api('GET', '/profile', undefined, person.token)).json().data
    expect(profile.role.name).toBe('Client coordinator')
    expect(allowedOf(profile.permissions)).toEqual(['locations:read', 'users:read'])
    expect((await api('GET', '/service', undefined, person.token)).statusCode).toBe(403)
    expect((await api('POST', '/location', { name: 'Nope', street: '1 Main St', city: 'Ottawa', province: 'ON', postal_code: 'K1A 0B1' }, person.token)).statusCode).toBe(403)
    expect((await api('GET', '/user', undefined, person.token)).statusCode).toBe(200)

    const row = (await auditRows(t, owner.business_id, 'roles.update')).at(-1)
    expect(row).toMatchObject({ record_id: role.id, before: { name: role.name }, after: { name: 'Client coordinator' } })
  })

  it('renames without touching the matrix when none is sent', async () => {
    const role = await createRole(`Planner ${++sequence}`, [grant('schedules', { read: true })])
    const renamed = (await api('PUT', `/role/${role.id}`, { name: `Planner ${++sequence}`, version: role.version })).json().data
    expect(allowedOf(renamed.permissions)).toEqual(['schedules:read'])
  })

  it('refuses a stale version with 409 and keeps the newer change', async () => {
    const role = await createRole(`Editor ${++sequence}`)
    expect((await api('PUT', `/role/${role.id}`, { name: 'Editor first', version: role.version })).statusCode).toBe(200)
    const stale = await api('PUT', `/role/${role.id}`, { name: 'Editor second', permissions: [grant('users', { read: true })], version: role.version })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().code).toBe('stale_version')
    const now = (await api('GET', `/role/${role.id}`)).json().data
    expect(now.name).toBe('Editor first')
    expect(allowedOf(now.permissions)).toEqual([])
  })

  it('answers 409 name_taken when renaming onto another role’s name', async () => {
    const role = await createRole(`Rename me ${++sequence}`)
    const response = await api('PUT', `/role/${role.id}`, { name: 'staff', version: role.version })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ code: 'name_taken', details: { name: expect.any(String) } })
    expect((await api('GET', `/role/${role.id}`)).json().data).toMatchObject({ name: role.name, version: role.version })
  })

  it('never changes a privileged role, nor gives a role an administrator’s name (422 role_locked)', async () => {
    const admin = (await api('GET', '/role?q=Super')).json().data.rows[0]
    const locked = await api('PUT', `/role/${admin.id}`, { name: 'Boss', permissions: [], version: admin.version })
    expect(locked.statusCode).toBe(422)
    expect(locked.json().code).toBe('role_locked')
    expect((await api('GET', `/role/${admin.id}`)).json().data).toEqual(admin)
    const role = await createRole(`Aspiring ${++sequence}`)
    expect((await api('PUT', `/role/${role.id}`, { name: 'Super Admin', version: role.version })).json().code).toBe('role_locked')
  })

  it('answers 400 without a version and 404 for an unknown role', async () => {
    const role = await createRole(`Versionless ${++sequence}`)
    expect((await api('PUT', `/role/${role.id}`, { name: 'No version' })).json().details).toHaveProperty('version')
    expect((await api('PUT', '/role/00000000-0000-4000-8000-000000000000', { name: 'Ghost', version: 1 })).statusCode).toBe(404)
  })
})

describe('DELETE /role/{id}', () => {
  it('refuses a role someone holds (409 role_in_use), then deletes it once nobody does', async () => {
    const role = await createRole(`Temporary ${++sequence}`)
    const person = await holder(role.id)
    const refused = await api('DELETE', `/role/${role.id}`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'role_in_use', details: { users_count: 1 } })

    const staff = (await api('GET', '/role?q=staff')).json().data.rows[0]
    const version = (await api('GET', `/user/${person.id}`)).json().data.version
    expect((await api('PUT', `/user/${person.id}`, { role_id: staff.id, version })).statusCode).toBe(200)
    const deleted = await api('DELETE', `/role/${role.id}`)
    expect(deleted.statusCode).toBe(200)
    expect((await api('GET', `/role/${role.id}`)).statusCode).toBe(404)
    const row = (await auditRows(t, owner.business_id, 'roles.delete')).at(-1)
    expect(row).toMatchObject({ record_id: role.id, before: { name: role.name }, after: null })
    expect((await api('DELETE', `/role/${role.id}`)).statusCode).toBe(404)
  })

  it('never deletes a privileged role (422 role_locked)', async () => {
    const [superAdmin, sysAdmin] = (await api('GET', '/role?q=admin')).json().data.rows
    expect((await api('DELETE', `/role/${sysAdmin.id}`)).json().code).toBe('role_locked')
    expect((await api('DELETE', `/role/${superAdmin.id}`)).statusCode).toBe(422)
    expect((await api('GET', '/role?q=admin')).json().data.count).toBe(2)
  })

  it('frees the name for a new role', async () => {
    const role = await createRole('Seasonal')
    await api('DELETE', `/role/${role.id}`)
    await createRole('seasonal')
  })
})

describe('giving rights', () => {
  it('lets a role editor give only rights they hold: not to their own role, not to another, not through a role they hand out', async () => {
    const editor = await createRole(`Scheduler ${++sequence}`, [grant('schedules', { read: true, create: true, update: true }), grant('users', { read: true, create: true, update: true }), grant('roles', { read: true, create: true, update: true })])
    const kim = await holder(editor.id)
    const asKim = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => api(method, url, payload, kim.token)

    // Their own role, with settings and more of roles: refused, naming each right, and nothing changed.
    const raised = await asKim('PUT', `/role/${editor.id}`, { permissions: [...editor.permissions.filter((p: { model_name: string }) => p.model_name !== 'settings'), grant('settings', { read: true, update: true })], version: editor.version })
    expect(raised.statusCode, raised.body).toBe(403)
    expect(raised.json()).toMatchObject({ code: 'rights_beyond_own', details: { rights: [{ model_name: 'settings', action: 'read' }, { model_name: 'settings', action: 'update' }] } })
    expect((await asKim('PUT', '/settings', { business_name: 'Kim Co', version: 1 })).statusCode).toBe(403)
    // A new role beyond theirs: refused; one within theirs: made.
    expect((await asKim('POST', '/role', { name: `Payroll ${++sequence}`, permissions: [grant('payrolls', { read: true })] })).json().code).toBe('rights_beyond_own')
    const within = await asKim('POST', '/role', { name: `Planner ${++sequence}`, permissions: [grant('schedules', { read: true, update: true })] })
    expect(within.statusCode, within.body).toBe(201)

    // A role made by an administrator with more than Kim holds keeps what it has when Kim renames it, but gets nothing more from her.
    const manager = await createRole(`Manager ${++sequence}`, [grant('settings', { read: true, update: true }), grant('schedules', { read: true })])
    const renamed = await asKim('PUT', `/role/${manager.id}`, { name: `Site manager ${++sequence}`, permissions: manager.permissions, version: manager.version })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect((await asKim('PUT', `/role/${manager.id}`, { permissions: [...manager.permissions.filter((p: { model_name: string }) => p.model_name !== 'payrolls'), grant('payrolls', { read: true })], version: renamed.json().data.version })).json().code).toBe('rights_beyond_own')

    // Handing that stronger role to a second account of hers: refused, and not offered in the invite picker.
    const invite = await asKim('POST', '/user', { email: `kims-other${++sequence}@example.com`, role_id: manager.id })
    expect(invite.statusCode, invite.body).toBe(403)
    expect(invite.json().code).toBe('rights_beyond_own')
    const choices = (await asKim('GET', '/user/role_choices')).json().data.map((choice: { name: string }) => choice.name)
    expect(choices).toContain(within.json().data.name)
    expect(choices).not.toContain(renamed.json().data.name)
    expect(choices).not.toContain('Super Admin')
  })
})
