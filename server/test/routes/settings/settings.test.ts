import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner
const tokens: Record<string, string> = {}
beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t, { business_name: 'Settings Co' })
  for (const role of ['Staff', 'Manager', 'System Administrator']) {
    const email = `${role.toLowerCase().replace(/ /g, '-')}@example.com`
    await addUser(t, owner.business_id, { email, password: 'a passphrase for roles', role })
    tokens[role] = (await login(t, email, 'a passphrase for roles', owner.business_id)).body.data.token
  }
})
afterAll(() => t.close())

const getSettings = (token: string) => t.request({ method: 'GET', url: '/api/v1/settings', headers: bearer(token) })
const putSettings = (token: string, payload: object, headers: Record<string, string> = {}) =>
  t.request({ method: 'PUT', url: '/api/v1/settings', headers: { ...bearer(token), ...headers }, payload })

describe('GET /settings', () => {
  it('is readable by every signed-in user, Staff included', async () => {
    for (const token of [owner.tokens.token, tokens['Staff']!, tokens['Manager']!]) {
      const response = await getSettings(token)
      expect(response.statusCode).toBe(200)
      expect(response.json().data).toMatchObject({ business_id: owner.business_id, business_name: 'Settings Co', updated_at: expect.any(String), version: expect.any(Number) })
    }
  })

  it('needs a signed-in user', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/settings' })
    expect(response.statusCode).toBe(401)
  })
})

