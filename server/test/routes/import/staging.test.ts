import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importJobs, importRows } from '../../../src/db/schema/index.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
})
afterAll(() => t.close())

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(owner.tokens.token), ...(payload ? { payload } : {}) })

const location = (name: string, extra: Record<string, string> = {}) => ({ name, street: '100 Rue Principale', city: 'Gatineau', province: 'QC', postal_code: 'J8X 1A1', ...extra })

async function startImport(kind: 'locations' | 'services' = 'locations', skipInvalid = false): Promise<string> {
  const response = await api('POST', '/import', { kind, skip_invalid: skipInvalid, file_name: 'clients.csv' })
  expect(response.statusCode).toBe(201)
  return response.json().data.id
}

async function send(id: string, rows: { line: number; cells: Record<string, string> }[]) {
  const response = await api('POST', `/import/${id}/rows`, { rows })
  expect(response.statusCode).toBe(200)
  return response.json().data
}

const commit = async (id: string, dryRun: boolean) => api('POST', `/import/${id}/commit`, { dry_run: dryRun })

async function names(prefix: string): Promise<string[]> {
  const response = await api('GET', `/location?page_size=100&sort=name&q=${encodeURIComponent(prefix)}`)
  return response.json().data.rows.map((row: { name: string }) => row.name)
}

describe('batches sent again', () => {
  it('replace their lines, even after later lines arrived, and the contents sent last are written', async () => {
    const id = await startImport()
    await send(id, [{ line: 2, cells: location('Resent A') }, { line: 3, cells: location('Resent B') }])
    await send(id, [{ line: 4, cells: location('Resent C') }])
    await send(id, [{ line: 2, cells: location('Resent A2') }, { line: 3, cells: location('Resent B') }])
    expect((await api('GET', `/import/${id}`)).json().data).toMatchObject({ rows_received: 3, rows_invalid: 0 })
    expect((await commit(id, false)).json().data).toMatchObject({ status: 'committed', created: 3 })
    expect(await names('Resent')).toEqual(['Resent A2', 'Resent B', 'Resent C'])
  })

  it('may come out of order; a line given to two different rows of one batch refuses the batch, rather than one of them standing', async () => {
    const id = await startImport()
    await send(id, [{ line: 5, cells: location('Order C') }])
    const repeated = await api('POST', `/import/${id}/rows`, {
      rows: [
        { line: 2, cells: location('Order A', { postal_code: 'not a code' }) },
        { line: 3, cells: location('Order B') },
        { line: 2, cells: location('Order A') },
      ],
    })
    expect(repeated.statusCode).toBe(400)
    expect(repeated.json().details).toEqual({ 'rows.2.line': expect.stringContaining('Line 2') })
    const batch = await send(id, [
      { line: 2, cells: location('Order A') },
      { line: 3, cells: location('Order B') },
    ])
    expect(batch).toEqual({ received: 2, invalid: 0, errors: [] })
    expect((await commit(id, false)).json().data).toMatchObject({ created: 3, invalid: 0 })
    expect(await names('Order')).toEqual(['Order A', 'Order B', 'Order C'])
  })
})

describe('repeated names', () => {
  it('are marked afresh when a batch sent after a dry run renames the first of them', async () => {
    const id = await startImport()
    await send(id, [{ line: 2, cells: location('Twin') }, { line: 3, cells: location('twin') }])
    const dry = (await commit(id, true)).json().data
    expect(dry).toMatchObject({ created: 1, invalid: 1, errors: [{ line: 3, errors: [{ code: 'duplicate_name', params: { line: 2 } }] }] })

    await send(id, [{ line: 2, cells: location('Twin Peaks') }])
    expect((await commit(id, true)).json().data).toMatchObject({ created: 2, invalid: 0, errors: [] })
    expect((await commit(id, false)).json().data).toMatchObject({ status: 'committed', created: 2 })
    expect(await names('Twin')).toEqual(['twin', 'Twin Peaks'])
  })
})

describe('a cell PostgreSQL cannot store', () => {
  it('refuses its row with the column, instead of failing the batch', async () => {
    const id = await startImport()
    const batch = await send(id, [{ line: 2, cells: location('Nul\u0000 Corp') }, { line: 3, cells: location('Fine Corp', { billing_notes: 'Net 30\u0000' }) }, { line: 4, cells: location('Good Corp') }])
    expect(batch).toMatchObject({ received: 3, invalid: 2, errors: [{ line: 2, errors: [{ column: 'name', code: 'invalid' }] }, { line: 3, errors: [{ column: 'billing_notes', code: 'invalid' }] }] })
    expect((await commit(id, true)).json().data).toMatchObject({ created: 1, invalid: 2 })
  })
})

