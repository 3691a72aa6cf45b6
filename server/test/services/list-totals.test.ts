import { getTableName, sql } from 'drizzle-orm'
import { rememberedTables } from '../../src/repositories/named-records.ts'
import '../../src/routes/index.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../helpers/business.ts'

let t: TestApp
let owner: Owner
beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  for (let i = 1; i <= 3; i++) {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/location',
      headers: bearer(owner.tokens.token),
      payload: { name: `Client ${i}`, street: '1 Main St', city: 'Ottawa', province: 'ON', postal_code: 'K1A 0B1' },
    })
    expect(response.statusCode).toBe(201)
  }
})
afterAll(() => t.close())

const total = async (query = '') =>
  (await t.request({ method: 'GET', url: `/api/v1/location?page_size=2${query}`, headers: bearer(owner.tokens.token) })).json().data.count as number

async function within1s(check: () => Promise<boolean>): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < 1000; ) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return check()
}

describe('list totals', () => {
  it('are counted once for every page of a list, and per filter', async () => {
    // The setup's writes are announced after their commits (on PostgreSQL a moment later, and each
    // announcement forgets the table's totals): wait until they are heard and a total stays remembered.
    const size = () => t.app.services.totals.size()
    const steady = async () => {
      expect(await total()).toBe(3)
      const remembered = size()
      expect(await total()).toBe(3)
      return remembered > 0 && size() === remembered
    }
    expect(await within1s(steady)).toBe(true)
    const before = size()
    expect(await total('&page=2')).toBe(3)
    expect(size()).toBe(before)
    expect(await total('&q=client%202')).toBe(1)
    expect(size()).toBe(before + 1)
  })

  it('follow every change to the rows they count, through the API or straight into the database', async () => {
    expect(await total()).toBe(3)
    await t.request({
      method: 'POST',
      url: '/api/v1/location',
      headers: bearer(owner.tokens.token),
      payload: { name: 'Client 4', street: '1 Main St', city: 'Ottawa', province: 'ON', postal_code: 'K1A 0B1' },
    })
    expect(await total()).toBe(4)
    // Written from elsewhere (another process, psql): heard within a second.
    await t.db.execute(sql`delete from locations where business_id = ${owner.business_id} and name = 'Client 4'`)
    expect(await within1s(async () => (await total()) === 3)).toBe(true)
    await t.db.execute(sql`update locations set active = false where business_id = ${owner.business_id} and name = 'Client 1'`)
    expect(await within1s(async () => (await total('&filter[active]=true')) === 2)).toBe(true)
  })

  it('remember whole pages, and a page changed in any way is read again at once', async () => {
    const names = async (query: string) =>
      ((await t.request({ method: 'GET', url: `/api/v1/location?sort=name${query}`, headers: bearer(owner.tokens.token) })).json().data.rows as { name: string; id: string; version: number }[])
    const pages = () => t.app.services.totals.pages()
    const first = await names('&page_size=3')
    expect(await within1s(async () => (await names('&page_size=3'), pages() > 0))).toBe(true)
    const remembered = pages()
    expect(await names('&page_size=3')).toEqual(first)
    expect(pages()).toBe(remembered)
    // Another query is another page.
    await names('&page_size=3&order=desc')
    expect(pages()).toBe(remembered + 1)
    // Renamed through the API: the answer that follows has the new name.
    const [client] = first
    const renamed = await t.request({ method: 'PUT', url: `/api/v1/location/${client!.id}`, headers: bearer(owner.tokens.token), payload: { name: 'Aardvark Care', version: client!.version } })
    expect(renamed.statusCode).toBe(200)
    expect((await names('&page_size=3')).map((row) => row.name)).toContain('Aardvark Care')
    // Renamed straight in the database (another process, psql): heard within a second.
    await t.db.execute(sql`update locations set name = 'Zebra Care' where id = ${client!.id}`)
    expect(await within1s(async () => (await names('&page_size=3')).some((row) => row.name === 'Zebra Care'))).toBe(true)
  })

  it('remember no page when told to keep none (ROTA_LIST_PAGES=0)', async () => {
    const none = await createTestApp({ listPages: 0 })
    try {
      const someone = await registerBusiness(none)
      for (let i = 0; i < 2; i++) {
        const response = await none.request({ method: 'GET', url: '/api/v1/location', headers: bearer(someone.tokens.token) })
        expect(response.json().data).toEqual({ count: 0, rows: [] })
      }
      expect(none.app.services.totals.pages()).toBe(0)
    } finally {
      await none.close()
    }
  })

  it('are kept only for tables that announce every change', async () => {
    const names = [...rememberedTables].map((table) => getTableName(table))
    expect(names).toEqual(expect.arrayContaining(['locations', 'services', 'timeoff_categories']))
    for (const name of names) {
      const triggers = (await t.db.execute(sql`select tgname from pg_trigger where tgrelid = ${name}::regclass order by tgname`)) as unknown as { rows: { tgname: string }[] }
      expect(triggers.rows.map((row) => row.tgname)).toEqual(expect.arrayContaining([`${name}_deleted`, `${name}_inserted`, `${name}_updated`]))
    }
  })

  it('are not shared between businesses', async () => {
    const other = await registerBusiness(t)
    // The very query the first business's page was remembered by.
    expect((await t.request({ method: 'GET', url: '/api/v1/location', headers: bearer(owner.tokens.token) })).json().data.count).toBeGreaterThan(0)
    const response = await t.request({ method: 'GET', url: '/api/v1/location', headers: bearer(other.tokens.token) })
    expect(response.json().data.count).toBe(0)
  })
})
