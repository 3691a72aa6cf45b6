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

const service = (extra: Record<string, unknown> = {}) => ({ name: `Service ${++sequence}`, bill_rate_cents: 6500, pay_rate_cents: 2800, ...extra })

async function create(body: object, token = owner.tokens.token) {
  const response = await api('POST', '/service', body, token)
  expect(response.statusCode, response.body).toBe(201)
  return response.json().data
}

async function refused(body: Record<string, unknown>) {
  const response = await api('POST', '/service', body)
  expect(response.statusCode, JSON.stringify(body)).toBe(400)
  expect(response.json().code).toBe('validation_failed')
  return response.json().details as Record<string, string>
}

describe('POST /service', () => {
  it('creates a service with the defaults, audits it and completes the services step', async () => {
    const steps = async () => (await api('GET', '/settings')).json().data.completed_guided_setup.split(',')
    expect(await steps()).not.toContain('services')
    const created = await create({ name: ' Snow removal ', bill_rate_cents: 6500, pay_rate_cents: 2800 })
    expect(created).toMatchObject({ name: 'Snow removal', description: null, colour: '#0d9488', default_duration_minutes: 60, bill_rate_cents: 6500, pay_rate_cents: 2800, active: true, version: 1 })
    expect((await api('GET', `/service/${created.id}`)).json().data).toEqual(created)
    expect(await steps()).toContain('services')
    const row = (await auditRows(t, owner.business_id, 'services.create')).at(-1)
    expect(row).toMatchObject({ record_id: created.id, after: { name: 'Snow removal', bill_rate_cents: 6500 } })
  })

  it('keeps every field given, colour in lower case', async () => {
    const created = await create(service({ description: '  Salt included ', colour: '#0D9488', default_duration_minutes: 90, active: false }))
    expect(created).toMatchObject({ description: 'Salt included', colour: '#0d9488', default_duration_minutes: 90, active: false })
  })

  it('accepts zero and the largest amount as rates, and the shortest and longest durations', async () => {
    expect(await create(service({ bill_rate_cents: 0, pay_rate_cents: 10_000_000 }))).toMatchObject({ bill_rate_cents: 0, pay_rate_cents: 10_000_000 })
    expect((await create(service({ default_duration_minutes: 5 }))).default_duration_minutes).toBe(5)
    expect((await create(service({ default_duration_minutes: 1440 }))).default_duration_minutes).toBe(1440)
  })

  it('needs both rates, in whole cents, from zero to $100,000.00', async () => {
    expect(await refused({ name: 'No rates' })).toEqual({ bill_rate_cents: 'Required', pay_rate_cents: 'Required' })
    expect(await refused(service({ bill_rate_cents: 45.5 }))).toEqual({ bill_rate_cents: 'Use whole cents' })
    expect(await refused(service({ pay_rate_cents: -1 }))).toEqual({ pay_rate_cents: 'Use zero or more' })
    expect(await refused(service({ bill_rate_cents: 10_000_001 }))).toEqual({ bill_rate_cents: 'Use at most $100,000.00' })
    expect(await refused(service({ bill_rate_cents: '6500' }))).toEqual({ bill_rate_cents: 'Use a number of cents' })
    expect(await refused(service({ pay_rate_cents: null }))).toHaveProperty('pay_rate_cents')
  })

  it('takes a duration of 5 to 1440 whole minutes', async () => {
    expect(await refused(service({ default_duration_minutes: 4 }))).toEqual({ default_duration_minutes: 'Use at least 5 minutes' })
    expect(await refused(service({ default_duration_minutes: 1441 }))).toEqual({ default_duration_minutes: 'Use at most 1440 minutes (24 hours)' })
    expect(await refused(service({ default_duration_minutes: 30.5 }))).toEqual({ default_duration_minutes: 'Use whole minutes' })
  })

  it('answers 400 for a bad name, description, colour or active flag', async () => {
    expect(await refused(service({ name: '  ' }))).toEqual({ name: 'Required' })
    expect(await refused(service({ name: 'n'.repeat(121) }))).toEqual({ name: 'Use at most 120 characters' })
    expect(await refused(service({ description: 'd'.repeat(2001) }))).toEqual({ description: 'Use at most 2000 characters' })
    for (const colour of ['teal', '#0d948', '#0d94888', '0d9488', '#gggggg']) expect(await refused(service({ colour }))).toHaveProperty('colour')
    expect(await refused(service({ active: 'no' }))).toHaveProperty('active')
    const many = await api('POST', '/service', { name: '', colour: 'red', default_duration_minutes: 0, bill_rate_cents: -5, pay_rate_cents: 1.1 })
    expect(Object.keys(many.json().details).sort()).toEqual(['bill_rate_cents', 'colour', 'default_duration_minutes', 'name', 'pay_rate_cents'])
  })

  it('keeps whether the service is exempt from the provincial sales tax: not unless told, and never from a non-boolean', async () => {
    expect((await create(service())).provincial_exempt).toBe(false)
    const exempt = await create(service({ name: 'Home care', provincial_exempt: true }))
    expect(exempt.provincial_exempt).toBe(true)
    expect((await api('GET', `/service/${exempt.id}`)).json().data).toEqual(exempt)
    expect((await auditRows(t, owner.business_id, 'services.create')).at(-1)).toMatchObject({ record_id: exempt.id, after: { provincial_exempt: true } })
    expect(await refused(service({ provincial_exempt: 'yes' }))).toHaveProperty('provincial_exempt')
  })

  it('answers 409 name_taken on the name field for a name in use, whatever its case or spacing', async () => {
    await create(service({ name: 'Window Cleaning' }))
    const response = await api('POST', '/service', service({ name: ' window   CLEANING ' }))
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ code: 'name_taken', details: { name: 'A service with this name already exists' } })
    expect((await api('GET', '/service?q=window')).json().data.count).toBe(1)
  })
})

