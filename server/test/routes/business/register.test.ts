import { PERMISSION_MODELS } from '@rota/core'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { permissions, roles, timeoffCategories, users } from '../../../src/db/schema/index.ts'
import { auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login } from '../../helpers/business.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const valid = {
  business_id: 'maple-cleaning',
  business_name: 'Maple Cleaning',
  firstname: 'Olive',
  lastname: 'Owner',
  email: 'olive@maple.example',
  password: 'a long and unusual passphrase',
}

const register = (payload: unknown, headers: Record<string, string> = {}) => t.request({ method: 'POST', url: '/api/v1/business', payload: payload as object, headers })

describe('POST /business', () => {
  it('creates the business and signs its owner in', async () => {
    const response = await register(valid)
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body.message).toEqual(expect.any(String))
    expect(body.data).toEqual({ token: expect.any(String), refresh_token: expect.any(String), expires_in: 900 })

    const profile = await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(body.data.token) })
    expect(profile.statusCode).toBe(200)
    expect(profile.json().data).toMatchObject({
      business_id: 'maple-cleaning',
      firstname: 'Olive',
      lastname: 'Owner',
      email: 'olive@maple.example',
      role: { name: 'Super Admin' },
    })
  })

  it('makes the owner able to sign in with the password chosen', async () => {
    const { status, body } = await login(t, valid.email, valid.password, valid.business_id)
    expect(status).toBe(200)
    expect(body.data.status).toBe('signed_in')
  })

  it('creates the default roles with permission entries for every model', async () => {
    const rows = await t.db.select().from(roles).where(eq(roles.business_id, 'maple-cleaning')).orderBy(asc(roles.name))
    expect(rows.map((r) => r.name)).toEqual(['Manager', 'Staff', 'Super Admin', 'System Administrator'])
    const entries = await t.db.select().from(permissions).where(eq(permissions.business_id, 'maple-cleaning'))
    expect(entries).toHaveLength(rows.length * PERMISSION_MODELS.length)

    const of = (role: string, model: string) => {
      const id = rows.find((r) => r.name === role)!.id
      return entries.find((e) => e.role_id === id && e.model_name === model)!
    }
    expect(of('System Administrator', 'settings')).toMatchObject({ read: true, create: true, update: true, delete: true })
    expect(of('Manager', 'schedules')).toMatchObject({ read: true, create: true, update: true, delete: true })
    expect(of('Manager', 'settings')).toMatchObject({ update: false })
    expect(of('Staff', 'schedules')).toMatchObject({ read: true, create: false, update: false, delete: false })
    expect(of('Staff', 'users')).toMatchObject({ read: false, create: false, update: false, delete: false })
    expect(of('Staff', 'settings')).toMatchObject({ update: false })
  })

  it('gives the owner the Super Admin role, whose profile lists every permission', async () => {
    const { body } = await login(t, valid.email, valid.password, valid.business_id)
    const profile = (await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(body.data.token) })).json().data
    expect(profile.permissions.map((p: { model_name: string }) => p.model_name).sort()).toEqual([...PERMISSION_MODELS].sort())
    for (const entry of profile.permissions) expect(entry).toMatchObject({ read: true, create: true, update: true, delete: true, name: expect.any(String) })
  })

  it('creates the default settings', async () => {
    const { body } = await login(t, valid.email, valid.password, valid.business_id)
    const settings = await t.request({ method: 'GET', url: '/api/v1/settings', headers: bearer(body.data.token) })
    expect(settings.statusCode).toBe(200)
    expect(settings.json().data).toMatchObject({
      business_id: 'maple-cleaning',
      business_name: 'Maple Cleaning',
      business_logo: null,
      completed_guided_setup: '',
      timezone: 'America/Toronto',
      locale: 'en',
      tax_province: 'ON',
      invoice_prefix: 'INV-',
      week_start: 0,
      require_otp: false,
      version: 1,
    })
  })

  it.each([
    [{ locale: 'fr' }, { locale: 'fr', tax_province: 'QC', invoice_prefix: 'FAC-', week_start: 1 }],
    [{ locale: 'fr', province: 'NB' }, { locale: 'fr', tax_province: 'NB', invoice_prefix: 'FAC-', week_start: 1 }],
    [{ locale: 'es' }, { locale: 'es', tax_province: 'ON', invoice_prefix: 'FAC-', week_start: 1 }],
    [{ locale: 'en', province: 'BC' }, { locale: 'en', tax_province: 'BC', invoice_prefix: 'INV-', week_start: 0 }],
  ])('starts the settings from the language and province of %j', async (choice, expected) => {
    const id = `defaults-${choice.locale}-${'province' in choice ? choice.province.toLowerCase() : 'none'}`
    const response = await register({ ...valid, ...choice, business_id: id, email: `${id}@example.com` })
    expect(response.statusCode, response.body).toBe(201)
    const settings = (await t.request({ method: 'GET', url: '/api/v1/settings', headers: bearer(response.json().data.token) })).json().data
    expect(settings).toMatchObject(expected)
  })

  it('refuses a province that is not one of the thirteen', async () => {
    const response = await register({ ...valid, business_id: 'nowhere-inc', email: 'n@nowhere.example', province: 'NY' })
    expect(response.statusCode).toBe(400)
    expect(response.json().details).toHaveProperty('province')
  })

  it('creates five time-off categories', async () => {
    const rows = await t.db.select().from(timeoffCategories).where(eq(timeoffCategories.business_id, 'maple-cleaning'))
    expect(rows).toHaveLength(5)
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Vacation', 'Sick leave']))
    expect(rows.every((r) => r.active)).toBe(true)
  })

  it('keeps the time zone and language chosen', async () => {
    const response = await register(
      { ...valid, business_id: 'erable-menage', email: 'e@erable.example', timezone: 'America/Montreal', locale: 'fr' },
      { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' },
    )
    expect(response.statusCode).toBe(201)
    expect(response.json().message).toBe('Bienvenue dans Rota ! Votre entreprise est prête.')
    const settings = (await t.request({ method: 'GET', url: '/api/v1/settings', headers: bearer(response.json().data.token) })).json().data
    expect(settings).toMatchObject({ timezone: 'America/Montreal', locale: 'fr' })
    const categories = await t.db.select().from(timeoffCategories).where(eq(timeoffCategories.business_id, 'erable-menage'))
    expect(categories.map((c) => c.name)).toEqual(expect.arrayContaining(['Vacances', 'Congé de maladie', 'Congé sans solde']))
  })

  it('writes audit rows for the registration and the first sign-in', async () => {
    const [owner] = await t.db.select().from(users).where(and(eq(users.business_id, 'maple-cleaning'), eq(users.email, valid.email)))
    const registered = await auditRows(t, 'maple-cleaning', 'business.registered')
    expect(registered).toHaveLength(1)
    expect(registered[0]).toMatchObject({ actor_id: owner!.id, actor_email: valid.email, ip: '127.0.0.1' })
    const signIns = await auditRows(t, 'maple-cleaning', 'auth.login')
    expect(signIns[0]).toMatchObject({ actor_id: owner!.id, after: { method: 'registration' } })
  })

  it('stores the password hashed with argon2id', async () => {
    const [owner] = await t.db.select().from(users).where(eq(users.email, valid.email))
    expect(owner!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(owner!.password_hash).not.toContain(valid.password)
  })

  it('refuses a business id that is taken with 409, whatever its case', async () => {
    for (const business_id of ['maple-cleaning', 'Maple-Cleaning']) {
      const response = await register({ ...valid, business_id, email: 'someone@else.example' })
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ code: 'business_taken', message: expect.any(String), details: { business_id: expect.any(String) } })
    }
  })

  it('lets the same e-mail own another business', async () => {
    const response = await register({ ...valid, business_id: 'maple-two' })
    expect(response.statusCode).toBe(201)
  })

  it('answers 400 with a detail for every bad field', async () => {
    const response = await register({
      business_id: 'X!',
      business_name: '',
      firstname: '',
      lastname: 'x'.repeat(101),
      email: 'not-an-email',
      password: 'short',
      timezone: 'Mars/Olympus',
      locale: 'de',
    })
    expect(response.statusCode).toBe(400)
    const body = response.json()
    expect(body.code).toBe('validation_failed')
    expect(Object.keys(body.details).sort()).toEqual(['business_id', 'business_name', 'email', 'firstname', 'lastname', 'locale', 'password', 'timezone'])
    for (const detail of Object.values(body.details)) expect(detail).toEqual(expect.any(String))
  })

  it('answers 400 naming each missing field', async () => {
    const response = await register({})
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().details).sort()).toEqual(['business_id', 'business_name', 'email', 'firstname', 'lastname', 'password'])
  })

  it('refuses a password longer than 128 characters', async () => {
    const response = await register({ ...valid, business_id: 'long-pass', password: 'x'.repeat(129) })
    expect(response.statusCode).toBe(400)
    expect(response.json().details).toHaveProperty('password')
  })

  it('refuses a common password, whatever its case', async () => {
    for (const password of ['password', 'Password1', 'iloveyou', 'QWERTYUIOP']) {
      const response = await register({ ...valid, business_id: 'common-pass', password })
      expect(response.statusCode, password).toBe(400)
      expect(response.json()).toMatchObject({ code: 'common_password', details: { password: expect.any(String) } })
    }
    const created = await t.db.select().from(roles).where(eq(roles.business_id, 'common-pass'))
    expect(created).toHaveLength(0)
  })

  it('leaves no account behind when the business id is refused', async () => {
    const before = await t.db.select().from(users).where(eq(users.email, 'someone@else.example'))
    expect(before).toHaveLength(0)
  })
})
