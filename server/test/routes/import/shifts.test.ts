import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

const PASSWORD = 'a long and unusual passphrase'

let t: TestApp
let owner: Owner
let other: Owner
let weekIndex = 0

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const api = (method: Method, url: string, payload?: object, token = owner.tokens.token) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })

async function ok(method: Method, url: string, payload?: object, token = owner.tokens.token) {
  const response = await api(method, url, payload, token)
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json().data
}

/** A team member of the owner's business who can sign in. */
async function person(email: string, role = 'Staff') {
  const user = await addUser(t, owner.business_id, { email, password: PASSWORD, role, firstname: email.split('@')[0] })
  const { status, body } = await login(t, email, PASSWORD, owner.business_id)
  expect(status).toBe(200)
  return { id: user.id, email, token: body.data.token as string }
}

/** A fresh Monday in 2029 for each test, three weeks apart, so that tests never meet on the schedule (2027 is for clock changes). */
function nextWeek(): string {
  weekIndex += 1
  return new Date(Date.UTC(2029, 0, 1 + 21 * (weekIndex - 1))).toISOString().slice(0, 10)
}
const plus = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** A row of a shifts file, as a CSV parser hands it over. */
const row = (cells: Partial<Record<'staff_email' | 'client' | 'service' | 'date' | 'start' | 'end' | 'break_minutes' | 'notes' | 'status', string>>) => ({
  staff_email: '',
  client: 'Harbour Tower',
  service: 'Night watch',
  start: '09:00',
  end: '17:00',
  ...cells,
})

/** Opens a shifts import, sends the rows from line 2 on, and answers the job's id with the batch's answer. */
async function stage(rows: Record<string, string>[], options: { skip_invalid?: boolean; token?: string } = {}) {
  const token = options.token ?? owner.tokens.token
  const job = await ok('POST', '/import', { kind: 'shifts', skip_invalid: options.skip_invalid ?? false, file_name: 'shifts.csv' }, token)
  const batch = await ok('POST', `/import/${job.id}/rows`, { rows: rows.map((cells, index) => ({ line: index + 2, cells })) }, token)
  return { id: job.id as string, batch }
}

const commit = (id: string, body: { dry_run?: boolean; skip_invalid?: boolean; publish?: boolean } = {}, token = owner.tokens.token) =>
  api('POST', `/import/${id}/commit`, { dry_run: false, ...body }, token)

/** The owner's shifts starting between two days, as the board lists them. */
async function shiftsBetween(from: string, to: string, token = owner.tokens.token) {
  return (await ok('GET', `/schedule?from=${from}&to=${to}&page_size=500`, undefined, token)).rows
}

async function notificationsOf(token: string) {
  return (await ok('GET', '/notification?page_size=50', undefined, token)).rows as { title: string; extra: Record<string, string> }[]
}

let sam: Awaited<ReturnType<typeof person>>
let zoe: Awaited<ReturnType<typeof person>>

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
  await ok('POST', '/location', { name: 'Harbour Tower', street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' })
  await ok('POST', '/location', { name: 'Résidence Les Érables', street: '1250 rue Sainte-Catherine O', city: 'Montréal', province: 'QC', postal_code: 'H3G 1P1' })
  await ok('POST', '/service', { name: 'Night watch', bill_rate_cents: 6000, pay_rate_cents: 3000 })
  await ok('POST', '/location', { name: 'Elsewhere Inc', street: '2 Rue Main', city: 'Montréal', province: 'QC', postal_code: 'H2X 1Y4' }, other.tokens.token)
  await ok('POST', '/service', { name: 'Their service', bill_rate_cents: 6000, pay_rate_cents: 3000 }, other.tokens.token)
  sam = await person('sam@example.com')
  zoe = await person('zoe@example.com')
})
afterAll(() => t.close())

