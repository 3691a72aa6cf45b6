import type { Timesheet } from '@rota/core'
import { parse } from 'csv-parse/sync'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type Account, type LiveServer } from './helpers/live-server.ts'
import { newMachine, type Machine } from './helpers/rota.ts'

let server: LiveServer
let owner: Account & { token: string }
let admin: Machine
let staff: Account
let staffId: string
let approvedIds: string[]

const signIn = async (machine: Machine, account: Account) => {
  const run = await machine.rota(['login', '--host', server.url, '--business', account.business_id, '--email', account.email, '--password-stdin'], { stdin: account.password })
  expect(run.code).toBe(0)
}

/**
 * A business with four timesheets in March 2026 (added by its owner for work done without a
 * shift): Sam's Monday and Tuesday approved, his Wednesday pending, and the owner's own Monday
 * at a client whose name a spreadsheet would run as a formula.
 */
beforeAll(async () => {
  server = await startServer()
  owner = await server.register({ firstname: 'Ada' })
  staff = await server.member(owner, { email: 'sam@acme.test', role: 'Staff' })
  const token = owner.token
  const people = await server.api<{ rows: { id: string; email: string }[] }>('GET', '/user?page_size=100', { token })
  staffId = people.rows.find((person) => person.email === 'sam@acme.test')!.id
  const ownerId = people.rows.find((person) => person.email === owner.email)!.id
  const tower = await server.api<{ id: string }>('POST', '/location', { token, body: { name: 'Harbour Tower', street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' } })
  const evil = await server.api<{ id: string }>('POST', '/location', { token, body: { name: '=HYPERLINK("http://evil.test","Click")', street: '2 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' } })
  const service = await server.api<{ id: string }>('POST', '/service', { token, body: { name: 'Front desk', bill_rate_cents: 6000, pay_rate_cents: 3000 } })
  const add = (staff_id: string, location_id: string, date: string, start = '09:00', end = '17:30') =>
    server.api<Timesheet>('POST', '/timesheet', { token, body: { staff_id, location_id, service_id: service.id, date, start, end, break_minutes: 30 } })
  const monday = await add(staffId, tower.id, '2026-03-09')
  const tuesday = await add(staffId, tower.id, '2026-03-10', '22:00', '06:30')
  await add(staffId, tower.id, '2026-03-11')
  await add(ownerId, evil.id, '2026-03-09')
  const approved = await server.api<{ timesheets: Timesheet[] }>('POST', '/timesheet/events', { token, body: { type: 'timesheet.approve', ids: [monday.id, tuesday.id] } })
  approvedIds = approved.timesheets.map((row) => row.id)
  admin = newMachine()
  await signIn(admin, owner)
})
afterAll(() => server.close())

const records = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[]

describe('rota export timesheets', () => {
  it('writes the approved hours of a range as CSV, one row per timesheet, and says what it wrote on stderr', async () => {
    const run = await admin.rota(['export', 'timesheets', '--from', '2026-03-01', '--to', '2026-03-31', '--status', 'approved'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toBe('2 approved timesheets from 2026-03-01 to 2026-03-31.\n')
    const rows = records(run.stdout)
    expect(rows.map((row) => row.timesheet_id).sort()).toEqual([...approvedIds].sort())
    expect(rows[0]).toMatchObject({ date: '2026-03-09', staff_id: staffId, staff: 'Sam Staff', client: 'Harbour Tower', service: 'Front desk', start: '09:00', end: '17:30', break_minutes: '30', paid_minutes: '480', paid_hours: '8.00', regular_minutes: '480', overtime_minutes: '0', status: 'approved', flags: 'unscheduled' })
    // Tuesday's night runs into Wednesday and still counts on Tuesday (EDT: 22:00 is 02:00 UTC).
    expect(rows[1]).toMatchObject({ date: '2026-03-10', start: '22:00', end: '06:30', started_at: '2026-03-11T02:00:00.000Z', paid_minutes: '480' })
  })

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const run = await admin.rota(['export', 'timesheets', '--from', '2026-03-09', '--to', '2026-03-09'])
    expect(run.code).toBe(0)
    const theirs = records(run.stdout).find((row) => row.client?.includes('HYPERLINK'))
    expect(theirs?.client).toBe(`'=HYPERLINK("http://evil.test","Click")`)
  })

  it('prints the timesheets as JSON with --format json or --json, for scripts', async () => {
    for (const flags of [['--format', 'json'], ['--json']]) {
      const run = await admin.rota(['export', 'timesheets', '--from', '2026-03-01', '--to', '2026-03-31', ...flags])
      expect(run.code).toBe(0)
      const timesheets = run.json<Timesheet[]>()
      expect(timesheets).toHaveLength(4)
      expect(timesheets[0]).toMatchObject({ date: '2026-03-09', status: expect.any(String), regular_minutes: expect.any(Number), allowed_events: expect.any(Array) })
    }
  })

  it('writes to a file with --output and says so on stdout (an object with --json), as rota shifts export does', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'rota-export-'))
    const csv = join(folder, 'march.csv')
    const run = await admin.rota(['export', 'timesheets', '--from', '2026-03-01', '--to', '2026-03-31', '--status', 'approved', '--output', csv])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toBe(`Exported to ${csv}: 2 approved timesheets from 2026-03-01 to 2026-03-31.\n`)
    expect(records(readFileSync(csv, 'utf8')).map((row) => row.timesheet_id).sort()).toEqual([...approvedIds].sort())
    const json = join(folder, 'march.json')
    const scripted = await admin.rota(['export', 'timesheets', '--from', '2026-03-01', '--to', '2026-03-31', '--json', '--output', json])
    expect(scripted.code).toBe(0)
    expect(scripted.json()).toEqual({ from: '2026-03-01', to: '2026-03-31', status: null, format: 'json', timesheets: 4, output: json })
    expect(JSON.parse(readFileSync(json, 'utf8'))).toHaveLength(4)
  })

  it('refuses an --output it cannot write before asking for anything (exit 2), with the JSON error under --json', async () => {
    const run = await admin.rota(['export', 'timesheets', '--from', '2026-03-01', '--to', '2026-03-31', '--output', '/nonexistent/dir/march.csv', '--json'])
    expect(run.code).toBe(2)
    expect(run.json()).toEqual({ error: { message: 'Cannot write /nonexistent/dir/march.csv: there is no folder /nonexistent/dir', exit_code: 2 } })
    expect(run.stderr).toBe('rota: Cannot write /nonexistent/dir/march.csv: there is no folder /nonexistent/dir\n')
  })

  it('exports a staff member’s own hours from their own session', async () => {
    const sam = newMachine()
    await signIn(sam, staff)
    const run = await sam.rota(['export', 'timesheets', '--from', '2026-03-01', '--to', '2026-03-31', '--format', 'json'])
    expect(run.code).toBe(0)
    expect(new Set(run.json<Timesheet[]>().map((row) => row.staff.id))).toEqual(new Set([staffId]))
  })

  it('refuses a bad range with exit 2, and needs a session (exit 3)', async () => {
    for (const args of [['--from', '2026-02-30', '--to', '2026-03-31'], ['--from', '2026-03-31', '--to', '2026-03-01'], ['--from', '2025-01-01', '--to', '2026-03-31'], ['--from', '2026-03-01']]) {
      const run = await admin.rota(['export', 'timesheets', ...args])
      expect(run.code, args.join(' ')).toBe(2)
      expect(run.stdout).toBe('')
    }
    const stranger = await newMachine({ ROTA_HOST: server.url }).rota(['export', 'timesheets', '--from', '2026-03-01', '--to', '2026-03-31'])
    expect(stranger.code).toBe(3)
    expect(stranger.stderr).toContain('rota login')
    // With --json the same failure is also an object on stdout, its keys in the API's snake_case like every other answer.
    const json = await newMachine({ ROTA_HOST: server.url }).rota(['export', 'timesheets', '--from', '2026-03-01', '--to', '2026-03-31', '--json'])
    expect(json.code).toBe(3)
    expect(json.json()).toEqual({ error: { message: expect.stringContaining('rota login'), exit_code: 3 } })
  })
})

