import { sql } from 'drizzle-orm'
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

  it('are not shared between businesses', async () => {
    const other = await registerBusiness(t)
    const response = await t.request({ method: 'GET', url: '/api/v1/location', headers: bearer(other.tokens.token) })
    expect(response.json().data.count).toBe(0)
  })
})