describe('a shifts file', () => {
  it('is drafted on the business clock, open shifts and nights included, after a dry run that writes nothing', async () => {
    const date = nextWeek()
    const { id, batch } = await stage([
      row({ staff_email: ' SAM@example.com', client: 'harbour  tower', service: 'NIGHT WATCH', date, break_minutes: '30', notes: 'Gate code 4411' }),
      row({ client: 'Résidence Les Érables', date, start: '10 pm', end: '6:00' }),
    ])
    expect(batch).toEqual({ received: 2, invalid: 0, errors: [] })

    const dry = await commit(id, { dry_run: true })
    expect(dry.json().data).toMatchObject({ dry_run: true, status: 'open', created: 2, updated: 0, unchanged: 0, invalid: 0, warned: 0, notified: 0 })
    expect(await shiftsBetween(date, plus(date, 1))).toEqual([])

    const done = await commit(id)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().data).toMatchObject({ status: 'committed', created: 2 })
    const [day, night] = await shiftsBetween(date, plus(date, 1))
    expect(day).toMatchObject({ staff: { id: sam.id }, location: { name: 'Harbour Tower' }, date, start_time: '09:00', end_time: '17:00', starts_at: `${date}T14:00:00.000Z`, paid_minutes: 450, notes: 'Gate code 4411', status: 'draft', pending_change: 'new' })
    expect(night).toMatchObject({ staff: null, location: { name: 'Résidence Les Érables' }, date, start_time: '22:00', end_time: '06:00', paid_minutes: 480, status: 'draft' })
    expect(night.ends_at.slice(0, 10)).toBe(plus(date, 1))
    const audited = (await auditRows(t, owner.business_id, 'import.commit')).at(-1)
    expect(audited).toMatchObject({ model: 'schedules', record_id: id, after: { file_name: 'shifts.csv', created: 2, published: false } })
    // Each shift's history starts with its import, by whom.
    const history = await ok('GET', `/schedule/${day.id}/history`)
    expect(history.rows).toMatchObject([{ action: 'shifts.import', actor: { name: expect.any(String) } }])
    expect(history.rows[0].changes).toEqual(expect.arrayContaining([{ field: 'notes', before: null, after: 'Gate code 4411' }, { field: 'status', before: null, after: 'draft' }]))
  })

  it('places nights across the clock changes at their real length, and refuses a shift inside the skipped hour', async () => {
    // Toronto springs forward on 2027-03-14 and falls back on 2027-11-07.
    const { id, batch } = await stage([
      row({ staff_email: 'sam@example.com', date: '2027-03-13', start: '22:00', end: '06:00' }),
      row({ staff_email: 'sam@example.com', date: '2027-11-06', start: '22:00', end: '06:00' }),
      row({ date: '2027-03-14', start: '02:30', end: '03:00' }),
    ])
    expect(batch.errors).toEqual([{ line: 4, errors: [{ column: 'end', code: 'shift_no_time', message: expect.any(String) }] }])
    expect((await commit(id, { skip_invalid: true })).json().data).toMatchObject({ created: 2, skipped: 1 })
    const [spring] = await shiftsBetween('2027-03-13', '2027-03-13')
    const [autumn] = await shiftsBetween('2027-11-06', '2027-11-06')
    expect(spring).toMatchObject({ start_time: '22:00', end_time: '06:00', paid_minutes: 420 })
    expect(autumn).toMatchObject({ start_time: '22:00', end_time: '06:00', paid_minutes: 540 })
  })

  it('refuses, by line and column, cells that are not a shift’s, before anything is committed', async () => {
    const date = nextWeek()
    const { batch } = await stage([
      row({ staff_email: 'sam', date: '03/09/2029', start: '25:00' }),
      row({ date, client: '', break_minutes: '721' }),
      row({ date, start: '09:00', end: '09:30', break_minutes: '30' }),
    ])
    expect(batch.errors.map((error: { line: number; errors: { column: string; code: string }[] }) => [error.line, error.errors.map((e) => `${e.column}:${e.code}`)])).toEqual([
      [2, ['staff_email:email', 'date:date', 'start:time']],
      [3, ['client:required', 'break_minutes:break_minutes']],
      [4, ['break_minutes:break_minutes']],
    ])
  })
})

