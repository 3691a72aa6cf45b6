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

const client = (extra: Record<string, unknown> = {}) => ({ name: `Client ${++sequence}`, street: '235 Queens Quay W', city: 'Toronto', province: 'ON', postal_code: 'M5J 2G8', ...extra })

async function create(body: object, token = owner.tokens.token) {
  const response = await api('POST', '/location', body, token)
  expect(response.statusCode, response.body).toBe(201)
  return response.json().data
}

/** The details of a 400 answer to creating a client with these fields changed. */
async function refused(extra: Record<string, unknown>) {
  const response = await api('POST', '/location', client(extra))
  expect(response.statusCode, JSON.stringify(extra)).toBe(400)
  expect(response.json().code).toBe('validation_failed')
  return response.json().details as Record<string, string>
}

describe('POST /location', () => {
  it('creates a client with defaults, tidied fields, an audit row and the clients step done', async () => {
    const steps = async () => (await api('GET', '/settings')).json().data.completed_guided_setup.split(',')
    expect(await steps()).not.toContain('clients')
    const response = await api('POST', '/location', client({ name: '  Harbourfront   Centre ', postal_code: 'm5j2g8', email: ' Events@Harbourfront.CA ', phone: '1 (416) 973-4000 poste 12', contact_person: ' Jo ' }))
    expect(response.statusCode).toBe(201)
    const created = response.json().data
    expect(created).toMatchObject({
      name: 'Harbourfront   Centre',
      postal_code: 'M5J 2G8',
      email: 'events@harbourfront.ca',
      phone: '416-973-4000 ext. 12',
      contact_person: 'Jo',
      latitude: null,
      longitude: null,
      billing_notes: null,
      active: true,
      version: 1,
    })
    expect((await api('GET', `/location/${created.id}`)).json().data).toEqual(created)
    expect(await steps()).toContain('clients')
    const row = (await auditRows(t, owner.business_id, 'locations.create')).at(-1)
    expect(row).toMatchObject({ record_id: created.id, after: { name: 'Harbourfront   Centre' } })
  })

  it('reads postal codes however they are typed', async () => {
    for (const typed of ['k1a 0b1', 'K1A0B1', 'k1a-0b1', '  K1A  0B1 ']) {
      expect((await create(client({ postal_code: typed }))).postal_code).toBe('K1A 0B1')
    }
  })

  it('refuses postal codes Canada Post never issues', async () => {
    for (const bad of ['D1A 1A1', 'W1A 1A1', 'Z1A 1A1', 'K1O 0B1', '12345', 'K1A 0B', 'SW1A 1AA']) {
      expect(await refused({ postal_code: bad })).toEqual({ postal_code: expect.stringContaining('K1A 0B1') })
    }
  })

  it('refuses an address whose postal code belongs to another province, on the postal code', async () => {
    expect(await refused({ province: 'QC', postal_code: 'M5V 2T6', city: 'Toronto' })).toEqual({ postal_code: 'A postal code starting with M is in ON, not QC' })
    expect(await refused({ province: 'NU', postal_code: 'Y1A 2C3' })).toEqual({ postal_code: 'A postal code starting with Y is in YT, not NU' })
    expect((await create(client({ province: 'NU', postal_code: 'X0A 0H0' }))).province).toBe('NU')
  })

  it('takes a province from the list only', async () => {
    expect((await create(client({ province: 'YT', postal_code: 'Y1A 2C3' }))).province).toBe('YT')
    for (const bad of ['Ontario', 'on', 'XX', '']) expect(await refused({ province: bad })).toHaveProperty('province')
  })

  it('keeps phone numbers in one form and refuses what is not a Canadian number', async () => {
    expect((await create(client({ phone: '613.555.0123' }))).phone).toBe('613-555-0123')
    expect((await create(client({ phone: '+1 613 555 0123 ext 4' }))).phone).toBe('613-555-0123 ext. 4')
    for (const bad of ['555-0123', '+44 20 7946 0958', '113-555-0123', 'call me']) expect(await refused({ phone: bad })).toHaveProperty('phone')
  })

  it('needs both coordinates or neither, inside Canada', async () => {
    expect(await create(client({ latitude: 43.6387, longitude: -79.3817 }))).toMatchObject({ latitude: 43.6387, longitude: -79.3817 })
    expect(await refused({ latitude: 43.6 })).toEqual({ longitude: 'Give both latitude and longitude, or neither' })
    expect(await refused({ longitude: -79.3 })).toEqual({ latitude: 'Give both latitude and longitude, or neither' })
    expect(await refused({ latitude: 43.6, longitude: null })).toHaveProperty('longitude')
    expect(await refused({ latitude: 40.7, longitude: -74 })).toHaveProperty('latitude')
    expect(await refused({ latitude: 48.85, longitude: 2.35 })).toHaveProperty('longitude')
    expect(await refused({ latitude: '43.6', longitude: '-79.3' })).toMatchObject({ latitude: expect.any(String), longitude: expect.any(String) })
  })

  it('answers 400 with a detail for every other bad field', async () => {
    expect(await refused({ name: ' ' })).toEqual({ name: 'Required' })
    expect(await refused({ name: 'n'.repeat(121) })).toHaveProperty('name')
    expect(await refused({ street: '' })).toHaveProperty('street')
    expect(await refused({ street: 's'.repeat(201) })).toHaveProperty('street')
    expect(await refused({ city: undefined })).toHaveProperty('city')
    expect(await refused({ city: 'c'.repeat(101) })).toHaveProperty('city')
    expect(await refused({ contact_person: 'c'.repeat(101) })).toHaveProperty('contact_person')
    expect(await refused({ email: 'events at harbourfront' })).toHaveProperty('email')
    expect(await refused({ billing_notes: 'b'.repeat(2001) })).toHaveProperty('billing_notes')
    expect(await refused({ active: 'yes' })).toHaveProperty('active')
    const many = await api('POST', '/location', { name: '', street: '', city: '', province: 'ZZ', postal_code: 'nope', email: 'x' })
    expect(Object.keys(many.json().details).sort()).toEqual(['city', 'email', 'name', 'postal_code', 'province', 'street'])
  })

  it('answers 409 name_taken on the name field for a name in use, whatever its case or spacing', async () => {
    await create(client({ name: 'Maple Leaf Square' }))
    for (const name of ['maple leaf square', '  MAPLE   Leaf  Square ']) {
      const response = await api('POST', '/location', client({ name }))
      expect(response.statusCode).toBe(409)
      expect(response.json()).toMatchObject({ code: 'name_taken', details: { name: 'A client with this name already exists' } })
    }
    expect((await api('GET', '/location?q=maple')).json().data.count).toBe(1)
  })

  it('lets another business use the same name', async () => {
    const neighbour = await registerBusiness(t)
    await create(client({ name: 'Maple Leaf Square' }), neighbour.tokens.token)
  })
})

