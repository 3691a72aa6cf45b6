import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { file } from './helpers/files.ts'
import { startServer, type Account, type LiveServer } from './helpers/live-server.ts'
import { newMachine, type Machine } from './helpers/rota.ts'

let server: LiveServer
let owner: Account
let admin: Machine
let marie: Account
let sam: Account

const HEADER = 'staff_email,client,service,date,start,end,break_minutes,notes'
const output = () => mkdtempSync(join(tmpdir(), 'rota-shifts-'))

interface Shift {
  staff: { name: string } | null
  location: { name: string }
  date: string
  start_time: string
  end_time: string
  status: string
  notes: string | null
}

/** The owner's shifts starting between two days, as the board lists them. */
async function shifts(from: string, to: string): Promise<Shift[]> {
  const answer = await server.api<{ rows: Shift[] }>('GET', `/schedule?from=${from}&to=${to}&page_size=1000`, { token: await server.token(owner) })
  return answer.rows
}

async function notifications(account: Account): Promise<{ title: string }[]> {
  return (await server.api<{ rows: { title: string }[] }>('GET', '/notification?page_size=50', { token: await server.token(account) })).rows
}

beforeAll(async () => {
  server = await startServer()
  owner = await server.register()
  admin = newMachine()
  const run = await admin.rota(['login', '--host', server.url, '--business', owner.business_id, '--email', owner.email, '--password-stdin'], { stdin: owner.password })
  expect(run.code).toBe(0)
  marie = await server.member(owner, { email: 'marie-eve.tremblay@example.com', role: 'Staff' })
  sam = await server.member(owner, { email: 'sam@acme.test', role: 'Staff' })
  // The clients and services the shifts template names, from their own templates.
  for (const kind of ['locations', 'services']) {
    const template = await admin.rota(['import', 'template', kind])
    expect((await admin.rota(['import', kind, file(`${kind}-template.csv`, template.stdout)])).code).toBe(0)
  }
})
afterAll(() => server.close())

describe('rota import template shifts', () => {
  it('prints a sample file naming the template clients and services, which imports as it is', async () => {
    const template = await admin.rota(['import', 'template', 'shifts'])
    expect(template.code).toBe(0)
    expect(template.stdout.split('\n')[0]).toBe(HEADER)
    const run = await admin.rota(['shifts', 'import', file('shifts-template.csv', template.stdout)])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('2 rows read. Imported: 2 created, 0 unchanged.')
    expect((await shifts('2026-03-09', '2026-03-09')).map((shift) => [shift.staff?.name ?? null, shift.location.name, shift.start_time, shift.end_time, shift.status])).toEqual([
      ['Sam Staff', 'Résidence Les Érables', '08:00', '16:00', 'draft'],
      [null, 'Harbourfront Community Centre', '22:00', '06:00', 'draft'],
    ])
  })
})

