import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type Account, type LiveServer } from './helpers/live-server.ts'
import { newMachine, type Machine } from './helpers/rota.ts'

let server: LiveServer
let owner: Account & { token: string }
let admin: Machine
let samId: string
let monday: { id: string }
let patrolShift: { id: string }

interface Shift {
  id: string
  staff: { id: string } | null
  status: string
}

/**
 * A business whose owner works the office only, Sam who may work the front desk, and in the
 * week of 2026-03-09 an open front-desk shift on Monday and an open patrol nobody may work.
 */
beforeAll(async () => {
  server = await startServer()
  owner = await server.register({ firstname: 'Ada' })
  await server.member(owner, { email: 'sam@acme.test', role: 'Staff' })
  const token = owner.token
  const people = await server.api<{ rows: { id: string; email: string; version: number }[] }>('GET', '/user?page_size=100', { token })
  const sam = people.rows.find((person) => person.email === 'sam@acme.test')!
  const me = people.rows.find((person) => person.email === owner.email)!
  samId = sam.id
  const tower = await server.api<{ id: string }>('POST', '/location', { token, body: { name: 'Harbour Tower', street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' } })
  const desk = await server.api<{ id: string }>('POST', '/service', { token, body: { name: 'Front desk', bill_rate_cents: 6000, pay_rate_cents: 3000 } })
  const patrol = await server.api<{ id: string }>('POST', '/service', { token, body: { name: 'Patrol', bill_rate_cents: 6000, pay_rate_cents: 3000 } })
  const office = await server.api<{ id: string }>('POST', '/service', { token, body: { name: 'Office', bill_rate_cents: 6000, pay_rate_cents: 3000 } })
  await server.api('PUT', `/user/${sam.id}`, { token, body: { service_ids: [desk.id], pay_rate_cents: 2000, version: sam.version } })
  await server.api('PUT', `/user/${me.id}`, { token, body: { service_ids: [office.id], version: me.version } })
  const open = (service_id: string, date: string) => server.api<[{ id: string }]>('POST', '/schedule', { token, body: { staff_id: null, location_id: tower.id, service_id, date, start: '09:00', end: '17:00' } })
  ;[monday] = await open(desk.id, '2026-03-09')
  ;[patrolShift] = await open(patrol.id, '2026-03-10')
  admin = newMachine()
  const run = await admin.rota(['login', '--host', server.url, '--business', owner.business_id, '--email', owner.email, '--password-stdin'], { stdin: owner.password })
  expect(run.code).toBe(0)
})
afterAll(() => server.close())

const shift = async (id: string) => server.api<Shift>('GET', `/schedule/${id}`, { token: owner.token })

describe('rota schedule fill', () => {
  it('prints the proposal with a reason per shift and why a shift stays open, writing nothing', async () => {
    const run = await admin.rota(['schedule', 'fill', '--from', '2026-03-09', '--to', '2026-03-15'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('1 open shift of 2 staffed from 2026-03-09 to 2026-03-15: the best proposal the rules allow.')
    expect(run.stdout).toMatch(/2026-03-09 09:00–17:00 Harbour Tower \(Front desk\)\s+Sam Staff\s+available, 8 h this week/)
    expect(run.stdout).toContain('2026-03-10 09:00–17:00 Harbour Tower (Patrol): nobody may work this service')
    expect(run.stdout).toContain('Cost $0.00 → $160.00')
    expect(run.stdout).toContain('Nothing written')
    expect((await shift(monday.id)).staff).toBeNull()
  })

  it('answers JSON for scripts, and writes the drafts with --apply', async () => {
    const json = await admin.rota(['schedule', 'fill', '--from', '2026-03-09', '--to', '2026-03-15', '--json'])
    expect(json.code).toBe(0)
    const outcome = json.json<{ proposal: { assignments: { shift_id: string; staff: { id: string } }[]; unfilled: { rule: string }[] }; applied: null }>()
    expect(outcome.proposal.assignments).toEqual([expect.objectContaining({ shift_id: monday.id, staff: expect.objectContaining({ id: samId }) })])
    expect(outcome.proposal.unfilled).toEqual([expect.objectContaining({ shift_id: patrolShift.id, rule: 'service' })])
    expect(outcome.applied).toBeNull()

    const run = await admin.rota(['schedule', 'fill', '--from', '2026-03-09', '--to', '2026-03-15', '--apply'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('1 shift written as drafts.')
    expect(await shift(monday.id)).toMatchObject({ staff: { id: samId }, status: 'draft' })
  })

  it('weighs the goals named with --weights for this fill, the others as the settings say', async () => {
    const json = await admin.rota(['schedule', 'fill', '--from', '2026-03-09', '--to', '2026-03-15', '--weights', 'cost=3, continuity=0', '--json'])
    expect(json.code, json.stderr).toBe(0)
    expect(json.json<{ proposal: { weights: object } }>().proposal.weights).toEqual({ cost: 3, over_preferred: 1000, fairness: 500, continuity: 0, preference: 500 })
    const run = await admin.rota(['schedule', 'fill', '--from', '2026-03-09', '--to', '2026-03-15', '--weights', 'fairness=900'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('Weighed: labour cost × 1, $10.00 an hour past someone\'s preferred week, $9.00 an hour of fairness spread')
  })

  it('refuses weights it cannot read, saying what it takes, without asking the server', async () => {
    const refusals: [string, string][] = [
      ['speed=2', '--weights: "speed" is not a goal: use cost, over_preferred, fairness, continuity, preference'],
      ['cost=300', '--weights: cost takes a number from 0 to 100, not "300"'],
      ['fairness=-5', '--weights: fairness takes a number from 0 to 1000000, not "-5"'],
      ['cost=2,cost=3', '--weights: cost is given twice'],
      ['cost', '--weights takes goal=number pairs separated by commas, such as cost=2,fairness=900, not "cost"'],
    ]
    for (const [weights, message] of refusals) {
      const run = await admin.rota(['schedule', 'fill', '--from', '2026-03-09', '--to', '2026-03-15', '--weights', weights])
      expect(run.code, weights).toBe(2)
      expect(run.stderr, weights).toContain(message)
    }
  })

  it('refuses a range given backwards, without asking the server', async () => {
    const run = await admin.rota(['schedule', 'fill', '--from', '2026-03-15', '--to', '2026-03-09'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--to comes before --from')
  })
})