describe('PUT /location/{id}', () => {
  it('changes only the fields sent, bumps the version and audits before and after', async () => {
    const created = await create(client({ contact_person: 'Sam' }))
    const response = await api('PUT', `/location/${created.id}`, { city: 'Ottawa', postal_code: 'k1a0b1', active: false, version: 1 })
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toMatchObject({ name: created.name, contact_person: 'Sam', city: 'Ottawa', postal_code: 'K1A 0B1', active: false, version: 2 })
    const row = (await auditRows(t, owner.business_id, 'locations.update')).at(-1)
    expect(row).toMatchObject({ record_id: created.id, before: { city: 'Toronto', active: true, version: 1 }, after: { city: 'Ottawa', active: false, version: 2 } })
  })

  it('clears optional fields with null, coordinates together', async () => {
    const created = await create(client({ email: 'a@b.ca', latitude: 45.42, longitude: -75.69 }))
    const response = await api('PUT', `/location/${created.id}`, { email: null, latitude: null, longitude: null, version: 1 })
    expect(response.json().data).toMatchObject({ email: null, latitude: null, longitude: null })
    expect((await api('PUT', `/location/${created.id}`, { latitude: 45.4, version: 2 })).json().details).toHaveProperty('longitude')
  })

  it('answers 400 for bad fields and a missing version, changing nothing', async () => {
    const created = await create(client())
    const response = await api('PUT', `/location/${created.id}`, { name: '', postal_code: 'nope', province: 'Quebec', version: 1 })
    expect(Object.keys(response.json().details).sort()).toEqual(['name', 'postal_code', 'province'])
    expect((await api('PUT', `/location/${created.id}`, { city: 'Ottawa' })).json().details).toHaveProperty('version')
    expect((await api('GET', `/location/${created.id}`)).json().data).toEqual(created)
  })

  it('refuses a change that names no field (a misspelt one) with 400 nothing_to_change: no version moved, no audit row', async () => {
    const created = await create(client())
    const audited = (await auditRows(t, owner.business_id, 'locations.update')).length
    const response = await api('PUT', `/location/${created.id}`, { nme: 'typo', version: 1 })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ code: 'nothing_to_change', message: 'Nothing to change: name at least one field to update.' })
    expect((await api('GET', `/location/${created.id}`)).json().data).toEqual(created)
    expect(await auditRows(t, owner.business_id, 'locations.update')).toHaveLength(audited)
  })

  it('refuses a postal code of another province than the stored one, sent alone or with a province, changing nothing', async () => {
    const created = await create(client())
    for (const change of [{ postal_code: 'H2X 1Y4' }, { province: 'QC' }, { province: 'QC', postal_code: 'M5V 2T6' }]) {
      const response = await api('PUT', `/location/${created.id}`, { ...change, version: 1 })
      expect(response.statusCode, JSON.stringify(change)).toBe(400)
      expect(response.json().details).toEqual({ postal_code: expect.stringMatching(/^A postal code starting with [HM] is in (QC|ON), not (ON|QC)$/) })
    }
    expect((await api('GET', `/location/${created.id}`)).json().data).toEqual(created)
    const moved = await api('PUT', `/location/${created.id}`, { province: 'QC', postal_code: 'H2X 1Y4', version: 1 })
    expect(moved.json().data).toMatchObject({ province: 'QC', postal_code: 'H2X 1Y4' })
  })

  it('refuses a stale version with 409 and keeps the newer change', async () => {
    const created = await create(client())
    await api('PUT', `/location/${created.id}`, { city: 'Kingston', version: 1 })
    const stale = await api('PUT', `/location/${created.id}`, { city: 'Belleville', version: 1 })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().code).toBe('stale_version')
    expect((await api('GET', `/location/${created.id}`)).json().data).toMatchObject({ city: 'Kingston', version: 2 })
  })

  it('answers 409 name_taken when renaming onto another client, and allows a new spelling of its own name', async () => {
    await create(client({ name: 'Rideau Centre' }))
    const other = await create(client())
    const response = await api('PUT', `/location/${other.id}`, { name: 'RIDEAU centre', version: 1 })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ code: 'name_taken', details: { name: expect.any(String) } })
    const own = await create(client({ name: 'Byward market' }))
    expect((await api('PUT', `/location/${own.id}`, { name: 'ByWard Market', version: 1 })).json().data.name).toBe('ByWard Market')
  })

  it('answers 404 for an unknown client', async () => {
    expect((await api('PUT', '/location/00000000-0000-4000-8000-000000000000', { city: 'Nowhere', version: 1 })).statusCode).toBe(404)
  })
})

