import { and, eq } from 'drizzle-orm'
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

async function startImport(): Promise<string> {
  const response = await api('POST', '/import', { kind: 'locations', file_name: 'clients.csv' })
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

  it('may come out of order, and a line repeated within one batch counts once, the later record standing', async () => {
    const id = await startImport()
    await send(id, [{ line: 5, cells: location('Order C') }])
    const batch = await send(id, [
      { line: 2, cells: location('Order A', { postal_code: 'not a code' }) },
      { line: 3, cells: location('Order B') },
      { line: 2, cells: location('Order A') },
    ])
    expect(batch).toEqual({ received: 3, invalid: 0, errors: [] })
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
    await t.database.db.delete(importRows).where(and(eq(importRows.import_id, id), eq(importRows.line, 3)))

    const response = await commit(id, false)
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('import_closed')
    expect(await names('Lost')).toEqual([])
    const [job] = await t.database.db.select().from(importJobs).where(eq(importJobs.id, id))
    expect(job?.status).toBe('cancelled')
    expect((await t.database.db.select().from(importRows).where(eq(importRows.import_id, id))).length).toBe(0)
  })
})
