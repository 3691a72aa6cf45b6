import { PERMISSION_MODELS } from '@rota/core'
import { message } from '../../../src/i18n/messages.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, auditRows, roleId } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner
let staff: { token: string }
beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  await addUser(t, owner.business_id, { email: 'stan@example.com', password: 'the staff passphrase', firstname: 'Stan' })
  staff = (await login(t, 'stan@example.com', 'the staff passphrase', owner.business_id)).body.data
})
afterAll(() => t.close())

const getProfile = (token: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url: '/api/v1/profile', headers: { ...bearer(token), ...headers } })
const putProfile = (token: string, payload: object, headers: Record<string, string> = {}) =>
  t.request({ method: 'PUT', url: '/api/v1/profile', headers: { ...bearer(token), ...headers }, payload })

describe('GET /profile', () => {
  it('returns the user with role and permission entries', async () => {
    const response = await getProfile(staff.token)
    expect(response.statusCode).toBe(200)
    const data = response.json().data
    expect(data).toEqual({
      id: expect.any(String),
      business_id: owner.business_id,
      firstname: 'Stan',
      lastname: 'Staff',
      email: 'stan@example.com',
      phone: null,
      file: null,
      google_picture: null,
      google_linked: false,
      email_notifications: false,
      locale: 'en',
      role: { id: await roleId(t, owner.business_id, 'Staff'), name: 'Staff' },
      permissions: expect.any(Array),
      version: 1,
    })
    expect(data.permissions).toHaveLength(PERMISSION_MODELS.length)
    expect(data.permissions.find((p: { model_name: string }) => p.model_name === 'schedules')).toEqual({
      model_name: 'schedules',
      name: 'Schedules',
      read: true,
      create: false,
      update: false,
      delete: false,
    })
    expect(data).not.toHaveProperty('password_hash')
    expect(JSON.stringify(data)).not.toContain('argon2')
  })

  it('answers 401 unauthenticated without a token', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/profile' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ code: 'unauthenticated', message: 'Please sign in.' })
  })

  it('answers 401 invalid_token for a garbled token and a non-Bearer scheme', async () => {
    expect((await getProfile('garbage.token.here')).json().code).toBe('invalid_token')
    const basic = await t.request({ method: 'GET', url: '/api/v1/profile', headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` } })
    expect(basic.statusCode).toBe(401)
  })
})

describe('PUT /profile', () => {
  it('saves the fields given, returns the profile and writes an audit row', async () => {
    const response = await putProfile(staff.token, { firstname: 'Stanley', phone: '+1 (416) 555-0100', locale: 'fr', version: 1 })
    expect(response.statusCode).toBe(200)
    const data = response.json().data
    expect(data).toMatchObject({ firstname: 'Stanley', lastname: 'Staff', phone: '+1 (416) 555-0100', locale: 'fr', version: 2 })
    expect(response.json().message).toBe('Your profile has been saved.')
    expect((await getProfile(staff.token)).json().data).toMatchObject({ firstname: 'Stanley', version: 2 })

    const [row] = await auditRows(t, owner.business_id, 'profile.update')
    expect(row).toMatchObject({
      actor_email: 'stan@example.com',
      model: 'users',
      record_id: data.id,
      before: { firstname: 'Stan', phone: null, locale: 'en' },
      after: { firstname: 'Stanley', phone: '+1 (416) 555-0100', locale: 'fr' },
    })
  })

  it('answers in the user’s own language once chosen', async () => {
    const response = await putProfile(staff.token, { lastname: 'Leclerc' })
    expect(response.json().message).toBe('Votre profil a été enregistré.')
    expect((await putProfile(staff.token, { lastname: 'Leclerc' }, { 'accept-language': 'es' })).json().message).toBe('Su perfil ha sido guardado.')
    // A refusal too: the permission check knows who is asking, and answers in their language.
    const refused = await t.request({ method: 'GET', url: '/api/v1/payroll', headers: bearer(staff.token) })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe("Vous n'avez pas la permission de faire cela.")
    // A field refused too, and whatever the client says when it names no language of Rota's (Node's fetch sends *).
    const invalid = await putProfile(staff.token, { firstname: '' }, { 'accept-language': '*' })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().message).toBe(message('validation_failed', 'fr'))
    expect((await t.request({ method: 'GET', url: '/api/v1/payroll', headers: { ...bearer(staff.token), 'accept-language': '*' } })).json().message).toBe(message('forbidden', 'fr'))
  })

  it('refuses a stale version with 409 and changes nothing', async () => {
    const current = (await getProfile(staff.token)).json().data
    const response = await putProfile(staff.token, { firstname: 'Overwriter', version: current.version - 1 })
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('stale_version')
    expect((await getProfile(staff.token)).json().data).toMatchObject({ firstname: current.firstname, version: current.version })
  })

  it('ignores fields a user may not set on themselves: role, e-mail, business, status', async () => {
    const adminRole = await roleId(t, owner.business_id, 'System Administrator')
    const response = await putProfile(staff.token, { role_id: adminRole, role: { id: adminRole, name: 'System Administrator' }, email: 'boss@example.com', business_id: 'other-biz', status: 'active', firstname: 'Stan' })
    expect(response.statusCode).toBe(200)
    const data = (await getProfile(staff.token)).json().data
    expect(data).toMatchObject({ role: { name: 'Staff' }, email: 'stan@example.com', business_id: owner.business_id })
  })

  it('is not made stale by a sign-in elsewhere: signing in is not an edit', async () => {
    const open = (await getProfile(staff.token)).json().data
    await login(t, 'stan@example.com', 'the staff passphrase', owner.business_id)
    const response = await putProfile(staff.token, { lastname: 'Signed-In', version: open.version })
    expect(response.statusCode).toBe(200)
  })

  it('answers 400 with details for bad fields', async () => {
    const response = await putProfile(staff.token, { firstname: '', phone: 'call me maybe', locale: 'de', version: 0 })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().details).sort()).toEqual(['firstname', 'locale', 'phone', 'version'])
  })

  it('refuses a change that names no field it may change (400 nothing_to_change), its version left as it was', async () => {
    const before = (await getProfile(staff.token)).json().data
    for (const body of [{ email: 'stan@elsewhere.example', password: 'a new passphrase' }, { version: before.version }]) {
      const response = await putProfile(staff.token, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json().code).toBe('nothing_to_change')
    }
    expect((await putProfile(staff.token, {}, { 'accept-language': 'fr' })).json().message).toBe(message('nothing_to_change', 'fr'))
    expect((await getProfile(staff.token)).json().data.version).toBe(before.version)
  })

  it('lets a phone number be cleared', async () => {
    const response = await putProfile(staff.token, { phone: null })
    expect(response.statusCode).toBe(200)
    expect(response.json().data.phone).toBeNull()
  })

  it('needs a signed-in user', async () => {
    const response = await t.request({ method: 'PUT', url: '/api/v1/profile', payload: { firstname: 'Nobody' } })
    expect(response.statusCode).toBe(401)
  })
})
