import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
})
afterAll(() => t.close())

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = owner.tokens.token, headers: Record<string, string> = {}) =>
  t.request({ method, url: `/api/v1${url}`, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) })

const location = (name: string, extra: Record<string, string> = {}) => ({
  Name: name,
  Street: '100 Rue Principale',
  City: 'Gatineau',
  Province: 'QC',
  'Postal code': 'J8X 1A1',
  ...extra,
})

async function startImport(kind: 'locations' | 'services', skip_invalid = false, token = owner.tokens.token): Promise<string> {
  const response = await api('POST', '/import', { kind, skip_invalid, file_name: 'clients.csv' }, token)
  expect(response.statusCode).toBe(201)
  return response.json().data.id
}

async function send(id: string, rows: Record<string, string>[], firstLine = 2) {
  const response = await api('POST', `/import/${id}/rows`, { rows: rows.map((cells, i) => ({ line: firstLine + i, cells })) })
  expect(response.statusCode).toBe(200)
  return response.json().data
}

async function locationNames(): Promise<string[]> {
  const response = await api('GET', '/location?page_size=100&sort=name')
  return response.json().data.rows.map((row: { name: string }) => row.name)
}

describe('an import with a bad row', () => {
  it('reports the row with its line and column, and writes nothing', async () => {
    const id = await startImport('locations')
    const batch = await send(id, [location('Alpha'), location('Bravo', { 'Postal code': 'ZZZ 999' }), location('Charlie')])
    expect(batch).toMatchObject({ received: 3, invalid: 1, errors: [{ line: 3, errors: [{ column: 'postal_code', code: 'postal_code', message: expect.any(String) }] }] })

    const dry = await api('POST', `/import/${id}/commit`, { dry_run: true })
    expect(dry.json().data).toMatchObject({ created: 2, invalid: 1, skipped: 0, status: 'open' })

    const commit = await api('POST', `/import/${id}/commit`, { dry_run: false })
    expect(commit.statusCode).toBe(422)
    expect(commit.json()).toMatchObject({ code: 'import_invalid', details: { invalid: 1, errors: [{ line: 3 }] } })
    expect(await locationNames()).toEqual([])
  })
})

describe('a good file', () => {
  let id: string
  beforeAll(async () => {
    id = await startImport('locations')
    await send(id, [location('Dépanneur Côté'), location('Tim Hortons, Main St'), location('Zeller')])
  })

  it('dry run counts what would be created and changes nothing', async () => {
    const response = await api('POST', `/import/${id}/commit`, { dry_run: true })
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toMatchObject({ dry_run: true, status: 'open', created: 3, updated: 0, unchanged: 0, skipped: 0 })
    expect(await locationNames()).toEqual([])
  })

  it('commit writes every row, audits it and completes the clients step of the setup guide', async () => {
    const response = await api('POST', `/import/${id}/commit`, { dry_run: false })
    expect(response.json().data).toMatchObject({ status: 'committed', created: 3 })
    expect(await locationNames()).toEqual(['Dépanneur Côté', 'Tim Hortons, Main St', 'Zeller'])
    const settings = await api('GET', '/settings')
    expect(settings.json().data.completed_guided_setup.split(',')).toContain('clients')
  })

  it('a finished import cannot be committed or cancelled again', async () => {
    expect((await api('POST', `/import/${id}/commit`, { dry_run: false })).statusCode).toBe(409)
    expect((await api('DELETE', `/import/${id}`)).statusCode).toBe(409)
  })

  it('importing the same file again updates by name instead of duplicating', async () => {
    const again = await startImport('locations')
    await send(again, [location('dépanneur  côté'), location('Tim Hortons, Main St', { City: 'Ottawa', Province: 'ON', 'Postal code': 'K1A 0B1' }), location('Zeller')])
    const response = await api('POST', `/import/${again}/commit`, { dry_run: false })
    expect(response.json().data).toMatchObject({ created: 0, updated: 2, unchanged: 1 })
    const list = (await api('GET', '/location?q=tim')).json().data
    expect(list.count).toBe(1)
    expect(list.rows[0]).toMatchObject({ city: 'Ottawa', version: 2 })
    expect(await locationNames()).toHaveLength(3)
  })
})

