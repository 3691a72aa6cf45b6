import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeAudit } from '../../src/repositories/audit-logs.ts'
import { changesBetween } from '../../src/records/history.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../helpers/business.ts'

/** `GET /{resource}/{id}/history` for clients and services: the record's audit rows as a user reads them. */
let t: TestApp
let owner: Owner
let ownerId: string
let sequence = 0

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  ownerId = (await api('GET', '/profile')).json().data.id
})
afterAll(() => t.close())

function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = owner.tokens.token) {
  return t.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })
}

async function data(answer: ReturnType<typeof api>) {
  const response = await answer
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json().data
}

const newClient = () => data(api('POST', '/location', { name: `Client ${++sequence}`, street: '235 Queens Quay W', city: 'Toronto', province: 'ON', postal_code: 'M5J 2G8' }))

async function history(resource: string, id: string, query = '') {
  return data(api('GET', `/${resource}/${id}/history${query}`))
}

describe('GET /location/{id}/history', () => {
  it('tells who did what, newest first, with only the fields that changed', async () => {
    const client = await newClient()
    const moved = await data(api('PUT', `/location/${client.id}`, { city: 'Ottawa', postal_code: 'K1A 0B1', active: false, version: 1 }))
    await data(api('PUT', `/location/${client.id}`, { name: `${client.name} East`, city: 'Ottawa', version: moved.version }))

    const { count, rows } = await history('location', client.id)
    expect(count).toBe(3)
    expect(rows.map((row: { action: string }) => row.action)).toEqual(['locations.update', 'locations.update', 'locations.create'])
    expect(rows[0]).toMatchObject({ actor: { id: ownerId, name: 'Olive Owner' }, changes: [{ field: 'name', before: client.name, after: `${client.name} East` }] })
    expect(rows[1].changes).toEqual([
      { field: 'city', before: 'Toronto', after: 'Ottawa' },
      { field: 'postal_code', before: 'M5J 2G8', after: 'K1A 0B1' },
      { field: 'active', before: true, after: false },
    ])
    expect(rows[2].changes).toEqual([
      { field: 'name', before: null, after: client.name },
      { field: 'street', before: null, after: '235 Queens Quay W' },
      { field: 'city', before: null, after: 'Toronto' },
      { field: 'province', before: null, after: 'ON' },
      { field: 'postal_code', before: null, after: 'M5J 2G8' },
      { field: 'active', before: null, after: true },
    ])
    const times = rows.map((row: { created_at: string }) => Date.parse(row.created_at))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect(new Set(rows.map((row: { id: number }) => row.id)).size).toBe(3)
  })

  it('pages through a long history, newest first, and says how long it is', async () => {
    const client = await newClient()
    let version = client.version
    for (const n of [1, 2, 3, 4, 5]) version = (await data(api('PUT', `/location/${client.id}`, { contact_person: `Contact ${n}`, version }))).version
    const after = (page: { rows: { changes: { after: unknown }[] }[] }) => page.rows.map((row) => row.changes.find((change) => change)?.after)

    const first = await history('location', client.id, '?page_size=2')
    expect(first.count).toBe(6)
    expect(after(first)).toEqual(['Contact 5', 'Contact 4'])
    expect(after(await history('location', client.id, '?page=2&page_size=2'))).toEqual(['Contact 3', 'Contact 2'])
    const last = await history('location', client.id, '?page=3&page_size=2')
    expect(last.rows.map((row: { action: string }) => row.action)).toEqual(['locations.update', 'locations.create'])
    expect(await history('location', client.id, '?page=4&page_size=2')).toEqual({ count: 6, rows: [] })
  })

  it('never shows what the record\'s contract does not: secrets, keys and bookkeeping stay on the server', async () => {
    const client = await newClient()
    await writeAudit(t.db, {
      businessId: owner.business_id,
      action: 'locations.update',
      model: 'locations',
      recordId: client.id,
      before: { name: 'Before', password_hash: '$argon2id$old', search_key: 'before', version: 1, updated_at: '2025-01-01T00:00:00Z' },
      after: { name: 'After', password_hash: '$argon2id$new', search_key: 'after', version: 2, updated_at: '2025-01-02T00:00:00Z' },
    })
    const [latest] = (await history('location', client.id)).rows
    expect(latest).toMatchObject({ actor: null, changes: [{ field: 'name', before: 'Before', after: 'After' }] })
    expect(JSON.stringify(latest)).not.toMatch(/argon2id|search_key|password_hash/)
  })

  it('names someone who has left the business by the e-mail they acted with', async () => {
    const client = await newClient()
    const gone = randomUUID()
    await writeAudit(t.db, { businessId: owner.business_id, actorId: gone, actorEmail: 'former@example.com', action: 'locations.update', model: 'locations', recordId: client.id, before: { active: true }, after: { active: false } })
    const [latest] = (await history('location', client.id)).rows
    expect(latest.actor).toEqual({ id: gone, name: 'former@example.com' })
  })

  it('answers 404 for another business\'s client, an unknown id, a deleted client and a service id', async () => {
    const client = await newClient()
    const neighbour = await registerBusiness(t)
    const theirs = await api('GET', `/location/${client.id}/history`, undefined, neighbour.tokens.token)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json()).toMatchObject({ code: 'not_found' })
    expect((await api('GET', `/location/${randomUUID()}/history`)).statusCode).toBe(404)
    const service = await data(api('POST', '/service', { name: `Service ${++sequence}`, bill_rate_cents: 5000, pay_rate_cents: 2500 }))
    expect((await api('GET', `/location/${service.id}/history`)).statusCode).toBe(404)
    await data(api('DELETE', `/location/${client.id}`))
    expect((await api('GET', `/location/${client.id}/history`)).statusCode).toBe(404)
  })

  it('answers 400 for a malformed id or paging', async () => {
    const client = await newClient()
    expect((await api('GET', '/location/not-a-uuid/history')).statusCode).toBe(400)
    expect((await api('GET', `/location/${client.id}/history?page_size=101`)).statusCode).toBe(400)
    expect((await api('GET', `/location/${client.id}/history?page=0`)).statusCode).toBe(400)
  })

  it('is read with the right to read clients, not services', async () => {
    const client = await newClient()
    const service = await data(api('POST', '/service', { name: `Service ${++sequence}`, bill_rate_cents: 5000, pay_rate_cents: 2500 }))
    const reader = await personWith('locations')
    expect((await api('GET', `/location/${client.id}/history`, undefined, reader)).statusCode).toBe(200)
    const refused = await api('GET', `/service/${service.id}/history`, undefined, reader)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('forbidden')
  })
})

