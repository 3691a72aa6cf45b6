import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type Account, type LiveServer } from './helpers/live-server.ts'
import { newMachine, type Machine } from './helpers/rota.ts'

let server: LiveServer
let owner: Account & { token: string }
let admin: Machine

beforeAll(async () => {
  server = await startServer()
  owner = await server.register()
  admin = newMachine()
  const run = await admin.rota(['login', '--host', server.url, '--business', owner.business_id, '--email', owner.email, '--password-stdin'], { stdin: owner.password })
  expect(run.code).toBe(0)
  for (const name of ['North', 'South', 'East']) {
    await server.api('POST', '/location', { token: owner.token, body: { name, street: '1 King St W', city: 'Toronto', province: 'ON', postal_code: 'M5H 1A1' } })
  }
})
afterAll(() => server.close())

describe('rota audit verify', () => {
  it('says the chain is whole, with its head, and exits 0', async () => {
    const run = await admin.rota(['audit', 'verify'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^The audit chain is whole: \d+ rows checked\.\nHead: row \d+, [0-9a-f]{64} /)
  })

  it('reports the first row changed behind Rota’s back and exits 1', async () => {
    const db = server.database.db
    const { rows } = (await db.execute(sql`select id from audit_logs where business_id = ${owner.business_id} and action = 'locations.create' order by id`)) as unknown as { rows: { id: number }[] }
    const target = Number(rows[1]!.id)
    await db.execute(sql`alter table audit_logs disable trigger audit_logs_no_update`)
    await db.execute(sql`update audit_logs set after = '{"name": "Elsewhere"}' where business_id = ${owner.business_id} and id = ${target}`)
    await db.execute(sql`alter table audit_logs enable trigger audit_logs_no_update`)
    const run = await admin.rota(['audit', 'verify'])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(`The audit chain is broken at row ${target} (`)
    expect(run.stdout).toContain('its content no longer matches its hash')
    const json = await admin.rota(['audit', 'verify', '--json'])
    expect(json.code).toBe(1)
    expect(json.json()).toMatchObject({ valid: false, first_break: { id: target, reason: 'altered' } })
  })
})