describe('duplicates, skipping and cancelling', () => {
  it('refuses a name repeated in the same file, naming the first line', async () => {
    const id = await startImport('services')
    const service = (name: string) => ({ name, bill_rate: '45.50', pay_rate: '22' })
    await send(id, [service('Window cleaning'), service('Snow removal')], 2)
    await send(id, [service('window cleaning')], 4)
    const response = await api('POST', `/import/${id}/commit`, { dry_run: true })
    expect(response.json().data.errors).toEqual([{ line: 4, errors: [{ column: 'name', code: 'duplicate_name', params: { line: 2 }, message: 'Same name as line 2' }] }])
  })

  it('with skip_invalid writes the good rows and counts the bad ones', async () => {
    const id = await startImport('services', true)
    await send(id, [{ name: 'Gutters', bill_rate: '60', pay_rate: '25' }, { name: 'Broken', bill_rate: 'a lot', pay_rate: '25' }])
    const response = await api('POST', `/import/${id}/commit`, { dry_run: false })
    expect(response.json().data).toMatchObject({ created: 1, skipped: 1, errors: [{ line: 3, errors: [{ column: 'bill_rate' }] }] })
    const services = (await api('GET', '/service')).json().data
    expect(services.rows.map((s: { name: string; bill_rate_cents: number }) => [s.name, s.bill_rate_cents])).toEqual([['Gutters', 6000]])
  })

  it('cancel drops the staged rows and writes nothing', async () => {
    const id = await startImport('locations')
    await send(id, [location('Never written')])
    const cancel = await api('DELETE', `/import/${id}`)
    expect(cancel.statusCode).toBe(200)
    expect((await api('GET', `/import/${id}`)).json().data).toMatchObject({ status: 'cancelled', rows_received: 0 })
    expect(await locationNames()).not.toContain('Never written')
  })

  it('refuses a batch giving one line to two different rows (400 naming it), and still takes a batch sent again', async () => {
    const id = await startImport('locations')
    const twice = await api('POST', `/import/${id}/rows`, { rows: [{ line: 2, cells: location('ImpA') }, { line: 3, cells: location('ImpC') }, { line: 2, cells: location('ImpB') }] })
    expect(twice.statusCode).toBe(400)
    expect(twice.json()).toMatchObject({ code: 'validation_failed', details: { 'rows.2.line': 'Line 2 is also rows.0, with other cells: send each line once' } })
    expect((await api('GET', `/import/${id}`)).json().data.rows_received).toBe(0)
    // The same row twice is one row; a batch sent again replaces its own lines.
    const same = await api('POST', `/import/${id}/rows`, { rows: [{ line: 2, cells: location('ImpA') }, { line: 2, cells: location('ImpA') }] })
    expect(same.statusCode).toBe(200)
    await send(id, [location('ImpA'), location('ImpB')])
    await send(id, [location('ImpA'), location('ImpB')])
    expect((await api('GET', `/import/${id}`)).json().data.rows_received).toBe(2)
    const commit = await api('POST', `/import/${id}/commit`, { dry_run: false })
    expect(commit.json().data).toMatchObject({ status: 'committed', created: 2 })
    expect(await locationNames()).toEqual(expect.arrayContaining(['ImpA', 'ImpB']))
  })

  it('a batch retried with the same Idempotency-Key is answered once', async () => {
    const id = await startImport('locations')
    const rows = { rows: [{ line: 2, cells: location('Retry') }] }
    const first = await api('POST', `/import/${id}/rows`, rows, undefined, { 'idempotency-key': 'batch-1' })
    const second = await api('POST', `/import/${id}/rows`, rows, undefined, { 'idempotency-key': 'batch-1' })
    expect(second.headers['idempotent-replayed']).toBe('true')
    expect(second.json()).toEqual(first.json())
    expect((await api('GET', `/import/${id}`)).json().data.rows_received).toBe(1)
  })
})

describe('who may import', () => {
  it('a role without create and update on the model is refused', async () => {
    await addUser(t, owner.business_id, { email: 'staff@example.com', password: 'staff password that is long', role: 'Staff' })
    const signedIn = await login(t, 'staff@example.com', 'staff password that is long', owner.business_id)
    const response = await api('POST', '/import', { kind: 'locations' }, signedIn.body.data.token)
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('forbidden')
  })

  it("another business's import is not found", async () => {
    const id = await startImport('locations')
    const other = await registerBusiness(t)
    const response = await api('GET', `/import/${id}`, undefined, other.tokens.token)
    expect(response.statusCode).toBe(404)
  })
})
