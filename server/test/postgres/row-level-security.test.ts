import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locations } from '../../src/db/schema/index.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../helpers/business.ts'

let t: TestApp
let ours: Owner
let theirs: Owner
beforeAll(async () => {
  t = await createTestApp()
  ours = await registerBusiness(t)
  theirs = await registerBusiness(t)
  for (const owner of [ours, theirs]) {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/location',
      headers: bearer(owner.tokens.token),
      payload: { name: `Client of ${owner.business_id}`, street: '1 Main St', city: 'Ottawa', province: 'ON', postal_code: 'K1A 0B1' },
    })
    expect(response.statusCode).toBe(201)
  }
})
afterAll(() => t.close())

/** Every message along a failure's chain of causes (Drizzle wraps PostgreSQL's error in its own). */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work
  } catch (error) {
    const messages: string[] = []
    for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) messages.push(String(e.message))
    return messages.join(' ← ')
  }
  return 'no refusal'
}

describe('row-level security, the second tenant wall', () => {
  it('applies to Rota’s own role: not a superuser, no BYPASSRLS', async () => {
    const [role] = await t.database.scoped('system', async (db) => {
      const result = await db.execute<{ rolsuper: boolean; rolbypassrls: boolean }>(sql`select rolsuper, rolbypassrls from pg_roles where rolname = current_user`)
      return (result as unknown as { rows: { rolsuper: boolean; rolbypassrls: boolean }[] }).rows
    })
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false })
  })

  it('is on, and forced, for every table that holds a business’s rows', async () => {
    const result = await t.db.execute<{ table: string; enabled: boolean; forced: boolean }>(sql`
      select c.relname as table, c.relrowsecurity as enabled, c.relforcerowsecurity as forced
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and (exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'business_id' and not a.attisdropped) or c.relname = 'businesses')
      order by 1`)
    const tables = (result as unknown as { rows: { table: string; enabled: boolean; forced: boolean }[] }).rows
    expect(tables.length).toBeGreaterThan(15)
    expect(tables.filter((table) => !table.enabled || !table.forced).map((table) => table.table)).toEqual([])
  })

  it('shows a query that forgets its business_id filter only the business set for it', async () => {
    const seen = await t.database.scoped({ businessId: ours.business_id }, (db) => db.select({ business: locations.business_id, name: locations.name }).from(locations))
    expect(seen).toEqual([{ business: ours.business_id, name: `Client of ${ours.business_id}` }])
  })

  it('shows nothing at all to a handle with no business set', async () => {
    expect(await t.database.db.select().from(locations)).toEqual([])
  })

  it('refuses to write a row into another business, or to move one there', async () => {
    const write = t.database.scoped({ businessId: ours.business_id }, (db) =>
      db.insert(locations).values({ business_id: theirs.business_id, name: 'Smuggled', name_key: 'smuggled', street: '1 Main St', city: 'Ottawa', province: 'ON', postal_code: 'K1A 0B1' }),
    )
    expect(await refusal(write)).toMatch(/violates row-level security policy/)
    const move = t.database.scoped({ businessId: ours.business_id }, (db) => db.update(locations).set({ business_id: theirs.business_id }).where(eq(locations.business_id, ours.business_id)))
    expect(await refusal(move)).toMatch(/violates row-level security policy/)
  })

  it('refuses a request’s handle once the request is over', async () => {
    let kept: Parameters<Parameters<typeof t.database.scoped>[1]>[0] | undefined
    await t.database.scoped({ businessId: ours.business_id }, async (db) => {
      kept = db
    })
    expect(await refusal(Promise.resolve().then(() => kept!.select().from(locations)))).toMatch(/after its work ended/)
  })
})