describe('staged rows the database lost', () => {
  it('cancel the import at the commit: nothing is written and the client is told it is closed', async () => {
    const id = await startImport()
    await send(id, [{ line: 2, cells: location('Lost A') }, { line: 3, cells: location('Lost B') }])
    // What a crash does to the unlogged staging table: PostgreSQL empties it on restart.
    await t.db.delete(importRows).where(and(eq(importRows.import_id, id), eq(importRows.line, 3)))

    const response = await commit(id, false)
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('import_closed')
    expect(await names('Lost')).toEqual([])
    const [job] = await t.db.select().from(importJobs).where(eq(importJobs.id, id))
    expect(job?.status).toBe('cancelled')
    expect((await t.db.select().from(importRows).where(eq(importRows.import_id, id))).length).toBe(0)
  })
})

/** A record as the API shows it, without what differs between two records of the same fields. */
async function fields(model: 'location' | 'service', name: string): Promise<Record<string, unknown>> {
  const response = await api('GET', `/${model}?page_size=100&q=${encodeURIComponent(name)}`)
  const found = response.json().data.rows.filter((row: { name: string }) => row.name === name)
  expect(found).toHaveLength(1)
  const { id: _id, name: _name, created_at: _created, updated_at: _updated, ...rest } = found[0]
  return rest
}

describe('what a batch carries into the database', () => {
  // COPY's text format gives tabs, line breaks, backslashes and `\N` meanings of their own.
  const awkward = {
    contact_person: 'Zoë "Z" O\'Brien \\N',
    billing_notes: 'Line one\nLine two\r\n\ttabbed \\. C:\\temp\\new\\ 😀 Œuvre',
    street: '12 Rue de l\'Église\t(rear)',
    city: 'Trois-Rivières',
    province: 'QC',
    postal_code: 'G9A 5H7',
    email: 'zoe@example.com',
    phone: '819-555-0199',
  }

  it('keeps every cell of a client as a client created by hand holds it, tabs, line breaks, backslashes, \\N and emoji included', async () => {
    const byHand = await api('POST', '/location', { name: 'Awkward by hand', ...awkward, latitude: 46.3432, longitude: -72.5477, active: false })
    expect(byHand.statusCode, byHand.body).toBe(201)
    const id = await startImport()
    const batch = await send(id, [{ line: 2, cells: { name: 'Awkward imported', ...awkward, latitude: '46.3432', longitude: '-72.5477', active: 'non' } }])
    expect(batch).toEqual({ received: 1, invalid: 0, errors: [] })
    expect((await commit(id, false)).json().data).toMatchObject({ status: 'committed', created: 1 })

    const imported = await fields('location', 'Awkward imported')
    expect(imported).toEqual(await fields('location', 'Awkward by hand'))
    expect(imported).toMatchObject({ billing_notes: awkward.billing_notes, contact_person: awkward.contact_person, active: false, latitude: 46.3432 })
    // The folded keys travelled too: the search ignores the accents, the sort goes by number.
    expect(await names('TROIS-RIVIERES')).toEqual(['Awkward by hand', 'Awkward imported'])
  })

  it('keeps a service\'s amounts, minutes, colour and yes/no as typed columns', async () => {
    const id = await startImport('services')
    await send(id, [{ line: 2, cells: { name: 'Copy service', description: 'Deep clean\twith\\tools', colour: '#0d9488', default_duration_minutes: '90', bill_rate: '45.50', pay_rate: '22', active: 'no' } }])
    expect((await commit(id, false)).json().data).toMatchObject({ status: 'committed', created: 1 })
    expect(await fields('service', 'Copy service')).toMatchObject({ description: 'Deep clean\twith\\tools', colour: '#0d9488', default_duration_minutes: 90, bill_rate_cents: 4550, pay_rate_cents: 2200, active: false, version: 1 })
  })
})

describe('a file sent in many batches', () => {
  const rows = (first: number, count: number) =>
    Array.from({ length: count }, (_, i) => {
      const line = first + i
      // Line 4,000 repeats line 10's name, two batches later.
      return { line, cells: location(line === 4000 ? 'batched client 10' : `Batched Client ${line}`, { city: line % 2 ? 'Gatineau' : 'Hull' }) }
    })

  it('is counted, checked and written as one file, and leaves the planner knowing the table\'s new size', async () => {
    const id = await startImport('locations', true)
    for (let first = 2; first < 4502; first += 1500) expect((await send(id, rows(first, 1500))).received).toBe(1500)
    expect((await api('GET', `/import/${id}`)).json().data).toMatchObject({ rows_received: 4500 })

    const dry = (await commit(id, true)).json().data
    expect(dry).toMatchObject({ created: 4499, invalid: 1, errors: [{ line: 4000, errors: [{ code: 'duplicate_name', params: { line: 10 } }] }] })
    expect((await commit(id, false)).json().data).toMatchObject({ status: 'committed', created: 4499, skipped: 1 })
    const listed = (await api('GET', '/location?q=hull&page_size=1')).json().data
    expect(listed.count).toBe(2249)

    // ANALYZE ran after the commit's answer: the table's row estimate is its real size, not what it was before the import.
    await t.settle()
    const [sizes] = rowsOf<{ estimated: number; actual: number }>(
      await t.db.execute(sql`select reltuples::int as estimated, (select count(*)::int from locations) as actual from pg_class where oid = 'locations'::regclass`),
    )
    expect(sizes!.estimated).toBe(sizes!.actual)
  })
})

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}