describe('what a row names', () => {
  it('must be the business’s own: an unknown, disabled or other business’s person, client or service refuses the row and the file', async () => {
    await addUser(t, owner.business_id, { email: 'gone@example.com', status: 'disabled' })
    const theirs = await addUser(t, other.business_id, { email: 'theirs@example.com' })
    const date = nextWeek()
    const { id } = await stage([
      row({ staff_email: 'nobody@example.com', date }),
      row({ staff_email: 'gone@example.com', date }),
      row({ staff_email: theirs.email, date }),
      row({ client: 'Elsewhere Inc', service: 'Their service', date }),
      row({ staff_email: 'zoe@example.com', date }),
    ])
    const dry = (await commit(id, { dry_run: true })).json().data
    expect(dry).toMatchObject({ created: 1, invalid: 4 })
    expect(dry.errors).toEqual([
      { line: 2, errors: [{ column: 'staff_email', code: 'unknown_staff', message: expect.any(String) }] },
      { line: 3, errors: [expect.objectContaining({ code: 'unknown_staff' })] },
      { line: 4, errors: [expect.objectContaining({ code: 'unknown_staff' })] },
      { line: 5, errors: [{ column: 'client', code: 'unknown_client', message: expect.any(String) }, { column: 'service', code: 'unknown_service', message: expect.any(String) }] },
    ])
    const refused = await commit(id)
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ code: 'import_invalid', details: { invalid: 4, errors: [{ line: 2 }, { line: 3 }, { line: 4 }, { line: 5 }] } })
    expect(await shiftsBetween(date, date)).toEqual([])
  })

  it('must name an active client and service: an archived one is named as archived', async () => {
    const shut = await ok('POST', '/location', { name: 'Shut Mill', street: '3 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' })
    await ok('PUT', `/location/${shut.id}`, { active: false, version: shut.version })
    const old = await ok('POST', '/service', { name: 'Retired service', bill_rate_cents: 6000, pay_rate_cents: 3000 })
    await ok('PUT', `/service/${old.id}`, { active: false, version: old.version })
    const date = nextWeek()
    const { id } = await stage([row({ client: 'Shut Mill', service: 'Retired service', date })])
    const dry = (await commit(id, { dry_run: true })).json().data
    expect(dry.errors).toEqual([{ line: 2, errors: [{ column: 'client', code: 'archived_client', message: expect.any(String) }, { column: 'service', code: 'archived_service', message: expect.any(String) }] }])
  })

  it('is checked on a row refused for its other cells too, so one run tells all of its problems', async () => {
    const date = nextWeek()
    const { id } = await stage([
      row({ staff_email: 'nobody@example.com', client: 'Elsewhere Inc', date, start: '25:00' }),
      row({ staff_email: 'not an e-mail', service: 'Their service', date: 'someday' }),
      row({ date, start: '09:00', end: '09:30', break_minutes: '30', client: 'Elsewhere Inc' }),
      row({ date, start: '99:00' }),
    ])
    const dry = (await commit(id, { dry_run: true })).json().data
    const codes = dry.errors.map((error: { line: number; errors: { column: string; code: string }[] }) => [error.line, error.errors.map((e) => `${e.column}:${e.code}`)])
    expect(codes).toEqual([
      [2, ['staff_email:unknown_staff', 'client:unknown_client', 'start:time']],
      [3, ['staff_email:email', 'service:unknown_service', 'date:date']],
      [4, ['client:unknown_client', 'break_minutes:break_minutes']],
      [5, ['start:time']],
    ])
    expect(dry).toMatchObject({ created: 0, invalid: 4 })
  })
})