describe('POST /service with an Idempotency-Key', () => {
  const keyed = (key: string, body: object) =>
    t.request({ method: 'POST', url: '/api/v1/service', headers: { ...bearer(owner.tokens.token), 'idempotency-key': key }, payload: body })

  it('replays the first answer to the same body, whatever the order of its keys', async () => {
    const first = await keyed('idem-same', { name: 'Idem', bill_rate_cents: 1, pay_rate_cents: 1 })
    expect(first.statusCode).toBe(201)
    const again = await keyed('idem-same', { pay_rate_cents: 1, bill_rate_cents: 1, name: 'Idem' })
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toEqual(first.json())
  })

  it('refuses the key sent again with another body (422 idempotency_mismatch), creating nothing', async () => {
    expect((await keyed('idem-other', { name: 'Idem first', bill_rate_cents: 1, pay_rate_cents: 1 })).statusCode).toBe(201)
    const other = await keyed('idem-other', { name: 'Idem other', bill_rate_cents: 1, pay_rate_cents: 1 })
    expect(other.statusCode).toBe(422)
    expect(other.headers['idempotent-replayed']).toBeUndefined()
    expect(other.json()).toMatchObject({ code: 'idempotency_mismatch' })
    expect((await api('GET', '/service?q=idem%20other')).json().data.count).toBe(0)
  })
})

describe('PUT /service/{id}', () => {
  it('changes only the fields sent and audits before and after', async () => {
    const created = await create(service({ description: 'Keep me' }))
    const response = await api('PUT', `/service/${created.id}`, { bill_rate_cents: 7000, colour: '#FF0000', version: 1 })
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toMatchObject({ name: created.name, description: 'Keep me', bill_rate_cents: 7000, pay_rate_cents: 2800, colour: '#ff0000', version: 2 })
    const row = (await auditRows(t, owner.business_id, 'services.update')).at(-1)
    expect(row).toMatchObject({ record_id: created.id, before: { bill_rate_cents: 6500, colour: '#0d9488' }, after: { bill_rate_cents: 7000, colour: '#ff0000' } })
  })

  it('marks a service exempt from the provincial sales tax and back, each change audited', async () => {
    const created = await create(service())
    const exempt = (await api('PUT', `/service/${created.id}`, { provincial_exempt: true, version: 1 })).json().data
    expect(exempt).toMatchObject({ provincial_exempt: true, bill_rate_cents: 6500, version: 2 })
    expect((await auditRows(t, owner.business_id, 'services.update')).at(-1)).toMatchObject({ record_id: created.id, before: { provincial_exempt: false }, after: { provincial_exempt: true } })
    expect((await api('PUT', `/service/${created.id}`, { provincial_exempt: false, version: 2 })).json().data.provincial_exempt).toBe(false)
  })

  it('clears the description with null and answers 400 for bad fields, changing nothing', async () => {
    const created = await create(service({ description: 'Temporary' }))
    expect((await api('PUT', `/service/${created.id}`, { description: null, version: 1 })).json().data.description).toBeNull()
    const bad = await api('PUT', `/service/${created.id}`, { bill_rate_cents: -1, default_duration_minutes: 2000, name: '', version: 2 })
    expect(Object.keys(bad.json().details).sort()).toEqual(['bill_rate_cents', 'default_duration_minutes', 'name'])
    expect((await api('PUT', `/service/${created.id}`, { name: 'No version' })).json().details).toHaveProperty('version')
    expect((await api('GET', `/service/${created.id}`)).json().data).toMatchObject({ name: created.name, version: 2 })
  })

  it('refuses a change that names no field with 400 nothing_to_change, its version left as it was', async () => {
    const created = await create(service())
    const response = await api('PUT', `/service/${created.id}`, { bill_rate: 70, version: 1 })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('nothing_to_change')
    expect((await api('GET', `/service/${created.id}`)).json().data).toEqual(created)
  })

  it('refuses a stale version with 409 and keeps the newer change', async () => {
    const created = await create(service())
    await api('PUT', `/service/${created.id}`, { pay_rate_cents: 3000, version: 1 })
    const stale = await api('PUT', `/service/${created.id}`, { pay_rate_cents: 3100, version: 1 })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().code).toBe('stale_version')
    expect((await api('GET', `/service/${created.id}`)).json().data).toMatchObject({ pay_rate_cents: 3000, version: 2 })
  })

  it('answers 409 name_taken when renaming onto another service, and 404 for an unknown one', async () => {
    await create(service({ name: 'Gutter cleaning' }))
    const other = await create(service())
    const response = await api('PUT', `/service/${other.id}`, { name: 'GUTTER cleaning', version: 1 })
    expect(response.json()).toMatchObject({ code: 'name_taken', details: { name: expect.any(String) } })
    expect((await api('GET', `/service/${other.id}`)).json().data.name).toBe(other.name)
    expect((await api('PUT', '/service/00000000-0000-4000-8000-000000000000', { name: 'Ghost', version: 1 })).statusCode).toBe(404)
  })
})