describe('DELETE /location/{id}', () => {
  it('removes the client, audits it and frees the name', async () => {
    const created = await create(client({ name: 'Closing Soon' }))
    expect((await api('DELETE', `/location/${created.id}`)).statusCode).toBe(200)
    expect((await api('GET', `/location/${created.id}`)).statusCode).toBe(404)
    expect((await api('DELETE', `/location/${created.id}`)).statusCode).toBe(404)
    const row = (await auditRows(t, owner.business_id, 'locations.delete')).at(-1)
    expect(row).toMatchObject({ record_id: created.id, before: { name: 'Closing Soon' }, after: null })
    await create(client({ name: 'closing soon' }))
  })
})

describe('GET /location', () => {
  let lister: Owner
  const names = async (query: string) => {
    const response = await api('GET', `/location?${query}`, undefined, lister.tokens.token)
    expect(response.statusCode, response.body).toBe(200)
    const data = response.json().data
    return { count: data.count as number, names: data.rows.map((row: { name: string }) => row.name) as string[] }
  }

  beforeAll(async () => {
    lister = await registerBusiness(t)
    const rows = [
      { name: 'Delta Hotel', city: 'Winnipeg', province: 'MB', postal_code: 'R3C 4T3', contact_person: 'Dana Diaz' },
      { name: 'alpha Arena', city: 'Calgary', province: 'AB', postal_code: 'T2P 1J9', active: false },
      { name: 'Charlie Café', city: 'Montréal', province: 'QC', postal_code: 'H2X 1Y4' },
      { name: 'Bravo Bistro', city: 'Brandon', province: 'MB', postal_code: 'R7A 0A1' },
    ]
    for (const row of rows) await create({ street: '1 Main St', ...row }, lister.tokens.token)
  })

  it('sorts by name case-insensitively by default, and desc', async () => {
    expect(await names('')).toEqual({ count: 4, names: ['alpha Arena', 'Bravo Bistro', 'Charlie Café', 'Delta Hotel'] })
    expect((await names('sort=name&order=desc')).names).toEqual(['Delta Hotel', 'Charlie Café', 'Bravo Bistro', 'alpha Arena'])
  })

  it('sorts by city, province and creation', async () => {
    expect((await names('sort=city')).names).toEqual(['Bravo Bistro', 'alpha Arena', 'Charlie Café', 'Delta Hotel'])
    const byProvince = (await api('GET', '/location?sort=province&order=desc', undefined, lister.tokens.token)).json().data.rows
    expect(byProvince.map((row: { province: string }) => row.province)).toEqual(['QC', 'MB', 'MB', 'AB'])
    expect((await names('sort=created_at')).names).toEqual(['Delta Hotel', 'alpha Arena', 'Charlie Café', 'Bravo Bistro'])
    expect((await names('sort=created_at&order=desc')).names).toEqual(['Bravo Bistro', 'Charlie Café', 'alpha Arena', 'Delta Hotel'])
  })

  it('searches name, city, contact and postal code', async () => {
    expect((await names('q=BISTRO')).names).toEqual(['Bravo Bistro'])
    expect((await names('q=montr')).names).toEqual(['Charlie Café'])
    expect((await names('q=dana')).names).toEqual(['Delta Hotel'])
    expect((await names('q=T2P')).names).toEqual(['alpha Arena'])
    expect(await names('q=zzz')).toEqual({ count: 0, names: [] })
  })

  it('filters by active and by province, together with a search', async () => {
    expect((await names('filter[active]=false')).names).toEqual(['alpha Arena'])
    expect((await names('filter[active]=true')).count).toBe(3)
    expect((await names('filter[province]=MB')).names).toEqual(['Bravo Bistro', 'Delta Hotel'])
    expect((await names('filter[province]=MB&q=hotel')).names).toEqual(['Delta Hotel'])
    expect((await names('filter[province]=ON')).count).toBe(0)
  })

  it('pages with the total kept, even past the end', async () => {
    expect(await names('page_size=3')).toEqual({ count: 4, names: ['alpha Arena', 'Bravo Bistro', 'Charlie Café'] })
    expect(await names('page_size=3&page=2')).toEqual({ count: 4, names: ['Delta Hotel'] })
    expect(await names('page_size=3&page=3')).toEqual({ count: 4, names: [] })
  })

  it('answers 400 naming the bad parameter', async () => {
    const bad = async (query: string) => (await api('GET', `/location?${query}`, undefined, lister.tokens.token)).json()
    expect(await bad('filter[province]=Manitoba')).toMatchObject({ code: 'validation_failed', details: { 'filter.province': expect.any(String) } })
    expect((await bad('filter[active]=yes')).details).toHaveProperty(['filter.active'])
    expect((await bad('sort=postal_code')).details).toHaveProperty('sort')
    expect((await bad('page_size=0')).details).toHaveProperty('page_size')
  })
})