describe('the same person twice at once', () => {
  it('is refused against the schedule and between rows of the file, each overlapping row naming what it meets', async () => {
    const date = nextWeek()
    const [existing] = await ok('POST', '/schedule', { staff_id: sam.id, location_id: (await shiftsParts()).location, service_id: (await shiftsParts()).service, date, start: '08:00', end: '12:00' })
    const { id } = await stage([
      row({ staff_email: 'sam@example.com', date, start: '11:00', end: '15:00' }),
      row({ staff_email: 'zoe@example.com', date, start: '22:00', end: '06:00' }),
      row({ staff_email: 'zoe@example.com', date: plus(date, 1), start: '05:00', end: '09:00' }),
      row({ staff_email: 'zoe@example.com', date: plus(date, 2), start: '09:00', end: '17:00' }),
      row({ date, start: '11:00', end: '15:00' }),
    ])
    const dry = (await commit(id, { dry_run: true })).json().data
    expect(dry).toMatchObject({ created: 2, invalid: 3 })
    expect(dry.errors).toEqual([
      { line: 2, errors: [{ column: 'staff_email', code: 'shift_overlap', params: { date, start: '08:00', end: '12:00' }, message: `This person already has a shift then (${date} 08:00–12:00)` }] },
      { line: 3, errors: [{ column: 'staff_email', code: 'shift_overlap_line', params: { line: 4 }, message: 'The same person is on line 4 at the same time' }] },
      { line: 4, errors: [{ column: 'staff_email', code: 'shift_overlap_line', params: { line: 3 }, message: 'The same person is on line 3 at the same time' }] },
    ])
    expect((await commit(id)).statusCode).toBe(422)

    const written = (await commit(id, { skip_invalid: true })).json().data
    expect(written).toMatchObject({ status: 'committed', created: 2, skipped: 3, invalid: 3 })
    const after = await shiftsBetween(date, plus(date, 2))
    expect(after.map((shift: { id: string; staff: { id: string } | null; date: string }) => [shift.staff?.id ?? null, shift.date])).toEqual([
      [sam.id, date],
      [null, date],
      [zoe.id, plus(date, 2)],
    ])
    expect(after[0].id).toBe(existing.id)
  })

  it('is refused on the person’s approved time off too, and not on time off still pending', async () => {
    const ida = await person('ida@example.com')
    const date = nextWeek()
    const [vacation] = (await ok('GET', '/timeoff_category?q=vacation')).rows as { id: string }[]
    const asked = await ok('POST', '/timeoff_request', { category_id: vacation!.id, staff_id: ida.id, start_date: plus(date, 1), end_date: plus(date, 1) })
    await ok('POST', `/timeoff_request/${asked.id}/events`, { type: 'timeoff.approve', version: asked.version })
    await ok('POST', '/timeoff_request', { category_id: vacation!.id, staff_id: ida.id, start_date: plus(date, 3), end_date: plus(date, 3) })
    const { id } = await stage([
      row({ staff_email: 'ida@example.com', date, start: '22:00', end: '06:00' }),
      row({ staff_email: 'ida@example.com', date: plus(date, 3) }),
    ])
    const dry = (await commit(id, { dry_run: true })).json().data
    expect(dry).toMatchObject({ created: 1, invalid: 1, errors: [{ line: 2, errors: [{ column: 'staff_email', code: 'shift_time_off', message: 'This person is on approved time off then' }] }] })
  })

  it('only warns of what a scheduler may accept: rest, weekly hours, availability', async () => {
    const ana = await person('ana@example.com')
    const date = nextWeek()
    await ok('PUT', '/settings', { min_rest_minutes: 600 })
    await ok('PUT', `/user/${ana.id}`, { max_weekly_minutes: 600, version: 1 })
    await ok('PUT', `/availability/${ana.id}`, { version: 0, windows: [{ weekday: 1, start: '08:00', end: '18:00' }, { weekday: 2, start: '00:00', end: '12:00' }], exceptions: [] })
    const { id } = await stage([
      row({ staff_email: 'ana@example.com', date, start: '09:00', end: '17:00' }),
      row({ staff_email: 'ana@example.com', date: plus(date, 1), start: '01:00', end: '05:00' }),
      row({ staff_email: 'ana@example.com', date: plus(date, 3), start: '09:00', end: '10:00' }),
    ])
    const done = (await commit(id)).json().data
    await ok('PUT', '/settings', { min_rest_minutes: 0 })
    expect(done).toMatchObject({ status: 'committed', created: 3, invalid: 0, warned: 3 })
    const codes = (line: number) => done.warnings.find((warning: { line: number }) => warning.line === line).errors.map((e: { code: string; params?: object }) => [e.code, e.params ?? null])
    expect(codes(2)).toEqual([['shift_rest', { minutes: 600 - 8 * 60 }], ['shift_weekly_hours', { minutes: 480 + 240 + 60 - 600 }]])
    expect(codes(3)).toEqual([['shift_rest', { minutes: 600 - 8 * 60 }], ['shift_weekly_hours', { minutes: 180 }]])
    expect(codes(4)).toEqual([['shift_weekly_hours', { minutes: 180 }], ['shift_availability', null]])
    expect(await shiftsBetween(date, plus(date, 3))).toHaveLength(3)
  })
})