describe('DELETE /service/{id}', () => {
  it('removes the service, audits it and frees the name', async () => {
    const created = await create(service({ name: 'Seasonal planting' }))
    expect((await api('DELETE', `/service/${created.id}`)).statusCode).toBe(200)
    expect((await api('GET', `/service/${created.id}`)).statusCode).toBe(404)
    expect((await api('DELETE', `/service/${created.id}`)).statusCode).toBe(404)
    expect((await auditRows(t, owner.business_id, 'services.delete')).at(-1)).toMatchObject({ record_id: created.id, before: { name: 'Seasonal planting' } })
    await create(service({ name: 'seasonal planting' }))
  })
})

describe('GET /service', () => {
  let lister: Owner
  const names = async (query: string) => {
    const response = await api('GET', `/service?${query}`, undefined, lister.tokens.token)
    expect(response.statusCode, response.body).toBe(200)
    const data = response.json().data
    return { count: data.count as number, names: data.rows.map((row: { name: string }) => row.name) as string[] }
  }

  beforeAll(async () => {
    lister = await registerBusiness(t)
    await create({ name: 'Lawn mowing', bill_rate_cents: 4500, pay_rate_cents: 2000, default_duration_minutes: 45, description: 'Front and back yards' }, lister.tokens.token)
    await create({ name: 'carpet cleaning', bill_rate_cents: 9000, pay_rate_cents: 3500, default_duration_minutes: 120, active: false }, lister.tokens.token)
    await create({ name: 'Snow removal', bill_rate_cents: 6500, pay_rate_cents: 2800, default_duration_minutes: 30, description: 'Driveways, yards' }, lister.tokens.token)
  })

  it('sorts by name case-insensitively by default, and desc', async () => {
    expect(await names('')).toEqual({ count: 3, names: ['carpet cleaning', 'Lawn mowing', 'Snow removal'] })
    expect((await names('sort=name&order=desc')).names).toEqual(['Snow removal', 'Lawn mowing', 'carpet cleaning'])
  })

  it('sorts by rates, duration and creation', async () => {
    expect((await names('sort=bill_rate_cents')).names).toEqual(['Lawn mowing', 'Snow removal', 'carpet cleaning'])
    expect((await names('sort=pay_rate_cents&order=desc')).names).toEqual(['carpet cleaning', 'Snow removal', 'Lawn mowing'])
    expect((await names('sort=default_duration_minutes')).names).toEqual(['Snow removal', 'Lawn mowing', 'carpet cleaning'])
    expect((await names('sort=created_at&order=desc')).names).toEqual(['Snow removal', 'carpet cleaning', 'Lawn mowing'])
  })

  it('searches name and description, and filters by active', async () => {
    expect((await names('q=yards&sort=name')).names).toEqual(['Lawn mowing', 'Snow removal'])
    expect((await names('q=CARPET')).names).toEqual(['carpet cleaning'])
    expect((await names('filter[active]=false')).names).toEqual(['carpet cleaning'])
    expect((await names('filter[active]=true&q=snow')).names).toEqual(['Snow removal'])
  })

  it('pages with the total kept, even past the end', async () => {
    expect(await names('page_size=2&page=2')).toEqual({ count: 3, names: ['Snow removal'] })
    expect(await names('page_size=2&page=3')).toEqual({ count: 3, names: [] })
  })

  it('answers 400 naming the bad parameter', async () => {
    const bad = async (query: string) => (await api('GET', `/service?${query}`, undefined, lister.tokens.token)).json()
    expect(await bad('sort=colour')).toMatchObject({ code: 'validation_failed', details: { sort: expect.any(String) } })
    expect((await bad('filter[active]=1')).details).toHaveProperty(['filter.active'])
    expect((await bad('order=sideways')).details).toHaveProperty('order')
  })
})
