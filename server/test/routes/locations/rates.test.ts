import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner
let stranger: Owner
let sequence = 0

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  stranger = await registerBusiness(t)
})
afterAll(() => t.close())

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = owner.tokens.token) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })

async function ok(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = owner.tokens.token) {
  const response = await api(method, url, payload, token)
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json().data
}

const client = (token = owner.tokens.token) =>
  ok('POST', '/location', { name: `Client ${++sequence}`, street: '235 Queens Quay W', city: 'Toronto', province: 'ON', postal_code: 'M5J 2G8' }, token)
const service = (name: string, bill_rate_cents = 4800, token = owner.tokens.token) =>
  ok('POST', '/service', { name: `${name} ${++sequence}`, bill_rate_cents, pay_rate_cents: 2500 }, token)

describe('PUT /location/{id}/rates', () => {
  it('saves a client’s own rates, answers and shows them by service name, and moves the client’s version', async () => {
    const created = await client()
    expect(created.rates).toEqual([])
    const snow = await service('Snow removal', 6500)
    const cleaning = await service('Cleaning')
    const saved = await ok('PUT', `/location/${created.id}/rates`, {
      rates: [
        { service_id: snow.id, bill_rate_cents: 7000 },
        { service_id: cleaning.id, bill_rate_cents: 5200 },
      ],
      version: created.version,
    })
    const rates = [
      { service_id: cleaning.id, service_name: cleaning.name, bill_rate_cents: 5200 },
      { service_id: snow.id, service_name: snow.name, bill_rate_cents: 7000 },
    ]
    expect(saved).toMatchObject({ id: created.id, name: created.name, version: created.version + 1, rates })
    expect(await ok('GET', `/location/${created.id}`)).toEqual(saved)
    // The list stays as it was: the rates are the client's own answer's.
    const listed = (await ok('GET', '/location?page_size=100')).rows.find((row: { id: string }) => row.id === created.id)
    expect(listed).not.toHaveProperty('rates')
    // A change of the client's other fields keeps its rates.
    expect((await ok('PUT', `/location/${created.id}`, { city: 'Ottawa', postal_code: 'K1A 0B1', version: saved.version })).rates).toEqual(rates)
  })

  it('replaces the whole set: a rate changed, one left out goes back to the service’s, one added', async () => {
    const created = await client()
    const [a, b, c] = [await service('Alpha'), await service('Bravo'), await service('Charlie')]
    const first = await ok('PUT', `/location/${created.id}/rates`, { rates: [{ service_id: a.id, bill_rate_cents: 5000 }, { service_id: b.id, bill_rate_cents: 5100 }], version: 1 })
    const second = await ok('PUT', `/location/${created.id}/rates`, { rates: [{ service_id: b.id, bill_rate_cents: 5300 }, { service_id: c.id, bill_rate_cents: 0 }], version: first.version })
    expect(second.rates).toEqual([
      { service_id: b.id, service_name: b.name, bill_rate_cents: 5300 },
      { service_id: c.id, service_name: c.name, bill_rate_cents: 0 },
    ])
    const cleared = await ok('PUT', `/location/${created.id}/rates`, { rates: [], version: second.version })
    expect(cleared).toMatchObject({ rates: [], version: second.version + 1 })
  })

  it('audits each change with the rates before and after, and shows it in the client’s history', async () => {
    const created = await client()
    const cleaning = await service('Cleaning', 4800)
    await ok('PUT', `/location/${created.id}/rates`, { rates: [{ service_id: cleaning.id, bill_rate_cents: 5200 }], version: 1 })
    const row = (await auditRows(t, owner.business_id, 'locations.update')).at(-1)
    expect(row).toMatchObject({
      model: 'locations',
      record_id: created.id,
      actor_email: owner.email,
      before: { name: created.name, version: 1, rates: [] },
      after: { name: created.name, version: 2, rates: [{ service_id: cleaning.id, service_name: cleaning.name, bill_rate_cents: 5200 }] },
    })
    const history = await ok('GET', `/location/${created.id}/history`)
    expect(history.rows[0]).toMatchObject({
      action: 'locations.update',
      changes: [{ field: 'rates', before: [], after: [{ service_id: cleaning.id, service_name: cleaning.name, bill_rate_cents: 5200 }] }],
    })
    // The same set again changes nothing: no version moved, no audit row.
    const audited = (await auditRows(t, owner.business_id, 'locations.update')).length
    const again = await ok('PUT', `/location/${created.id}/rates`, { rates: [{ service_id: cleaning.id, bill_rate_cents: 5200 }], version: 2 })
    expect(again.version).toBe(2)
    expect(await auditRows(t, owner.business_id, 'locations.update')).toHaveLength(audited)
  })

  it('refuses rates as it refuses a service’s bill rate, and a service twice, by field, changing nothing', async () => {
    const created = await client()
    const cleaning = await service('Cleaning')
    const body = (rates: object[]) => ({ rates, version: 1 })
    for (const [bill_rate_cents, message] of [
      [-1, 'Use zero or more'],
      [12.5, 'Use whole cents'],
      [10_000_001, 'Use at most $100,000.00'],
    ] as const) {
      const response = await api('PUT', `/location/${created.id}/rates`, body([{ service_id: cleaning.id, bill_rate_cents }]))
      expect(response.statusCode, String(bill_rate_cents)).toBe(400)
      expect(response.json()).toMatchObject({ code: 'validation_failed', details: { 'rates.0.bill_rate_cents': message } })
    }
    const twice = await api('PUT', `/location/${created.id}/rates`, body([{ service_id: cleaning.id, bill_rate_cents: 5000 }, { service_id: cleaning.id, bill_rate_cents: 5100 }]))
    expect(twice.statusCode).toBe(400)
    expect(twice.json().details).toEqual({ 'rates.1.service_id': 'This service already has a rate above' })
    expect((await api('PUT', `/location/${created.id}/rates`, { rates: [] })).json().details).toHaveProperty('version')
    expect(await ok('GET', `/location/${created.id}`)).toMatchObject({ version: 1, rates: [] })
  })

  it('refuses, with 422 on the rate’s service_id, a service that is not the business’s: unknown or another business’s', async () => {
    const created = await client()
    const ours = await service('Cleaning')
    const theirs = await service('Their cleaning', 4800, stranger.tokens.token)
    const response = await api('PUT', `/location/${created.id}/rates`, {
      rates: [
        { service_id: ours.id, bill_rate_cents: 5000 },
        { service_id: theirs.id, bill_rate_cents: 5000 },
        { service_id: '00000000-0000-4000-8000-000000000000', bill_rate_cents: 5000 },
      ],
      version: 1,
    })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ code: 'service_not_found', details: { 'rates.1.service_id': 'No such service', 'rates.2.service_id': 'No such service' } })
    expect(Object.keys(response.json().details)).toHaveLength(2)
    expect(await ok('GET', `/location/${created.id}`)).toMatchObject({ version: 1, rates: [] })
  })

  it('refuses a stale version with 409, another business’s client with 404, keeping the rates', async () => {
    const created = await client()
    const cleaning = await service('Cleaning')
    const saved = await ok('PUT', `/location/${created.id}/rates`, { rates: [{ service_id: cleaning.id, bill_rate_cents: 5000 }], version: 1 })
    const stale = await api('PUT', `/location/${created.id}/rates`, { rates: [], version: 1 })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().code).toBe('stale_version')
    const theirCleaning = await service('Cleaning', 4800, stranger.tokens.token)
    const foreign = await api('PUT', `/location/${created.id}/rates`, { rates: [{ service_id: theirCleaning.id, bill_rate_cents: 1 }], version: saved.version }, stranger.tokens.token)
    expect(foreign.statusCode).toBe(404)
    expect(await ok('GET', `/location/${created.id}`)).toEqual(saved)
  })

  it('lets a rate go with its service, and with its client', async () => {
    const created = await client()
    const gone = await service('Seasonal')
    const saved = await ok('PUT', `/location/${created.id}/rates`, { rates: [{ service_id: gone.id, bill_rate_cents: 5000 }], version: 1 })
    await ok('DELETE', `/service/${gone.id}`)
    expect((await ok('GET', `/location/${created.id}`)).rates).toEqual([])
    const other = await service('Other')
    await ok('PUT', `/location/${created.id}/rates`, { rates: [{ service_id: other.id, bill_rate_cents: 5000 }], version: saved.version })
    await ok('DELETE', `/location/${created.id}`)
    expect((await api('GET', `/location/${created.id}`)).statusCode).toBe(404)
  })
})