/** The owner's client and service ids. */
async function shiftsParts() {
  const location = (await ok('GET', '/location?q=harbour')).rows[0].id as string
  const service = (await ok('GET', '/service?q=night')).rows[0].id as string
  return { location, service }
}

describe('publishing with the import', () => {
  it('publishes the new shifts in the same commit and tells each person once, linking their first shift', async () => {
    const date = nextWeek()
    const rows = [
      row({ staff_email: 'sam@example.com', date: plus(date, 2) }),
      row({ staff_email: 'sam@example.com', date }),
      row({ staff_email: 'sam@example.com', date: plus(date, 1) }),
      row({ staff_email: 'zoe@example.com', date }),
      row({ date }),
    ]
    const samBefore = (await notificationsOf(sam.token)).length
    const preview = await stage(rows)
    expect((await commit(preview.id, { dry_run: true, publish: true })).json().data).toMatchObject({ created: 5, notified: 2 })
    expect(await notificationsOf(sam.token)).toHaveLength(samBefore)
    await ok('DELETE', `/import/${preview.id}`)

    const { id } = await stage(rows)
    const done = (await commit(id, { publish: true })).json().data
    expect(done).toMatchObject({ status: 'committed', created: 5, notified: 2 })
    const published = await shiftsBetween(date, plus(date, 2))
    expect(published.map((shift: { status: string; pending_change: string | null }) => [shift.status, shift.pending_change])).toEqual(Array(5).fill(['published', null]))

    const told = await notificationsOf(sam.token)
    expect(told).toHaveLength(samBefore + 1)
    const samFirst = published.find((shift: { staff: { id: string } | null; date: string }) => shift.staff?.id === sam.id && shift.date === date)
    expect(told[0]).toMatchObject({ title: 'Your schedule changed: 3 new shifts.', extra: { schedule_id: samFirst.id } })
    expect((await notificationsOf(zoe.token))[0]).toMatchObject({ title: 'Your schedule changed: 1 new shift.' })
    expect((await ok('GET', '/settings')).completed_guided_setup.split(',')).toContain('schedules')
    expect((await auditRows(t, owner.business_id, 'import.commit')).at(-1)).toMatchObject({ after: { created: 5, published: true, notified: 2 } })
  })

  it('is for shifts only', async () => {
    const job = await ok('POST', '/import', { kind: 'services' })
    await ok('POST', `/import/${job.id}/rows`, { rows: [{ line: 2, cells: { name: 'Gardening', bill_rate: '40', pay_rate: '20' } }] })
    const response = await commit(job.id, { publish: true })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ code: 'import_publish_shifts', message: expect.stringContaining('shifts') })
  })
})