describe('PUT /settings', () => {
  it('saves the owner’s change and audits before and after', async () => {
    const response = await putSettings(owner.tokens.token, { business_name: 'Settings Co Ltd', completed_guided_setup: 'clients,services', timezone: 'America/Vancouver', week_start: 1, version: 1 })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      message: 'Settings saved.',
      data: { business_name: 'Settings Co Ltd', completed_guided_setup: 'settings,clients,services', timezone: 'America/Vancouver', week_start: 1, version: 2 },
    })
    expect((await getSettings(tokens['Staff']!)).json().data.business_name).toBe('Settings Co Ltd')
    const [row] = await auditRows(t, owner.business_id, 'settings.update')
    expect(row).toMatchObject({
      model: 'settings',
      record_id: owner.business_id,
      actor_email: owner.email,
      before: { business_name: 'Settings Co', timezone: 'America/Toronto', week_start: 0 },
      after: { business_name: 'Settings Co Ltd', timezone: 'America/Vancouver', week_start: 1 },
    })
  })

  it('lets a System Administrator change them', async () => {
    const response = await putSettings(tokens['System Administrator']!, { business_logo: 'logos/settings-co.png' })
    expect(response.statusCode).toBe(200)
    expect(response.json().data.business_logo).toBe('logos/settings-co.png')
  })

  it('refuses Staff and Managers with 403 forbidden and audits the attempt', async () => {
    for (const role of ['Staff', 'Manager']) {
      const response = await putSettings(tokens[role]!, { business_name: 'Hijacked' })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ code: 'forbidden', message: 'You do not have permission to do this.' })
    }
    expect((await getSettings(owner.tokens.token)).json().data.business_name).toBe('Settings Co Ltd')
    const rows = await auditRows(t, owner.business_id, 'auth.forbidden')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toMatchObject({ actor_email: 'staff@example.com', model: 'settings', after: { action: 'update', method: 'PUT', url: '/api/v1/settings' } })
  })

  it('says “forbidden” in the caller’s language', async () => {
    const response = await putSettings(tokens['Staff']!, { business_name: 'Hijacked' }, { 'accept-language': 'fr' })
    expect(response.json().message).toBe("Vous n'avez pas la permission de faire cela.")
  })

  it('refuses a stale version with 409 and keeps the newer change', async () => {
    const current = (await getSettings(owner.tokens.token)).json().data
    const response = await putSettings(owner.tokens.token, { business_name: 'Lost Update', version: current.version - 1 })
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('stale_version')
    expect((await getSettings(owner.tokens.token)).json().data).toMatchObject({ business_name: current.business_name, version: current.version })
  })

  it('answers 400 with details for bad fields', async () => {
    const response = await putSettings(owner.tokens.token, { business_name: '', timezone: 'Nowhere/Land', week_start: 3, tax_province: 'XX', invoice_prefix: 'INV #', next_invoice_number: 0, require_otp: 'yes', gst_hst_number: 'abc', qst_number: '!!!' })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().details).sort()).toEqual(['business_name', 'gst_hst_number', 'invoice_prefix', 'next_invoice_number', 'qst_number', 'require_otp', 'tax_province', 'timezone', 'week_start'])
  })

  it('keeps a time zone as IANA spells it, whatever case it was sent in', async () => {
    const version = (await getSettings(owner.tokens.token)).json().data.version
    const saved = await putSettings(owner.tokens.token, { timezone: 'america/vancouver', version })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data.timezone).toBe('America/Vancouver')
  })

  it('takes registration numbers as the tax agencies write them, with or without spaces', async () => {
    const version = (await getSettings(owner.tokens.token)).json().data.version
    const saved = await putSettings(owner.tokens.token, { gst_hst_number: '123456789RT0001', qst_number: '1234567890 TQ0001', version })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data).toMatchObject({ gst_hst_number: '123456789RT0001', qst_number: '1234567890 TQ0001' })
  })

  it('saves the business\'s address as a client\'s is written, and clears a part sent empty', async () => {
    const version = (await getSettings(owner.tokens.token)).json().data.version
    const saved = await putSettings(owner.tokens.token, {
      business_street: ' 1200 Burrard St ',
      business_city: 'Vancouver',
      business_province: 'BC',
      business_postal_code: 'v6z2c7',
      business_phone: '(604) 555-0199',
      version,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const address = { business_street: '1200 Burrard St', business_city: 'Vancouver', business_province: 'BC', business_postal_code: 'V6Z 2C7', business_phone: '604-555-0199' }
    expect(saved.json().data).toMatchObject(address)
    expect((await getSettings(tokens['Staff']!)).json().data).toMatchObject(address)

    const cleared = await putSettings(owner.tokens.token, { business_street: '', business_phone: '  ', version: saved.json().data.version })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect((await getSettings(owner.tokens.token)).json().data).toMatchObject({ ...address, business_street: null, business_phone: null })
  })

  it('refuses a malformed address by field, and a postal code of another province than the one sent or stored', async () => {
    const bad = await putSettings(owner.tokens.token, { business_province: 'XX', business_postal_code: '90210', business_phone: '12', business_city: 'x'.repeat(101) })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({
      code: 'validation_failed',
      details: { business_postal_code: 'Enter a Canadian postal code such as K1A 0B1', business_phone: 'Enter a 10-digit phone number such as 613-555-0123' },
    })
    expect(Object.keys(bad.json().details).sort()).toEqual(['business_city', 'business_phone', 'business_postal_code', 'business_province'])

    const elsewhere = await putSettings(owner.tokens.token, { business_province: 'QC', business_postal_code: 'M5V 2T6' })
    expect(elsewhere.statusCode).toBe(400)
    expect(Object.keys(elsewhere.json().details)).toEqual(['business_postal_code'])
    // The province stored (BC, above) against a postal code sent alone, and the reverse.
    const alone = await putSettings(owner.tokens.token, { business_postal_code: 'M5V 2T6' })
    expect(alone.statusCode).toBe(400)
    expect(alone.json().details).toEqual({ business_postal_code: 'A postal code starting with M is in ON, not BC' })
    expect((await putSettings(owner.tokens.token, { business_province: 'ON' })).json().details).toEqual({ business_postal_code: 'A postal code starting with V is in BC, not ON' })
    // A postal code with no province could not be checked, and would print without its province.
    expect((await putSettings(owner.tokens.token, { business_province: null })).json().details).toEqual({ business_province: 'Choose the province of the postal code' })
    expect((await getSettings(owner.tokens.token)).json().data).toMatchObject({ business_province: 'BC', business_postal_code: 'V6Z 2C7' })
  })

  it('ignores an attempt to change the business id', async () => {
    const response = await putSettings(owner.tokens.token, { business_id: 'stolen-id', business_name: 'Settings Co Ltd' })
    expect(response.statusCode).toBe(200)
    expect(response.json().data.business_id).toBe(owner.business_id)
  })

  it("counts saving the settings as the setup guide's settings step, but not a save of the guide's marks alone", async () => {
    const fresh = await registerBusiness(t)
    const marksOnly = await putSettings(fresh.tokens.token, { completed_guided_setup: 'roles' })
    expect(marksOnly.json().data.completed_guided_setup).toBe('roles')
    const saved = await putSettings(fresh.tokens.token, { week_start: 1 })
    expect(saved.json().data.completed_guided_setup.split(',').sort()).toEqual(['roles', 'settings'])
  })
})