describe('rota export payroll', () => {
  it('writes an approved run as CSV, one row per person and earning type; JSON with --format json; refuses a number no approved run has', async () => {
    const token = owner.token
    const draft = await server.api<{ id: string; version: number }>('POST', '/payroll', { token, body: { date: '2026-03-09' } })
    const missing = await admin.rota(['export', 'payroll', '1'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('no approved payroll number 1')
    const approved = await server.api<{ number: number }>('POST', `/payroll/${draft.id}/events`, { token, body: { type: 'payroll.approve', version: draft.version } })

    const run = await admin.rota(['export', 'payroll', String(approved.number)])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toBe(`Payroll ${approved.number} (2026-03-02 to 2026-03-15, approved): 1 person, net 499.20.\n`)
    // Sam's two approved days at the service's $30.00: 16 hours, and 4 % vacation pay.
    expect(records(run.stdout).map((row) => [row.staff, row.type, row.hours, row.rate, row.amount, row.amount_cents])).toEqual([
      ['Sam Staff', 'regular', '16.00', '30.00', '480.00', '48000'],
      ['Sam Staff', 'vacation_pay', '', '', '19.20', '1920'],
    ])
    const json = await admin.rota(['export', 'payroll', String(approved.number), '--format', 'json'])
    expect(json.code).toBe(0)
    expect(json.json<{ number: number; people: unknown[] }>()).toMatchObject({ number: approved.number, status: 'approved', people: [{ staff: { id: staffId } }] })

    const path = join(mkdtempSync(join(tmpdir(), 'rota-export-')), 'payroll.csv')
    const saved = await admin.rota(['export', 'payroll', String(approved.number), '--output', path])
    expect(saved.code, saved.stderr).toBe(0)
    expect(saved.stdout).toBe(`Exported to ${path}: Payroll ${approved.number} (2026-03-02 to 2026-03-15, approved): 1 person, net 499.20.\n`)
    expect(readFileSync(path, 'utf8')).toBe(run.stdout)
    const unwritable = await admin.rota(['export', 'payroll', String(approved.number), '--output', '/nonexistent/dir/payroll.csv'])
    expect(unwritable.code).toBe(2)
    expect(unwritable.stderr).toBe('rota: Cannot write /nonexistent/dir/payroll.csv: there is no folder /nonexistent/dir\n')

    const bad = await admin.rota(['export', 'payroll', 'twelve'])
    expect(bad.code).toBe(2)
  })
})