describe('GET /service/{id}/history', () => {
  it('shows a change of rates in cents and of colour, nothing else', async () => {
    const service = await data(api('POST', '/service', { name: `Service ${++sequence}`, bill_rate_cents: 5000, pay_rate_cents: 2500 }))
    await data(api('PUT', `/service/${service.id}`, { bill_rate_cents: 5250, pay_rate_cents: 2500, colour: '#f59e0b', version: service.version }))
    const { count, rows } = await history('service', service.id)
    expect(count).toBe(2)
    expect(rows[0]).toMatchObject({
      action: 'services.update',
      changes: [
        { field: 'colour', before: '#0d9488', after: '#f59e0b' },
        { field: 'bill_rate_cents', before: 5000, after: 5250 },
      ],
    })
  })
})

describe('changesBetween', () => {
  it('compares nested values by content and reads a missing field as none', () => {
    const fields = ['tags', 'note', 'absent']
    expect(changesBetween({ tags: ['a', 'b'], note: 'x' }, { tags: ['a', 'b'], note: 'x' }, fields)).toEqual([])
    expect(changesBetween({ tags: ['a'] }, { tags: ['a', 'b'], note: null }, fields)).toEqual([{ field: 'tags', before: ['a'], after: ['a', 'b'] }])
    expect(changesBetween(null, { note: 'x' }, fields)).toEqual([{ field: 'note', before: null, after: 'x' }])
    expect(changesBetween({ note: 'x' }, null, fields)).toEqual([{ field: 'note', before: 'x', after: null }])
    expect(changesBetween('not an object', ['nor', 'this'], fields)).toEqual([])
  })
})

/** Someone in the owner's business whose role may only read `model`, signed in. */
async function personWith(model: string): Promise<string> {
  const role = await data(api('POST', '/role', { name: `Reader ${++sequence}`, permissions: [{ model_name: model, read: true, create: false, update: false, delete: false }] }))
  const invited = await data(api('POST', '/user', { email: `reader${sequence}@example.com`, firstname: 'Rita', lastname: 'Reader', role_id: role.id }))
  const token = invited.invite_link.split('/').at(-1)
  const accepted = await data(t.request({ method: 'POST', url: '/api/v1/user/accept_invite', payload: { token, password: 'a passphrase nobody guesses' } }))
  return accepted.token
}