describe('an export', () => {
  it('holds the import’s columns on the business clock, and imports again without changing anything', async () => {
    const date = nextWeek()
    const { id } = await stage([
      row({ staff_email: 'zoe@example.com', date, start: '22:00', end: '06:00', break_minutes: '30', notes: '=HYPERLINK("x"), gate B' }),
      row({ date, notes: '' }),
      row({ date }),
    ])
    expect((await commit(id)).json().data).toMatchObject({ created: 3 })

    const exported = await ok('GET', `/schedule/export?from=${date}&to=${plus(date, 6)}`)
    expect(exported).toEqual({
      count: 3,
      rows: [
        { staff_email: null, client: 'Harbour Tower', service: 'Night watch', date, start: '09:00', end: '17:00', break_minutes: 0, notes: null, status: 'draft' },
        { staff_email: null, client: 'Harbour Tower', service: 'Night watch', date, start: '09:00', end: '17:00', break_minutes: 0, notes: null, status: 'draft' },
        { staff_email: 'zoe@example.com', client: 'Harbour Tower', service: 'Night watch', date, start: '22:00', end: '06:00', break_minutes: 30, notes: '=HYPERLINK("x"), gate B', status: 'draft' },
      ],
    })
    expect((await auditRows(t, owner.business_id, 'shifts.export')).at(-1)).toMatchObject({ model: 'schedules', after: { from: date, to: plus(date, 6), shifts: 3 } })

    const cells = exported.rows.map((shift: Record<string, string | number | null>) => Object.fromEntries(Object.entries(shift).map(([key, value]) => [key, value === null ? '' : String(value)])))
    const again = await stage(cells)
    expect((await commit(again.id)).json().data).toMatchObject({ created: 0, unchanged: 3, invalid: 0 })
    expect(await shiftsBetween(date, plus(date, 1))).toHaveLength(3)
  })

  it('pages through a bounded range, and shows staff only what they may see of the schedule', async () => {
    const date = nextWeek()
    const { id } = await stage([row({ staff_email: 'sam@example.com', date }), row({ staff_email: 'zoe@example.com', date })])
    await commit(id)
    const [first, second] = [1, 2].map((page) => `/schedule/export?from=${date}&to=${date}&page=${page}&page_size=1`)
    expect((await ok('GET', first!)).rows).toHaveLength(1)
    expect((await ok('GET', second!)).rows).toHaveLength(1)
    expect((await ok('GET', first!)).count).toBe(2)
    expect((await ok('GET', `/schedule/export?from=${date}&to=${date}`, undefined, sam.token)).rows).toEqual([])
    const tooLong = await api('GET', `/schedule/export?from=${date}&to=${plus(date, 366)}`)
    expect(tooLong.statusCode).toBe(400)
    expect((await ok('GET', `/schedule/export?from=${date}&to=${date}`, undefined, other.tokens.token)).rows).toEqual([])
  })
})

describe('who may import shifts', () => {
  it('needs schedules:create and update; another business never sees the job', async () => {
    const staff = await person('pat@example.com')
    const refused = await api('POST', '/import', { kind: 'shifts' }, staff.token)
    expect(refused.statusCode).toBe(403)
    expect((await auditRows(t, owner.business_id, 'auth.forbidden')).at(-1)).toMatchObject({ model: 'schedules', after: { action: 'import' } })

    const date = nextWeek()
    const { id } = await stage([row({ staff_email: 'sam@example.com', date })])
    expect((await api('POST', `/import/${id}/rows`, { rows: [{ line: 3, cells: row({ date }) }] }, other.tokens.token)).statusCode).toBe(404)
    expect((await commit(id, {}, other.tokens.token)).statusCode).toBe(404)
    expect((await commit(id)).json().data).toMatchObject({ created: 1 })

    // Their import names our client, service and person: none of them is theirs.
    const theirs = await stage([row({ staff_email: 'sam@example.com', date })], { token: other.tokens.token })
    const dry = (await commit(theirs.id, { dry_run: true }, other.tokens.token)).json().data
    expect(dry.errors[0].errors.map((error: { code: string }) => error.code)).toEqual(['unknown_staff', 'unknown_client', 'unknown_service'])
  })
})