describe('rota shifts import', () => {
  it('refuses the whole file for an unknown person or client, a bad time, or the same person twice at once, naming each line', async () => {
    const path = file('bad-shifts.csv', [
      HEADER,
      'sam@acme.test,Bow Valley Clinic,Snow removal,2026-04-06,08:00,12:00,0,',
      'nobody@acme.test,Bow Valley Clinic,Snow removal,2026-04-06,08:00,12:00,0,',
      'sam@acme.test,Nowhere,Snow removal,2026-04-07,08:00,12:00,0,',
      'sam@acme.test,Bow Valley Clinic,Snow removal,2026-04-06,11:00,15:00,0,',
      'sam@acme.test,Bow Valley Clinic,Snow removal,2026-04-08,25:00,12:00,0,',
    ].join('\n'))
    const run = await admin.rota(['shifts', 'import', path])
    expect(run.code).toBe(4)
    expect(run.stdout).toBe([
      `${path}: 5 rows read. Nothing was written: fix the rows below, or use --skip-invalid to import the others.`,
      '5 rows with errors:',
      '  line 2: staff_email: The same person is on line 5 at the same time',
      '  line 3: staff_email: No team member has this e-mail (or they are disabled)',
      '  line 4: client: No client has this name',
      '  line 5: staff_email: The same person is on line 2 at the same time',
      '  line 6: start: Use a time such as 09:30 or 21:30',
      '',
    ].join('\n'))
    expect(await shifts('2026-04-06', '2026-04-08')).toEqual([])

    const rejected = join(output(), 'rejected.csv')
    const skipped = await admin.rota(['shifts', 'import', path, '--skip-invalid', '--errors', rejected, '--json'])
    expect(skipped.code).toBe(0)
    expect(skipped.json()).toMatchObject({ kind: 'shifts', status: 'committed', created: 0, skipped: 5, invalid: 5, errors_file: rejected })
    expect(readFileSync(rejected, 'utf8').replace(/^\uFEFF/, '').split('\r\n')[1]).toBe('2,staff_email: The same person is on line 5 at the same time,sam@acme.test,Bow Valley Clinic,Snow removal,2026-04-06,08:00,12:00,0,')
  })

  it('refuses a shift over one already on the schedule, and warns of one past the person’s weekly hours', async () => {
    const first = file('monday.csv', `${HEADER}\nsam@acme.test,Bow Valley Clinic,Snow removal,2026-04-13,08:00,12:00,0,\n`)
    expect((await admin.rota(['shifts', 'import', first])).code).toBe(0)
    const again = await admin.rota(['shifts', 'import', file('monday-again.csv', `${HEADER}\nsam@acme.test,Bow Valley Clinic,Snow removal,2026-04-13,10:00,14:00,0,\n`)])
    expect(again.code).toBe(4)
    expect(again.stdout).toContain('  line 2: staff_email: This person already has a shift then (2026-04-13 08:00–12:00)')

    const token = await server.token(owner)
    const [member] = (await server.api<{ rows: { id: string; version: number }[] }>('GET', '/user?q=marie-eve', { token })).rows
    await server.api('PUT', `/user/${member!.id}`, { token, body: { max_weekly_minutes: 600, version: member!.version } })
    const long = file('long-week.csv', [HEADER, ...['2026-04-13', '2026-04-14'].map((date) => `marie-eve.tremblay@example.com,Bow Valley Clinic,Snow removal,${date},07:00,13:00,0,`)].join('\n'))
    const run = await admin.rota(['shifts', 'import', long])
    expect(run.code).toBe(0)
    expect(run.stdout).toBe([
      `${long}: 2 rows read. Imported: 2 created, 0 unchanged.`,
      '2 rows with warnings (imported anyway):',
      '  line 2: staff_email: Past this person’s weekly hours by 120 minutes',
      '  line 3: staff_email: Past this person’s weekly hours by 120 minutes',
      '',
    ].join('\n'))
  })

  it('changes nothing with --dry-run --publish, and says who would be told', async () => {
    const path = file('week.csv', [
      HEADER,
      ...['2026-04-20', '2026-04-21', '2026-04-22'].map((date) => `sam@acme.test,Bow Valley Clinic,Snow removal,${date},08:00,12:00,15,Shovel first`),
      'marie-eve.tremblay@example.com,Bow Valley Clinic,Snow removal,2026-04-20,13:00,17:00,0,',
      ',Bow Valley Clinic,Snow removal,2026-04-20,13:00,17:00,0,',
    ].join('\n'))
    const dry = await admin.rota(['shifts', 'import', path, '--dry-run', '--publish'])
    expect(dry.code).toBe(0)
    expect(dry.stdout).toBe(`${path}: 5 rows read. Dry run, nothing changed: 5 would be created, 0 unchanged; would be published, telling 2 people.\n`)
    expect(await shifts('2026-04-20', '2026-04-22')).toEqual([])
  })

  it('publishes with --publish, telling each person once', async () => {
    const samBefore = (await notifications(sam)).length
    const marieBefore = (await notifications(marie)).length
    const path = file('published-week.csv', [
      HEADER,
      ...['2026-04-27', '2026-04-28', '2026-04-29'].map((date) => `sam@acme.test,Bow Valley Clinic,Snow removal,${date},08:00,12:00,15,Shovel first`),
      'marie-eve.tremblay@example.com,Bow Valley Clinic,Snow removal,2026-04-27,13:00,17:00,0,',
      ',Bow Valley Clinic,Snow removal,2026-04-27,13:00,17:00,0,',
    ].join('\n'))
    const run = await admin.rota(['shifts', 'import', path, '--publish'])
    expect(run.code).toBe(0)
    expect(run.stdout).toBe(`${path}: 5 rows read. Imported: 5 created, 0 unchanged; published, 2 people notified.\n`)
    expect((await shifts('2026-04-27', '2026-04-29')).map((shift) => shift.status)).toEqual(Array(5).fill('published'))
    const samNow = await notifications(sam)
    expect(samNow).toHaveLength(samBefore + 1)
    expect(samNow[0]!.title).toBe('Your schedule changed: 3 new shifts.')
    expect(await notifications(marie)).toHaveLength(marieBefore + 1)
  })
})

