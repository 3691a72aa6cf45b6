import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeAudit } from '../../src/repositories/audit-logs.ts'
import { auditRows } from '../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../helpers/business.ts'

let t: TestApp
let owner: Owner
beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
})
afterAll(() => t.close())

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const verify = async () => (await t.request({ method: 'GET', url: '/api/v1/audit_log/verify', headers: bearer(owner.tokens.token) })).json().data

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

describe('audit rows on PostgreSQL', () => {
  it('cannot be changed, removed or truncated by Rota’s own role, which owns the table: it holds no such grant', async () => {
    const scoped = <T>(work: Parameters<typeof t.database.scoped<T>>[1]) => t.database.scoped({ businessId: owner.business_id }, work)
    const [rights] = await scoped(async (db) =>
      (
        (await db.execute(sql`select has_table_privilege(current_user, 'audit_logs', 'INSERT') as insert, has_table_privilege(current_user, 'audit_logs', 'SELECT') as select,
          has_table_privilege(current_user, 'audit_logs', 'UPDATE') as update, has_table_privilege(current_user, 'audit_logs', 'DELETE') as delete,
          has_table_privilege(current_user, 'audit_logs', 'TRUNCATE') as truncate`)) as unknown as { rows: Record<string, boolean>[] }
      ).rows,
    )
    expect(rights).toEqual({ insert: true, select: true, update: false, delete: false, truncate: false })
    expect(await refusal(scoped((db) => db.execute(sql`update audit_logs set action = 'x'`)))).toMatch(/permission denied for table audit_logs/)
    expect(await refusal(scoped((db) => db.execute(sql`delete from audit_logs`)))).toMatch(/permission denied for table audit_logs/)
    expect(await refusal(scoped((db) => db.execute(sql`truncate audit_logs`)))).toMatch(/permission denied for table audit_logs/)
  })

  it('stays whole when writers of one business overlap in separate transactions and connections', async () => {
    const writer = (index: number, holdMs: number) =>
      t.database.scoped({ businessId: owner.business_id }, (db) =>
        db.transaction(async (tx) => {
          await writeAudit(tx, { businessId: owner.business_id, action: 'test.concurrent', model: 'locations', after: { index } })
          // Holds the business's chain while others queue behind it, then commits.
          await sleep(holdMs)
        }),
      )
    await Promise.all(Array.from({ length: 12 }, (_, index) => writer(index, (index * 37) % 60)))
    const rows = await auditRows(t, owner.business_id)
    expect(rows.filter((row) => row.action === 'test.concurrent')).toHaveLength(12)
    rows.slice(1).forEach((row, index) => expect(row.prev_hash).toBe(rows[index]!.hash))
    expect(await verify()).toMatchObject({ valid: true, checked: rows.length, first_break: null })
  })

  it('leaves out the row of a transaction that rolled back', async () => {
    await refusal(
      t.database.scoped({ businessId: owner.business_id }, (db) =>
        db.transaction(async (tx) => {
          await writeAudit(tx, { businessId: owner.business_id, action: 'test.rolled_back', model: 'locations' })
          throw new Error('changed my mind')
        }),
      ),
    )
    await t.database.scoped({ businessId: owner.business_id }, (db) => writeAudit(db, { businessId: owner.business_id, action: 'test.after', model: 'locations' }))
    expect(await auditRows(t, owner.business_id, 'test.rolled_back')).toEqual([])
    expect(await verify()).toMatchObject({ valid: true })
  })
})
