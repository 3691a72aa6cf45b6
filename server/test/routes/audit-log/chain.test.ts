import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

let sequence = 0
const client = () => ({ name: `Client ${++sequence}`, street: '1 King St W', city: 'Toronto', province: 'ON', postal_code: 'M5H 1A1' })
const api = (owner: Owner, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(owner.tokens.token), ...(payload ? { payload } : {}) })
const verify = async (owner: Owner) => (await api(owner, 'GET', '/audit_log/verify')).json().data

/** A business with a few audited changes. */
async function busyBusiness(changes = 4): Promise<Owner> {
  const owner = await registerBusiness(t)
  for (let i = 0; i < changes; i++) expect((await api(owner, 'POST', '/location', client())).statusCode).toBe(201)
  return owner
}

/**
 * Changes audit rows as someone holding the table owner's rights would: the grant taken back
 * and the append-only trigger off, for `work` only. What the chain is there to show.
 */
async function tamper(work: () => Promise<unknown>) {
  await t.db.execute(sql`grant update, delete on audit_logs to current_user`)
  await t.db.execute(sql`alter table audit_logs disable trigger audit_logs_no_update`)
  try {
    await work()
  } finally {
    await t.db.execute(sql`alter table audit_logs enable trigger audit_logs_no_update`)
    await t.db.execute(sql`revoke update, delete on audit_logs from current_user`)
  }
}

describe('the audit chain', () => {
  it('links each row of a business to the one before it, the first to nothing', async () => {
    const owner = await busyBusiness()
    const rows = await auditRows(t, owner.business_id)
    expect(rows.length).toBeGreaterThan(4)
    expect(rows[0]!.prev_hash).toBeNull()
    rows.slice(1).forEach((row, index) => expect(row.prev_hash).toBe(rows[index]!.hash))
    expect(new Set(rows.map((row) => row.hash)).size).toBe(rows.length)
    expect(await verify(owner)).toEqual({
      valid: true,
      checked: rows.length,
      head: { id: rows.at(-1)!.id, hash: rows.at(-1)!.hash, created_at: rows.at(-1)!.created_at.toISOString() },
      first_break: null,
    })
  })

  it('stays whole under concurrent writers of one business, in id order', async () => {
    const owner = await busyBusiness(0)
    const answers = await Promise.all(Array.from({ length: 24 }, () => api(owner, 'POST', '/location', client())))
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201))
    const report = await verify(owner)
    expect(report).toMatchObject({ valid: true, first_break: null })
    expect(report.checked).toBe((await auditRows(t, owner.business_id)).length)
  })

  it('shows an altered row as the first break, and leaves other businesses’ chains whole', async () => {
    const owner = await busyBusiness()
    const other = await busyBusiness()
    const rows = await auditRows(t, owner.business_id, 'locations.create')
    const target = rows[1]!
    await tamper(() => t.db.execute(sql`update audit_logs set after = jsonb_set(after, '{name}', '"Someone else"') where business_id = ${owner.business_id} and id = ${target.id}`))
    expect(await verify(owner)).toMatchObject({ valid: false, first_break: { id: target.id, reason: 'altered', created_at: target.created_at.toISOString() } })
    expect(await verify(other)).toMatchObject({ valid: true })
  })

  it('shows a removed row as a break of the row after it', async () => {
    const owner = await busyBusiness()
    const rows = await auditRows(t, owner.business_id, 'locations.create')
    await tamper(() => t.db.execute(sql`delete from audit_logs where business_id = ${owner.business_id} and id = ${rows[1]!.id}`))
    expect(await verify(owner)).toMatchObject({ valid: false, first_break: { id: rows[2]!.id, reason: 'unlinked' } })
  })

  it('shows a row altered with its own hash made again as a break of the next row', async () => {
    const owner = await busyBusiness()
    const rows = await auditRows(t, owner.business_id, 'locations.create')
    await tamper(async () => {
      await t.db.execute(sql`update audit_logs set action = 'locations.viewed' where business_id = ${owner.business_id} and id = ${rows[1]!.id}`)
      await t.db.execute(sql`update audit_logs a set hash = rota_audit_hash(a) where business_id = ${owner.business_id} and id = ${rows[1]!.id}`)
    })
    expect(await verify(owner)).toMatchObject({ valid: false, first_break: { id: rows[2]!.id, reason: 'unlinked' } })
  })

  it('refuses to change or remove audit rows (the append-only trigger where grants do not bind)', async () => {
    const owner = await busyBusiness(1)
    const refusal = async (statement: ReturnType<typeof sql>) => t.db.execute(statement).then(() => 'no refusal', (error: Error) => `${error.message} ${String((error.cause as Error | undefined)?.message)}`)
    expect(await refusal(sql`update audit_logs set action = 'x' where business_id = ${owner.business_id}`)).toMatch(/append-only|permission denied/)
    expect(await refusal(sql`delete from audit_logs where business_id = ${owner.business_id}`)).toMatch(/append-only|permission denied/)
    expect(await verify(owner)).toMatchObject({ valid: true })
  })
})