describe('rota shifts export', () => {
  beforeAll(async () => {
    const path = file('to-export.csv', [
      HEADER,
      'sam@acme.test,Bow Valley Clinic,Snow removal,2026-05-04,22:00,06:00,30,"=HYPERLINK(""http://evil.example""), gate B"',
      ',Bow Valley Clinic,Snow removal,2026-05-05,09:00,17:00,0,',
    ].join('\n'))
    expect((await admin.rota(['shifts', 'import', path])).code).toBe(0)
  })

  it('writes the import’s columns and the status as CSV, cells neutralised, and the file imports again unchanged', async () => {
    const run = await admin.rota(['shifts', 'export', '--from', '2026-05-04', '--to', '2026-05-10'])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe('2 shifts from 2026-05-04 to 2026-05-10 exported.\n')
    expect(run.stdout.split('\r\n')).toEqual([
      `\uFEFF${HEADER},status`,
      `sam@acme.test,Bow Valley Clinic,Snow removal,2026-05-04,22:00,06:00,30,"'=HYPERLINK(""http://evil.example""), gate B",draft`,
      ',Bow Valley Clinic,Snow removal,2026-05-05,09:00,17:00,0,,draft',
      '',
    ])
    const again = await admin.rota(['shifts', 'import', file('exported.csv', run.stdout), '--json'])
    expect(again.json()).toMatchObject({ status: 'committed', rows: 2, created: 0, unchanged: 2, invalid: 0 })
    expect((await shifts('2026-05-04', '2026-05-10')).map((shift) => shift.notes)).toEqual(['=HYPERLINK("http://evil.example"), gate B', null])
  })

  it('writes JSON to a file, and says so', async () => {
    const path = join(output(), 'may.json')
    const run = await admin.rota(['shifts', 'export', '--from', '2026-05-04', '--to', '2026-05-04', '--format', 'json', '--output', path, '--json'])
    expect(run.code).toBe(0)
    expect(run.json()).toEqual({ from: '2026-05-04', to: '2026-05-04', format: 'json', shifts: 1, output: path })
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual([
      { staff_email: 'sam@acme.test', client: 'Bow Valley Clinic', service: 'Snow removal', date: '2026-05-04', start: '22:00', end: '06:00', break_minutes: 30, notes: '=HYPERLINK("http://evil.example"), gate B', status: 'draft' },
    ])
  })

  it('refuses an --output it cannot write before asking for anything: exit 2, one line, and the JSON error with --json', async () => {
    const range = ['shifts', 'export', '--from', '2026-05-04', '--to', '2026-05-10']
    const run = await admin.rota([...range, '--output', '/nonexistent/dir/x.csv'])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe('rota: Cannot write /nonexistent/dir/x.csv: there is no folder /nonexistent/dir\n')
    const json = await admin.rota([...range, '--output', '/nonexistent/dir/x.csv', '--json'])
    expect(json.code).toBe(2)
    expect(json.json()).toEqual({ error: { message: 'Cannot write /nonexistent/dir/x.csv: there is no folder /nonexistent/dir', exit_code: 2 } })
    const folder = output()
    expect((await admin.rota([...range, '--output', folder])).stderr).toBe(`rota: Cannot write ${folder}: it is a folder\n`)
  })

  it('takes any range, asking for it a year at a time', async () => {
    const run = await admin.rota(['shifts', 'export', '--from', '2025-01-01', '--to', '2027-12-31', '--format', 'json'])
    expect(run.code).toBe(0)
    // The template's 2, Monday's 1, the long week's 2, the published week's 5, and the 2 exported above.
    expect(JSON.parse(run.stdout)).toHaveLength(2 + 1 + 2 + 5 + 2)
  })

  it('is a usage error for a date that is not one, or a range backwards', async () => {
    const bad = await admin.rota(['shifts', 'export', '--from', '2026-02-30', '--to', '2026-03-01'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toBe('rota: --from takes a date such as 2026-03-09, not "2026-02-30"\n')
    expect((await admin.rota(['shifts', 'export', '--from', '2026-03-02', '--to', '2026-03-01'])).code).toBe(2)
  })
})

describe('a large file', () => {
  it('streams in batches and is judged as one schedule: 6,000 shifts of 20 people, each day short of the rest asked for', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, (_, index) => server.member(owner, { email: `crew${index}@acme.test`, role: 'Staff' })))
    const lines = [HEADER]
    for (let day = 0; day < 150; day++) {
      const date = new Date(Date.UTC(2027, 0, 4 + day)).toISOString().slice(0, 10)
      for (const person of people) for (const [start, end] of [['06:00', '10:00'], ['14:00', '18:00']]) lines.push(`${person.email},Bow Valley Clinic,Snow removal,${date},${start},${end},0,`)
    }
    const run = await admin.rota(['shifts', 'import', file('crew.csv', lines.join('\n')), '--json'])
    expect(run.code).toBe(0)
    // Four hours between a day's two shifts, where the business asks for eight.
    expect(run.json()).toMatchObject({ rows: 6000, created: 6000, invalid: 0, warned: 6000 })
  })
})
