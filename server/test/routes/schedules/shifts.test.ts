import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, auditRows, mailsTo, sleep } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

const PASSWORD = 'a long and unusual passphrase'

let t: TestApp
let owner: Owner
let other: Owner
let location: string
let service: string
let dayIndex = 0

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const api = (method: Method, url: string, payload?: object, token = owner.tokens.token) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })

async function ok(method: Method, url: string, payload?: object, token = owner.tokens.token) {
  const response = await api(method, url, payload, token)
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json().data
}

/** The rows of a list. */
async function rows(url: string, token = owner.tokens.token) {
  return (await ok('GET', url, undefined, token)).rows
}

async function person(email: string, role = 'Staff') {
  const user = await addUser(t, owner.business_id, { email, password: PASSWORD, role, firstname: email.split('@')[0] })
  const { status, body } = await login(t, email, PASSWORD, owner.business_id)
  expect(status).toBe(200)
  return { id: user.id, token: body.data.token as string }
}

/** A fresh Monday in 2028 for each test, three weeks apart, so that tests never meet on the board (2027 is for clock changes). */
function nextWeek(): string {
  dayIndex += 1
  const monday = new Date(Date.UTC(2028, 0, 3 + 21 * (dayIndex - 1)))
  return monday.toISOString().slice(0, 10)
}
const plus = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

const shift = (extra: Record<string, unknown>) => ({ location_id: location, service_id: service, start: '09:00', end: '17:00', ...extra })

async function draft(extra: Record<string, unknown>) {
  const [created] = await ok('POST', '/schedule', shift(extra))
  return created
}

async function notificationsOf(token: string) {
  return (await rows('/notification?page_size=50', token)) as { title: string; extra: Record<string, string> }[]
}

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
  location = (await ok('POST', '/location', { name: 'Harbour Tower', street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' })).id
  service = (await ok('POST', '/service', { name: 'Night watch', bill_rate_cents: 6000, pay_rate_cents: 3000 })).id
})
afterAll(() => t.close())

describe('drafting a shift', () => {
  it('drafts on the business clock, costs it at the service rates, audits it and offers publish', async () => {
    const sam = await person('sam@example.com')
    const date = nextWeek()
    const created = await draft({ staff_id: sam.id, date, break_minutes: 30, notes: 'Gate code 4411' })
    expect(created).toMatchObject({
      staff: { id: sam.id, name: 'sam Staff' },
      location: { id: location, name: 'Harbour Tower', province: 'ON' },
      date,
      start_time: '09:00',
      end_time: '17:00',
      // January in Toronto is UTC−5.
      starts_at: `${date}T14:00:00.000Z`,
      ends_at: `${date}T22:00:00.000Z`,
      paid_minutes: 450,
      cost_cents: 22_500,
      value_cents: 45_000,
      status: 'draft',
      pending_change: 'new',
      series_id: null,
      conflicts: [],
      version: 1,
    })
    expect(created.allowed_events).toEqual(expect.arrayContaining(['shift.publish', 'shift.cancel', 'shift.unassign']))
    expect((await ok('GET', `/schedule/${created.id}`))).toEqual(created)
    const row = (await auditRows(t, owner.business_id, 'shifts.create')).at(-1)
    expect(row).toMatchObject({ record_id: created.id, after: { staff_id: sam.id, status: 'draft', break_minutes: 30 } })
  })

  it('schedules no new shift at an archived client or service, and keeps the shifts already there editable', async () => {
    const date = nextWeek()
    const closing = await ok('POST', '/location', { name: 'Closing Depot', street: '2 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' })
    const there = await draft({ date, location_id: closing.id })
    await ok('PUT', `/location/${closing.id}`, { active: false, version: closing.version })
    const refused = await api('POST', '/schedule', shift({ date, location_id: closing.id }))
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ code: 'location_archived', message: 'This client is archived: restore it to schedule shifts there.', details: { location_id: expect.any(String) } })
    expect((await api('POST', '/schedule/check', { ...shift({ date, location_id: closing.id }) })).json().code).toBe('location_archived')
    expect((await api('PUT', `/schedule/${there.id}`, { notes: 'Last visit', location_id: closing.id, version: there.version })).statusCode).toBe(200)
    const elsewhere = await draft({ date: plus(date, 1) })
    expect((await api('PUT', `/schedule/${elsewhere.id}`, { location_id: closing.id, version: elsewhere.version })).json().code).toBe('location_archived')
    const old = await ok('POST', '/service', { name: 'Old service', bill_rate_cents: 6000, pay_rate_cents: 3000 })
    await ok('PUT', `/service/${old.id}`, { active: false, version: old.version })
    expect((await api('POST', '/schedule', shift({ date, service_id: old.id }))).json().code).toBe('service_archived')
  })

  it('ends a shift the next day when its end is not after its start', async () => {
    const date = nextWeek()
    const night = await draft({ date, start: '22:00', end: '06:00' })
    expect(night).toMatchObject({ staff: null, date, start_time: '22:00', end_time: '06:00', paid_minutes: 480, starts_at: `${plus(date, 1)}T03:00:00.000Z` })
    expect(Date.parse(night.ends_at) - Date.parse(night.starts_at)).toBe(8 * 3_600_000)
    expect(night.ends_at.slice(0, 10)).toBe(plus(date, 1))
  })

  it('pays the hours really worked on the nights the clocks change', async () => {
    // Toronto springs forward on 2027-03-14 and falls back on 2027-11-07.
    const spring = await draft({ date: '2027-03-13', start: '22:00', end: '06:00' })
    const autumn = await draft({ date: '2027-11-06', start: '22:00', end: '06:00' })
    expect(spring).toMatchObject({ start_time: '22:00', end_time: '06:00', paid_minutes: 420 })
    expect(autumn).toMatchObject({ start_time: '22:00', end_time: '06:00', paid_minutes: 540 })
  })

  it('refuses a start or an end in the hour the clocks skip (422 clock_gap, naming the field), on a new shift, a change and a check', async () => {
    // Toronto's clocks go from 02:00 to 03:00 on 2027-03-14: 02:30 never shows, and would be moved to 03:30.
    const response = await api('POST', '/schedule', shift({ date: '2027-03-14', start: '02:30', end: '06:00' }))
    expect(response.statusCode).toBe(422)
    expect(response.json()).toEqual({
      code: 'clock_gap',
      message: 'That time does not exist that day: the clocks go forward an hour. Choose a time before or after the change.',
      details: { field: 'start', date: '2027-03-14', time: '02:30' },
    })
    // A night that would end in the gap, the day after it starts.
    expect((await api('POST', '/schedule', shift({ date: '2027-03-13', start: '22:00', end: '02:15' }))).json()).toMatchObject({ code: 'clock_gap', details: { field: 'end', date: '2027-03-14', time: '02:15' } })
    const moved = await draft({ date: '2027-03-13', start: '09:00', end: '17:00' })
    const change = await api('PUT', `/schedule/${moved.id}`, { date: '2027-03-14', start: '02:15', end: '03:15', version: moved.version })
    expect(change.json()).toMatchObject({ code: 'clock_gap', details: { field: 'start' } })
    expect((await api('POST', '/schedule/check', shift({ date: '2027-03-14', start: '02:30', end: '06:00' }))).json().code).toBe('clock_gap')
    // Its notes changed, a shift keeps its times without being judged again.
    expect((await api('PUT', `/schedule/${moved.id}`, { notes: 'Side door', version: moved.version })).statusCode).toBe(200)
  })

  it('skips a copy whose hours the clocks skip that day, saying so, rather than shortening it', async () => {
    // A night watch from 02:00 to 06:00 on Sunday 2027-03-07, copied to the 14th, when 02:00 is 03:00.
    const watch = await draft({ date: '2027-03-07', start: '02:00', end: '06:00', break_minutes: 0 })
    const early = await draft({ date: '2027-03-07', start: '06:00', end: '09:00', break_minutes: 0 })
    const result = await ok('POST', '/schedule/copy', { from: '2027-03-07', to: '2027-03-14', days: 1 })
    expect(result).toEqual({ created: 1, skipped: [{ shift_id: watch.id, date: '2027-03-14', staff: null, reason: 'clock_gap' }] })
    const copied = await rows('/schedule?from=2027-03-14&to=2027-03-14')
    expect(copied.map((s: { start_time: string; end_time: string }) => [s.start_time, s.end_time])).toEqual([[early.start_time, early.end_time]])
  })

  it('names the field when the client, service or person is not the business’s own', async () => {
    const theirs = (await ok('POST', '/location', { name: 'Elsewhere', street: '2 Rue Main', city: 'Montréal', province: 'QC', postal_code: 'H2X 1Y4' }, other.tokens.token)).id
    const date = nextWeek()
    for (const [body, code] of [
      [shift({ date, location_id: theirs }), 'location_not_found'],
      [shift({ date, service_id: theirs }), 'service_not_found'],
      [shift({ date, staff_id: theirs }), 'staff_not_found'],
    ] as const) {
      const response = await api('POST', '/schedule', body)
      expect(response.statusCode, response.body).toBe(422)
      expect(response.json().code).toBe(code)
    }
  })

  it('refuses a break as long as the shift, on a new shift and on a change', async () => {
    const date = nextWeek()
    const whole = await api('POST', '/schedule', shift({ date, start: '07:00', end: '15:00', break_minutes: 600 }))
    expect(whole.statusCode, whole.body).toBe(422)
    expect(whole.json()).toMatchObject({ code: 'break_too_long', details: { break_minutes: expect.any(String) } })
    const saved = await draft({ date, start: '07:00', end: '15:00', break_minutes: 30 })
    const shorter = await api('PUT', `/schedule/${saved.id}`, { version: saved.version, end: '07:30' })
    expect(shorter.statusCode, shorter.body).toBe(422)
    expect(shorter.json().code).toBe('break_too_long')
    expect(await draft({ date: plus(date, 1), start: '07:00', end: '07:00', break_minutes: 720 })).toMatchObject({ paid_minutes: 720 })
  })

  it('answers 400 for a bad date, time, break or repeat rule', async () => {
    const date = nextWeek()
    for (const [body, field] of [
      [shift({ date: '2027-02-30' }), 'date'],
      [shift({ date, start: '25:00' }), 'start'],
      [shift({ date, break_minutes: -5 }), 'break_minutes'],
      [shift({ date, repeat: { rrule: 'FREQ=MONTHLY;COUNT=3' } }), 'repeat.rrule'],
      [shift({ date, repeat: { rrule: 'FREQ=WEEKLY;BYDAY=MO' } }), 'repeat.rrule'],
    ] as const) {
      const response = await api('POST', '/schedule', body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json().details).toHaveProperty([field])
    }
  })

  it('refuses the same person in two places at once, and warns of long weeks and short rests', async () => {
    const ana = await person('ana@example.com')
    const date = nextWeek()
    await draft({ staff_id: ana.id, date })
    const clash = await api('POST', '/schedule', shift({ staff_id: ana.id, date, start: '16:00', end: '20:00' }))
    expect(clash.statusCode).toBe(422)
    expect(clash.json()).toMatchObject({ code: 'shift_overlap', details: { date } })

    await ok('PUT', '/settings', { min_rest_minutes: 600 })
    await ok('PUT', `/user/${ana.id}`, { max_weekly_minutes: 600, version: 1 })
    const evening = await draft({ staff_id: ana.id, date: plus(date, 1), start: '01:00', end: '05:00' })
    expect(evening.conflicts).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'rest', severity: 'warning', minutes: 600 - 8 * 60 }),
      expect.objectContaining({ kind: 'weekly_hours', severity: 'warning', minutes: 480 + 240 - 600 }),
    ]))
    await ok('PUT', '/settings', { min_rest_minutes: 0 })
  })

  it('checks a shift before it is saved: its conflicts and what it would cost', async () => {
    const ben = await person('ben@example.com')
    const date = nextWeek()
    const saved = await draft({ staff_id: ben.id, date })
    const check = await ok('POST', '/schedule/check', shift({ staff_id: ben.id, date, start: '12:00', end: '13:00' }))
    expect(check).toMatchObject({ paid_minutes: 60, cost_cents: 3000, value_cents: 6000, conflicts: [{ kind: 'overlap', severity: 'error', shift_id: saved.id }] })
    const itself = await ok('POST', '/schedule/check', shift({ id: saved.id, staff_id: ben.id, date, start: '12:00', end: '13:00' }))
    expect(itself.conflicts).toEqual([])
  })
})

describe('a shift’s history', () => {
  it('lists what happened to it, newest first, to those who may see the shift', async () => {
    const rae = await person('rae@example.com')
    const date = nextWeek()
    const created = await draft({ staff_id: rae.id, date })
    await ok('PUT', `/schedule/${created.id}`, { start: '10:00', break_minutes: 15, version: 1 })
    expect((await api('GET', `/schedule/${created.id}/history`, undefined, rae.token)).statusCode).toBe(404)
    await ok('POST', `/schedule/${created.id}/events`, { type: 'shift.publish', version: 2 })
    const history = await rows(`/schedule/${created.id}/history`)
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['shifts.publish', 'shifts.update', 'shifts.create'])
    expect(history[0]).toMatchObject({ actor: { name: 'Olive Owner' }, changes: [{ field: 'status', before: 'draft', after: 'published' }] })
    expect(history[1].changes.map((change: { field: string }) => change.field)).toEqual(['starts_at', 'break_minutes'])
    expect((await rows(`/schedule/${created.id}/history`, rae.token)).length).toBe(3)
    expect((await api('GET', `/schedule/${created.id}/history`, undefined, other.tokens.token)).statusCode).toBe(404)
  })
})

describe('repeating shifts', () => {
  it('makes one shift per occurrence, keeping their hours across a clock change, and edits the following ones', async () => {
    const cara = await person('cara@example.com')
    const created = await ok('POST', '/schedule', shift({ staff_id: cara.id, date: '2027-03-08', repeat: { rrule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4' } }))
    expect(created.map((s: { date: string }) => s.date)).toEqual(['2027-03-08', '2027-03-10', '2027-03-15', '2027-03-17'])
    expect(new Set(created.map((s: { start_time: string }) => s.start_time))).toEqual(new Set(['09:00']))
    // Before the change Toronto is UTC−5, after it UTC−4.
    expect(created[0].starts_at).toBe('2027-03-08T14:00:00.000Z')
    expect(created[2].starts_at).toBe('2027-03-15T13:00:00.000Z')
    const series = created[0].series_id
    expect(series).toBeTruthy()
    expect(new Set(created.map((s: { series_id: string }) => s.series_id)).size).toBe(1)

    const changed = await ok('PUT', `/schedule/${created[1].id}`, { start: '10:00', scope: 'following', version: 1 })
    expect(changed.map((s: { date: string; start_time: string }) => [s.date, s.start_time])).toEqual([
      ['2027-03-10', '10:00'],
      ['2027-03-15', '10:00'],
      ['2027-03-17', '10:00'],
    ])
    expect((await ok('GET', `/schedule/${created[0].id}`)).start_time).toBe('09:00')
  })

  it('creates no shift at all when one occurrence would clash', async () => {
    const dan = await person('dan@example.com')
    const date = nextWeek()
    await draft({ staff_id: dan.id, date: plus(date, 7) })
    const response = await api('POST', '/schedule', shift({ staff_id: dan.id, date, repeat: { rrule: 'FREQ=WEEKLY;COUNT=3' } }))
    expect(response.statusCode).toBe(422)
    expect(response.json().details.date).toBe(plus(date, 7))
    expect(await rows(`/schedule?from=${date}&to=${plus(date, 20)}&filter[staff]=${dan.id}`)).toHaveLength(1)
  })
})

describe('the board', () => {
  it('lists a week by staff, open shifts and client, a whole board at once only for a bounded range', async () => {
    const eve = await person('eve@example.com')
    const date = nextWeek()
    const mine = await draft({ staff_id: eve.id, date: plus(date, 2) })
    const open = await draft({ date: plus(date, 3) })
    await draft({ date: plus(date, 9) })
    const week = `/schedule?from=${date}&to=${plus(date, 6)}&page_size=5000`
    expect((await rows(week)).map((s: { id: string; date: string }) => s.id + s.date), week).toEqual([mine.id + mine.date, open.id + open.date])
    expect((await rows(`${week}&filter[staff]=open`)).map((s: { id: string }) => s.id)).toEqual([open.id])
    expect((await rows(`${week}&filter[staff]=${eve.id}`)).map((s: { id: string }) => s.id)).toEqual([mine.id])
    expect((await rows(`${week}&filter[pending]=true`))).toHaveLength(2)
    const unbounded = await api('GET', '/schedule?page_size=5000')
    expect(unbounded.statusCode).toBe(400)
    expect(unbounded.json().details).toHaveProperty('page_size')
    expect((await api('GET', `/schedule?from=${date}&to=${plus(date, -1)}`)).statusCode).toBe(400)
  })

  it('judges the shifts of a range against those just outside it, as each shift alone is judged', async () => {
    const wren = await person('wren@example.com')
    const monday = nextWeek()
    const [tuesday, wednesday, thursday, friday] = [1, 2, 3, 4].map((days) => plus(monday, days))
    await ok('PUT', '/settings', { min_rest_minutes: 600 })
    await ok('PUT', `/user/${wren.id}`, { max_weekly_minutes: 900, version: 1 })
    await draft({ staff_id: wren.id, date: monday })
    const before = await draft({ staff_id: wren.id, date: tuesday, start: '20:00', end: '23:00' })
    await draft({ staff_id: wren.id, date: wednesday, start: '03:00', end: '07:00' })
    await draft({ staff_id: wren.id, date: thursday, start: '22:00', end: '06:00' })
    const after = await draft({ staff_id: wren.id, date: friday, start: '10:00', end: '14:00' })
    // The board's way: the whole range at once, unfiltered, its rows standing for the range's other shifts.
    const listed = await rows(`/schedule?from=${wednesday}&to=${thursday}&page_size=5000`)
    expect(listed.map((s: { date: string }) => s.date)).toEqual([wednesday, thursday])
    for (const row of listed) expect(row).toEqual(await ok('GET', `/schedule/${row.id}`))
    const kinds = (row: { conflicts: { kind: string; shift_id: string | null }[] }) => row.conflicts.map((c) => `${c.kind}:${c.shift_id ?? ''}`)
    expect(kinds(listed[0])).toEqual([`rest:${before.id}`, 'weekly_hours:'])
    expect(kinds(listed[1])).toEqual([`rest:${after.id}`, 'weekly_hours:'])
    await ok('PUT', '/settings', { min_rest_minutes: 0 })
  })

  it('shows staff their own shifts once published and the open published shifts they may take, never drafts', async () => {
    const fay = await person('fay@example.com')
    const date = nextWeek()
    const hers = await draft({ staff_id: fay.id, date })
    const open = await draft({ date: plus(date, 1) })
    const range = `/schedule?from=${date}&to=${plus(date, 6)}`
    expect(await rows(range, fay.token)).toEqual([])
    expect((await api('GET', `/schedule/${hers.id}`, undefined, fay.token)).statusCode).toBe(404)
    await ok('POST', '/schedule/events', { type: 'shift.publish', ids: [hers.id, open.id] })
    const seen = await rows(range, fay.token)
    expect(seen.map((s: { id: string }) => s.id)).toEqual([hers.id, open.id])
    expect(seen[0].allowed_events).toEqual(expect.arrayContaining(['shift.drop', 'shift.swap']))
    expect(seen[0].allowed_events).not.toContain('shift.publish')
    expect(seen[1].allowed_events).toContain('shift.request')
  })

  it('gives whoever sees a shift its client’s address and map point, staff too though they may not read clients', async () => {
    const ula = await person('ula@example.com')
    const date = nextWeek()
    const casa = await ok('POST', '/location', { name: 'Casa Martínez', street: '12 Rue Saint-Denis', city: 'Montréal', province: 'QC', postal_code: 'H2X 3K8', latitude: 45.5154, longitude: -73.5687, phone: '514-555-0100' })
    const hers = await draft({ staff_id: ula.id, date, location_id: casa.id })
    const open = await draft({ date: plus(date, 1) })
    await ok('POST', '/schedule/events', { type: 'shift.publish', ids: [hers.id, open.id] })
    const there = { id: casa.id, name: 'Casa Martínez', street: '12 Rue Saint-Denis', city: 'Montréal', province: 'QC', postal_code: 'H2X 3K8', latitude: 45.5154, longitude: -73.5687 }
    const tower = { id: location, name: 'Harbour Tower', street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8', latitude: null, longitude: null }
    expect((await api('GET', `/location/${casa.id}`, undefined, ula.token)).statusCode).toBe(403)
    // Where to go, nothing else of the client (its phone, its billing) reaches staff this way.
    expect((await ok('GET', `/schedule/${hers.id}`, undefined, ula.token)).location).toEqual(there)
    const listed = await rows(`/schedule?from=${date}&to=${plus(date, 6)}`, ula.token)
    expect(listed.map((s: { location: unknown }) => s.location)).toEqual([there, tower])
    expect((await ok('GET', `/schedule/${hers.id}`)).location).toEqual(there)
  })

  it('answers 404 to staff sending an event on a shift they cannot read, before its version or status could tell it exists', async () => {
    const hal = await person('hidden-draft@example.com')
    const date = nextWeek()
    const hers = await draft({ staff_id: hal.id, date })
    expect((await api('GET', `/schedule/${hers.id}`, undefined, hal.token)).statusCode).toBe(404)
    for (const body of [{ type: 'shift.request', version: 1 }, { type: 'shift.drop', version: 1 }, { type: 'shift.request', version: 7 }]) {
      const response = await api('POST', `/schedule/${hers.id}/events`, body, hal.token)
      expect(response.statusCode, JSON.stringify(body)).toBe(404)
      expect(response.json()).toEqual({ code: 'not_found', message: 'Not found.' })
    }
    // Once published it is theirs to read, and to act on.
    const published = await ok('POST', `/schedule/${hers.id}/events`, { type: 'shift.publish', version: 1 })
    expect((await api('POST', `/schedule/${hers.id}/events`, { type: 'shift.request', version: published.version }, hal.token)).json().code).toBe('transition_not_allowed')
  })

  it('keeps every business’s shifts to itself', async () => {
    const date = nextWeek()
    const ours = await draft({ date })
    expect((await api('GET', `/schedule/${ours.id}`, undefined, other.tokens.token)).statusCode).toBe(404)
    expect(await rows(`/schedule?from=${date}&to=${date}`, other.tokens.token)).toEqual([])
    const put = await api('PUT', `/schedule/${ours.id}`, { start: '08:00', version: 1 }, other.tokens.token)
    expect(put.statusCode).toBe(404)
    const event = await api('POST', `/schedule/${ours.id}/events`, { type: 'shift.publish', version: 1 }, other.tokens.token)
    expect(event.statusCode).toBe(404)
    expect((await api('DELETE', `/schedule/${ours.id}`, undefined, other.tokens.token)).statusCode).toBe(404)
  })

  it('lets staff read but not draft, change, publish or assign', async () => {
    const gus = await person('gus@example.com')
    const date = nextWeek()
    const open = await draft({ date })
    expect((await api('POST', '/schedule', shift({ date }), gus.token)).statusCode).toBe(403)
    expect((await api('PUT', `/schedule/${open.id}`, { start: '08:00', version: 1 }, gus.token)).statusCode).toBe(403)
    expect((await api('POST', '/schedule/events', { type: 'shift.publish', ids: [open.id] }, gus.token)).statusCode).toBe(403)
    expect((await api('POST', `/schedule/${open.id}/events`, { type: 'shift.publish', version: 1 }, gus.token)).statusCode).toBe(403)
    expect((await api('POST', `/schedule/${open.id}/events`, { type: 'shift.assign', staff_id: gus.id, version: 1 }, gus.token)).statusCode).toBe(403)
  })
})

describe('publishing', () => {
  it('publishes a week all at once and tells each person once, then only what changed', async () => {
    const hal = await person('hal@example.com')
    const date = nextWeek()
    const ids = [
      (await draft({ staff_id: hal.id, date })).id,
      (await draft({ staff_id: hal.id, date: plus(date, 1) })).id,
      (await draft({ date: plus(date, 2) })).id,
    ]
    const before = (await notificationsOf(hal.token)).length
    const result = await ok('POST', '/schedule/events', { type: 'shift.publish', ids })
    expect(result.notified).toBe(1)
    expect(result.shifts.map((s: { status: string; pending_change: null }) => [s.status, s.pending_change])).toEqual([
      ['published', null],
      ['published', null],
      ['published', null],
    ])
    const told = await notificationsOf(hal.token)
    expect(told.length).toBe(before + 1)
    expect(told[0]).toMatchObject({ title: 'Your schedule changed: 2 new shifts.', extra: { schedule_id: ids[0] } })

    const moved = (await ok('PUT', `/schedule/${ids[1]}`, { start: '10:00', version: result.shifts[1].version }))[0]
    expect(moved).toMatchObject({ status: 'published', pending_change: 'changed' })
    expect(moved.allowed_events).toContain('shift.publish')
    const again = await ok('POST', '/schedule/events', { type: 'shift.publish', ids })
    expect(again.notified).toBe(1)
    const latest = await notificationsOf(hal.token)
    expect(latest.length).toBe(before + 2)
    expect(latest[0]!.title).toBe('Your schedule changed: 1 shift changed.')
  })

  it('e-mails the notification as well to those who asked for it on their profile, once, in their language', async () => {
    const ida = await person('ida@example.com')
    const jon = await person('jon@example.com')
    const profile = await ok('GET', '/profile', undefined, ida.token)
    expect(profile.email_notifications).toBe(false)
    expect((await ok('PUT', '/profile', { email_notifications: true, locale: 'fr', version: profile.version }, ida.token)).email_notifications).toBe(true)
    const date = nextWeek()
    const hers = await draft({ staff_id: ida.id, date })
    await draft({ staff_id: jon.id, date })
    await ok('POST', '/schedule/events', { type: 'shift.publish', ids: (await rows(`/schedule?from=${date}&to=${date}`)).map((s: { id: string }) => s.id) })
    let mails = await mailsTo(t, 'ida@example.com', 'notification')
    for (let tries = 0; mails.length === 0 && tries < 50; tries++) {
      await sleep(20)
      mails = await mailsTo(t, 'ida@example.com', 'notification')
    }
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toContain('Votre horaire a changé : 1 nouveau quart.')
    expect(mails[0]!.text).toContain(`http://rota.test/schedules?id=${hers.id}`)
    expect(await mailsTo(t, 'jon@example.com', 'notification')).toEqual([])
  })

  it('publishes nothing when one of the shifts cannot be published, naming it', async () => {
    const date = nextWeek()
    const good = await draft({ date })
    const gone = await draft({ date: plus(date, 1) })
    await ok('POST', `/schedule/${gone.id}/events`, { type: 'shift.cancel', version: 1 })
    const response = await api('POST', '/schedule/events', { type: 'shift.publish', ids: [good.id, gone.id] })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ code: 'transition_not_allowed' })
    expect(JSON.stringify(response.json().details)).toContain(gone.id)
    expect((await ok('GET', `/schedule/${good.id}`)).status).toBe('draft')
  })

  it('refuses a stale version and an event the shift’s state does not allow', async () => {
    const date = nextWeek()
    const created = await draft({ date })
    await ok('PUT', `/schedule/${created.id}`, { notes: 'Bring a torch', version: 1 })
    expect((await api('POST', `/schedule/${created.id}/events`, { type: 'shift.publish', version: 1 })).statusCode).toBe(409)
    const complete = await api('POST', `/schedule/${created.id}/events`, { type: 'shift.complete', version: 2 })
    expect(complete.statusCode).toBe(422)
    expect(complete.json().code).toBe('transition_not_allowed')
  })

  it('deletes a draft, and cancels a published shift rather than deleting it', async () => {
    const date = nextWeek()
    const created = await draft({ date })
    expect((await api('DELETE', `/schedule/${created.id}`)).statusCode).toBe(200)
    expect((await api('GET', `/schedule/${created.id}`)).statusCode).toBe(404)
    const published = await draft({ date })
    await ok('POST', `/schedule/${published.id}/events`, { type: 'shift.publish', version: 1 })
    const refused = await api('DELETE', `/schedule/${published.id}`)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('shift_not_draft')
    const cancelled = await ok('POST', `/schedule/${published.id}/events`, { type: 'shift.cancel', version: 2 })
    expect(cancelled).toMatchObject({ status: 'cancelled', pending_change: 'cancelled' })
  })
})

describe('requests from staff', () => {
  it('takes an open shift: asked by staff, schedulers told, approved, the shift theirs', async () => {
    const manager = await person('mia@example.com', 'Manager')
    const ivy = await person('ivy@example.com')
    const date = nextWeek()
    const open = await draft({ date })
    await ok('POST', `/schedule/${open.id}/events`, { type: 'shift.publish', version: 1 })
    const asked = await ok('POST', `/schedule/${open.id}/events`, { type: 'shift.request', version: 2, note: 'I can do it' }, ivy.token)
    expect(asked.requests).toMatchObject([{ kind: 'take', requester: { id: ivy.id }, status: 'pending', note: 'I can do it' }])
    expect(asked.allowed_events).toContain('shift.withdraw')
    expect((await notificationsOf(manager.token))[0]).toMatchObject({ extra: { schedule_id: open.id } })
    const request = asked.requests[0].id
    const approved = await ok('POST', `/schedule/${open.id}/events`, { type: 'shift.approve', version: 2, request_id: request }, manager.token)
    expect(approved).toMatchObject({ staff: { id: ivy.id }, status: 'published', pending_change: null, requests: [] })
    expect((await notificationsOf(ivy.token))[0]).toMatchObject({ extra: { schedule_id: open.id } })
  })

  it('drops a shift (it opens) and swaps one for a colleague’s, each free for the other’s', async () => {
    const jo = await person('jo@example.com')
    const kim = await person('kim@example.com')
    const date = nextWeek()
    const jos = await draft({ staff_id: jo.id, date })
    const kims = await draft({ staff_id: kim.id, date: plus(date, 1) })
    await ok('POST', '/schedule/events', { type: 'shift.publish', ids: [jos.id, kims.id] })

    const swap = await ok('POST', `/schedule/${jos.id}/events`, { type: 'shift.swap', version: 2, with_shift_id: kims.id }, jo.token)
    const approved = await ok('POST', `/schedule/${jos.id}/events`, { type: 'shift.approve', version: 2, request_id: swap.requests[0].id })
    expect(approved.staff.id).toBe(kim.id)
    expect((await ok('GET', `/schedule/${kims.id}`)).staff.id).toBe(jo.id)

    const dropped = await ok('POST', `/schedule/${kims.id}/events`, { type: 'shift.drop', version: 3 }, jo.token)
    const rejected = await ok('POST', `/schedule/${kims.id}/events`, { type: 'shift.reject', version: 3, request_id: dropped.requests[0].id, note: 'Nobody else knows this client' })
    expect(rejected.staff.id).toBe(jo.id)
    // The one who asked is told, with the scheduler's reason.
    expect((await notificationsOf(jo.token))[0]).toMatchObject({ title: expect.stringMatching(/was declined\. Nobody else knows this client$/), extra: { schedule_id: kims.id } })
    const again = await ok('POST', `/schedule/${kims.id}/events`, { type: 'shift.drop', version: 3 }, jo.token)
    const withdrawn = await ok('POST', `/schedule/${kims.id}/events`, { type: 'shift.withdraw', version: 3, request_id: again.requests[0].id }, jo.token)
    expect(withdrawn.requests).toEqual([])
    const last = await ok('POST', `/schedule/${kims.id}/events`, { type: 'shift.drop', version: 3 }, jo.token)
    const opened = await ok('POST', `/schedule/${kims.id}/events`, { type: 'shift.approve', version: 3, request_id: last.requests[0].id })
    expect(opened).toMatchObject({ staff: null, status: 'published' })
  })

  it('refuses a request for a shift the person could not work, and a swap with their own shift', async () => {
    const lou = await person('lou@example.com')
    const date = nextWeek()
    const theirs = await draft({ staff_id: lou.id, date })
    const open = await draft({ date, start: '12:00', end: '14:00' })
    await ok('POST', '/schedule/events', { type: 'shift.publish', ids: [theirs.id, open.id] })
    const busy = await api('POST', `/schedule/${open.id}/events`, { type: 'shift.request', version: 2 }, lou.token)
    expect(busy.statusCode).toBe(422)
    expect(busy.json().code).toBe('transition_not_allowed')
    const self = await api('POST', `/schedule/${theirs.id}/events`, { type: 'shift.swap', version: 2, with_shift_id: theirs.id }, lou.token)
    expect(self.statusCode).toBe(422)
    expect(self.json().code).toBe('swap_not_possible')
  })
})

describe('what staff see of a change not yet published', () => {
  const week = (date: string) => `/schedule?from=${date}&to=${plus(date, 6)}`
  const ids = (list: { id: string }[]) => list.map((s) => s.id)

  it('shows staff the old time until the change is published and the new one after, while the scheduler sees the change throughout', async () => {
    const uma = await person('uma-told@example.com')
    const date = nextWeek()
    const created = await draft({ staff_id: uma.id, date, break_minutes: 15 })
    const published = await ok('POST', `/schedule/${created.id}/events`, { type: 'shift.publish', version: 1 })
    const [moved] = await ok('PUT', `/schedule/${created.id}`, { start: '10:00', end: '18:00', break_minutes: 30, version: published.version })
    expect(moved).toMatchObject({ start_time: '10:00', break_minutes: 30, pending_change: 'changed' })

    const told = { id: created.id, start_time: '09:00', end_time: '17:00', starts_at: created.starts_at, break_minutes: 15, status: 'published', pending_change: null, staff: { id: uma.id } }
    expect(await ok('GET', `/schedule/${created.id}`, undefined, uma.token)).toMatchObject(told)
    expect(await rows(week(date), uma.token)).toMatchObject([told])
    const exported = await ok('GET', `/schedule/export?from=${date}&to=${plus(date, 6)}`, undefined, uma.token)
    expect(exported.rows).toMatchObject([{ start: '09:00', end: '17:00', break_minutes: 15, status: 'published' }])
    expect(await rows(`${week(date)}&filter[pending]=true`, uma.token)).toEqual([])
    expect(await ok('GET', `/schedule/${created.id}`)).toMatchObject({ start_time: '10:00', break_minutes: 30, pending_change: 'changed' })
    expect((await ok('GET', `/schedule/export?from=${date}&to=${plus(date, 6)}`)).rows).toMatchObject([{ start: '10:00', break_minutes: 30 }])

    await ok('POST', '/schedule/events', { type: 'shift.publish', ids: [created.id] })
    const after = { start_time: '10:00', end_time: '18:00', break_minutes: 30, pending_change: null }
    expect(await ok('GET', `/schedule/${created.id}`, undefined, uma.token)).toMatchObject(after)
    expect(await rows(week(date), uma.token)).toMatchObject([after])
    expect(await ok('GET', `/schedule/${created.id}`)).toMatchObject(after)
  })

  it('keeps a shift someone was taken off in their week, and out of the others’ open shifts, until it is published', async () => {
    const vic = await person('vic-told@example.com')
    const wes = await person('wes-told@example.com')
    const date = nextWeek()
    const created = await draft({ staff_id: vic.id, date })
    const published = await ok('POST', `/schedule/${created.id}/events`, { type: 'shift.publish', version: 1 })
    const unassigned = await ok('POST', `/schedule/${created.id}/events`, { type: 'shift.unassign', version: published.version })
    expect(unassigned).toMatchObject({ staff: null, pending_change: 'changed' })

    const hers = (await rows(week(date), vic.token)) as { id: string; staff: { id: string }; allowed_events: string[] }[]
    expect(hers).toMatchObject([{ id: created.id, staff: { id: vic.id }, status: 'published', pending_change: null }])
    // What she could do on it waits for the publish: the shift as it is is no longer hers.
    expect(hers[0]!.allowed_events).not.toEqual(expect.arrayContaining(['shift.drop']))
    expect(hers[0]!.allowed_events).not.toContain('shift.clock_in')
    for (const type of ['shift.drop', 'shift.clock_in']) {
      const refused = await api('POST', `/schedule/${created.id}/events`, { type, version: unassigned.version }, vic.token)
      expect(refused.statusCode, type).toBe(422)
      expect(refused.json()).toMatchObject({ code: 'shift_unpublished_change', message: expect.stringContaining('not published yet'), details: { event: type } })
    }
    expect(ids(await rows(week(date), wes.token))).toEqual([])
    expect(ids(await rows(`${week(date)}&filter[staff]=open`, wes.token))).toEqual([])
    expect((await api('GET', `/schedule/${created.id}`, undefined, wes.token)).statusCode).toBe(404)
    expect((await api('POST', `/schedule/${created.id}/events`, { type: 'shift.request', version: unassigned.version }, wes.token)).statusCode).toBe(404)
    expect(await ok('GET', `/schedule/${created.id}`)).toMatchObject({ staff: null, pending_change: 'changed' })

    const before = (await notificationsOf(vic.token)).length
    expect((await ok('POST', '/schedule/events', { type: 'shift.publish', ids: [created.id] })).notified).toBe(1)
    expect(await notificationsOf(vic.token)).toHaveLength(before + 1)
    expect(ids(await rows(week(date), vic.token))).toEqual([created.id])
    const open = await rows(`${week(date)}&filter[staff]=open`, wes.token)
    expect(open).toMatchObject([{ id: created.id, staff: null }])
    expect(open[0].allowed_events).toContain('shift.request')
    // Vic sees it too now, as an open shift she may ask for again, no longer as hers.
    expect((await ok('GET', `/schedule/${created.id}`, undefined, vic.token))).toMatchObject({ staff: null })
  })

  it('keeps a shift given to someone else, or cancelled, as it was for its staff until published', async () => {
    const xia = await person('xia-told@example.com')
    const yan = await person('yan-told@example.com')
    const date = nextWeek()
    const given = await draft({ staff_id: xia.id, date })
    const dropped = await draft({ staff_id: xia.id, date: plus(date, 1) })
    const open = await draft({ date: plus(date, 2) })
    const result = await ok('POST', '/schedule/events', { type: 'shift.publish', ids: [given.id, dropped.id, open.id] })
    const version = (id: string) => result.shifts.find((s: { id: string }) => s.id === id).version
    await ok('POST', `/schedule/${given.id}/events`, { type: 'shift.assign', staff_id: yan.id, version: version(given.id) })
    await ok('POST', `/schedule/${dropped.id}/events`, { type: 'shift.cancel', version: version(dropped.id) })
    await ok('POST', `/schedule/${open.id}/events`, { type: 'shift.assign', staff_id: yan.id, version: version(open.id) })

    expect((await rows(week(date), xia.token)).map((s: { id: string; status: string; staff: { id: string } | null }) => [s.id, s.status, s.staff?.id ?? null])).toEqual([
      [given.id, 'published', xia.id],
      [dropped.id, 'published', xia.id],
      [open.id, 'published', null],
    ])
    expect(ids(await rows(week(date), yan.token))).toEqual([open.id])
    expect(await ok('GET', `/schedule/${open.id}`, undefined, yan.token)).toMatchObject({ staff: null })

    await ok('POST', '/schedule/events', { type: 'shift.publish', ids: [given.id, dropped.id, open.id] })
    expect((await rows(week(date), xia.token)).map((s: { id: string; status: string }) => [s.id, s.status])).toEqual([[dropped.id, 'cancelled']])
    expect(ids(await rows(week(date), yan.token))).toEqual([given.id, open.id])
  })

  it('clocks staff into the shift as they were told of it, the change not yet published giving way', async () => {
    const zed = await person('zed-told@example.com')
    const date = nextWeek()
    const created = await draft({ staff_id: zed.id, date })
    const published = await ok('POST', `/schedule/${created.id}/events`, { type: 'shift.publish', version: 1 })
    const [moved] = await ok('PUT', `/schedule/${created.id}`, { start: '11:00', version: published.version })
    expect((await ok('GET', `/schedule/${created.id}`, undefined, zed.token)).allowed_events).toContain('shift.clock_in')
    const clocked = await ok('POST', `/schedule/${created.id}/events`, { type: 'shift.clock_in', version: moved.version }, zed.token)
    expect(clocked).toMatchObject({ status: 'in_progress', start_time: '09:00' })
    expect(await ok('GET', `/schedule/${created.id}`)).toMatchObject({ status: 'in_progress', start_time: '09:00', end_time: '17:00', pending_change: null })
  })

  it('holds back staff’s requests on a shift changed since they were told of it', async () => {
    const abe = await person('abe-told@example.com')
    const bea = await person('bea-told@example.com')
    const date = nextWeek()
    const his = await draft({ staff_id: abe.id, date })
    const hers = await draft({ staff_id: bea.id, date: plus(date, 1) })
    const result = await ok('POST', '/schedule/events', { type: 'shift.publish', ids: [his.id, hers.id] })
    const [moved] = await ok('PUT', `/schedule/${hers.id}`, { start: '10:00', version: result.shifts[1].version })
    // Her shift as it is now is not the one Abe was shown: no swap with it until it is published.
    const swap = await api('POST', `/schedule/${his.id}/events`, { type: 'shift.swap', version: result.shifts[0].version, with_shift_id: hers.id }, abe.token)
    expect(swap.statusCode).toBe(422)
    expect(swap.json().code).toBe('swap_not_possible')
    const drop = await api('POST', `/schedule/${hers.id}/events`, { type: 'shift.drop', version: moved.version }, bea.token)
    expect(drop.statusCode).toBe(422)
    expect((await ok('GET', `/schedule/${hers.id}`, undefined, bea.token)).allowed_events).not.toContain('shift.drop')
    await ok('POST', '/schedule/events', { type: 'shift.publish', ids: [hers.id] })
    const asked = await ok('POST', `/schedule/${his.id}/events`, { type: 'shift.swap', version: result.shifts[0].version, with_shift_id: hers.id }, abe.token)
    expect(asked.requests).toMatchObject([{ kind: 'swap', swap_shift: { id: hers.id, starts_at: moved.starts_at } }])
  })
})

describe('approving a request', () => {
  const dayOf = (date: string) => new Intl.DateTimeFormat('en-CA', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))

  it('tells whoever takes an open shift, once, that it is theirs', async () => {
    const cy = await person('cy-approved@example.com')
    const date = nextWeek()
    const open = await draft({ date })
    const published = await ok('POST', `/schedule/${open.id}/events`, { type: 'shift.publish', version: 1 })
    const asked = await ok('POST', `/schedule/${open.id}/events`, { type: 'shift.request', version: published.version }, cy.token)
    const before = (await notificationsOf(cy.token)).length
    await ok('POST', `/schedule/${open.id}/events`, { type: 'shift.approve', version: asked.version, request_id: asked.requests[0].id })
    const told = await notificationsOf(cy.token)
    expect(told.length - before).toBe(1)
    expect(told[0]).toMatchObject({ title: `The open shift on ${dayOf(date)} is yours.`, extra: { schedule_id: open.id } })
  })

  it('tells whoever is let off a shift, once, that they no longer work it', async () => {
    const di = await person('di-approved@example.com')
    const date = nextWeek()
    const hers = await draft({ staff_id: di.id, date })
    const published = await ok('POST', `/schedule/${hers.id}/events`, { type: 'shift.publish', version: 1 })
    const asked = await ok('POST', `/schedule/${hers.id}/events`, { type: 'shift.drop', version: published.version }, di.token)
    const before = (await notificationsOf(di.token)).length
    await ok('POST', `/schedule/${hers.id}/events`, { type: 'shift.approve', version: asked.version, request_id: asked.requests[0].id })
    const told = await notificationsOf(di.token)
    expect(told.length - before).toBe(1)
    expect(told[0]!.title).toBe(`You no longer work the shift on ${dayOf(date)}.`)
  })

  it('tells each of two who swap, once, what they now work instead', async () => {
    const ed = await person('ed-approved@example.com')
    const flo = await person('flo-approved@example.com')
    const date = nextWeek()
    const his = await draft({ staff_id: ed.id, date })
    const hers = await draft({ staff_id: flo.id, date: plus(date, 2) })
    const result = await ok('POST', '/schedule/events', { type: 'shift.publish', ids: [his.id, hers.id] })
    const asked = await ok('POST', `/schedule/${his.id}/events`, { type: 'shift.swap', version: result.shifts[0].version, with_shift_id: hers.id }, ed.token)
    const [edBefore, floBefore] = [(await notificationsOf(ed.token)).length, (await notificationsOf(flo.token)).length]
    await ok('POST', `/schedule/${his.id}/events`, { type: 'shift.approve', version: asked.version, request_id: asked.requests[0].id })
    const [edTold, floTold] = [await notificationsOf(ed.token), await notificationsOf(flo.token)]
    expect(edTold.length - edBefore).toBe(1)
    expect(floTold.length - floBefore).toBe(1)
    expect(edTold[0]).toMatchObject({ title: `Your swap was approved: you now work ${dayOf(plus(date, 2))}, 09:00–17:00, instead of ${dayOf(date)}, 09:00–17:00.`, extra: { schedule_id: hers.id } })
    expect(floTold[0]).toMatchObject({ title: `Your shift was swapped with ed-approved Staff: you now work ${dayOf(date)}, 09:00–17:00, instead of ${dayOf(plus(date, 2))}, 09:00–17:00.`, extra: { schedule_id: his.id } })
  })
})

describe('copying a week', () => {
  it('copies a week as drafts to another, skipping what would clash', async () => {
    const max = await person('max@example.com')
    const date = nextWeek()
    await draft({ staff_id: max.id, date })
    await draft({ staff_id: max.id, date: plus(date, 2) })
    await draft({ date: plus(date, 4) })
    // Already busy on the Wednesday of the next week.
    const busy = await draft({ staff_id: max.id, date: plus(date, 9), start: '08:00', end: '12:00' })
    const result = await ok('POST', '/schedule/copy', { from: date, to: plus(date, 7) })
    expect(result.created).toBe(2)
    expect(result.skipped).toMatchObject([{ date: plus(date, 9), staff: 'max Staff', reason: 'overlap' }])
    const next = await rows(`/schedule?from=${plus(date, 7)}&to=${plus(date, 13)}`)
    expect(next.map((s: { date: string; status: string; id: string }) => [s.date, s.status, s.id === busy.id])).toEqual([
      [plus(date, 7), 'draft', false],
      [plus(date, 9), 'draft', true],
      [plus(date, 11), 'draft', false],
    ])
  })

  it('copies again without doubling: an open shift already there as it is stays alone, as an assigned one does', async () => {
    const kim = await person('copied-twice@example.com')
    const date = nextWeek()
    await draft({ staff_id: kim.id, date })
    await draft({ date: plus(date, 3), start: '09:00', end: '10:00' })
    await draft({ date: plus(date, 3), start: '09:00', end: '12:00' })
    const first = await ok('POST', '/schedule/copy', { from: date, to: plus(date, 7) })
    expect(first).toEqual({ created: 3, skipped: [] })
    const again = await ok('POST', '/schedule/copy', { from: date, to: plus(date, 7) })
    expect(again.created).toBe(0)
    expect(again.skipped.map((s: { date: string; reason: string }) => [s.date, s.reason])).toEqual([
      [plus(date, 7), 'overlap'],
      [plus(date, 10), 'overlap'],
      [plus(date, 10), 'overlap'],
    ])
    const next = await rows(`/schedule?from=${plus(date, 7)}&to=${plus(date, 13)}`)
    expect(next.map((s: { date: string; start_time: string; end_time: string; staff: unknown }) => [s.date, s.start_time, s.end_time, s.staff === null]).sort()).toEqual([
      [plus(date, 7), '09:00', '17:00', false],
      [plus(date, 10), '09:00', '10:00', true],
      [plus(date, 10), '09:00', '12:00', true],
    ])
  })

  it('refuses to copy a week onto itself (400 naming to)', async () => {
    const date = nextWeek()
    await draft({ date })
    for (const days of [7, 1]) {
      const response = await api('POST', '/schedule/copy', { from: date, to: date, days })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'validation_failed', details: { to: expect.any(String) } })
    }
    expect(await rows(`/schedule?from=${date}&to=${plus(date, 6)}`)).toHaveLength(1)
  })
})

describe('approved time off', () => {
  /** Time off for a person, approved by the owner (or left pending). */
  async function away(staffId: string, body: Record<string, unknown>, options: { approve?: boolean } = {}) {
    const [vacation] = (await rows('/timeoff_category?q=vacation')) as { id: string }[]
    const asked = await ok('POST', '/timeoff_request', { category_id: vacation!.id, staff_id: staffId, ...body })
    if (options.approve === false) return asked
    return ok('POST', `/timeoff_request/${asked.id}/events`, { type: 'timeoff.approve', version: asked.version })
  }

  it('refuses a shift drafted or moved into it, and names it; time off still pending does not', async () => {
    const ola = await person('ola@example.com')
    const date = nextWeek()
    await away(ola.id, { start_date: plus(date, 1), end_date: plus(date, 2) })
    const inside = await api('POST', '/schedule', shift({ staff_id: ola.id, date: plus(date, 2) }))
    expect(inside.statusCode).toBe(422)
    expect(inside.json()).toMatchObject({ code: 'shift_time_off', details: { date: plus(date, 2), conflicts: [{ kind: 'time_off', severity: 'error' }] } })
    expect(inside.json().message).toBe('This person is on approved time off at that time.')
    // A night shift starting the evening before reaches into the first day off.
    expect((await api('POST', '/schedule', shift({ staff_id: ola.id, date, start: '22:00', end: '06:00' }))).json().code).toBe('shift_time_off')

    const before = await draft({ staff_id: ola.id, date })
    const moved = await api('PUT', `/schedule/${before.id}`, { date: plus(date, 1), version: before.version })
    expect(moved.statusCode).toBe(422)
    expect(moved.json().code).toBe('shift_time_off')
    expect((await ok('POST', '/schedule/check', shift({ staff_id: ola.id, date: plus(date, 1) }))).conflicts).toMatchObject([{ kind: 'time_off', severity: 'error' }])

    await away(ola.id, { start_date: plus(date, 4) }, { approve: false })
    expect((await draft({ staff_id: ola.id, date: plus(date, 4) })).conflicts).toEqual([])
  })

  it('refuses assigning the person, and does not offer them open shifts then', async () => {
    const pia = await person('pia@example.com')
    const date = nextWeek()
    const open = await draft({ date })
    const published = await ok('POST', `/schedule/${open.id}/events`, { type: 'shift.publish', version: 1 })
    await away(pia.id, { start_date: date })
    const assign = await api('POST', `/schedule/${open.id}/events`, { type: 'shift.assign', version: published.version, staff_id: pia.id })
    expect(assign.statusCode).toBe(422)
    expect(assign.json().code).toBe('shift_time_off')
    expect((await ok('GET', `/schedule/${open.id}`, undefined, pia.token)).allowed_events).not.toContain('shift.request')
    const asked = await api('POST', `/schedule/${open.id}/events`, { type: 'shift.request', version: published.version }, pia.token)
    expect(asked.statusCode).toBe(422)
    expect(asked.json().code).toBe('transition_not_allowed')
  })

  it('skips the person’s shifts when a week is copied into their time off', async () => {
    const rex = await person('rex@example.com')
    const date = nextWeek()
    await draft({ staff_id: rex.id, date })
    await draft({ staff_id: rex.id, date: plus(date, 1) })
    await away(rex.id, { start_date: plus(date, 8) })
    const result = await ok('POST', '/schedule/copy', { from: date, to: plus(date, 7), filter: { staff: rex.id } })
    expect(result.created).toBe(1)
    expect(result.skipped).toMatchObject([{ date: plus(date, 8), staff: 'rex Staff', reason: 'time_off' }])
  })

  it('blocks only the hours of hourly leave', async () => {
    const sid = await person('sid@example.com')
    const date = nextWeek()
    await away(sid.id, { period: 'hours', start_date: date, start_time: '14:00', end_time: '16:00' })
    const errors = (created: { conflicts: { severity: string }[] }) => created.conflicts.filter((conflict) => conflict.severity === 'error')
    expect(errors(await draft({ staff_id: sid.id, date, start: '08:00', end: '13:30' }))).toEqual([])
    expect((await api('POST', '/schedule', shift({ staff_id: sid.id, date, start: '15:30', end: '20:00' }))).json().code).toBe('shift_time_off')
    expect(errors(await draft({ staff_id: sid.id, date, start: '16:00', end: '20:00' }))).toEqual([])
  })
})

describe('availability', () => {
  it('is set by the person, read back sorted, and warns a scheduler who books them outside it', async () => {
    const nia = await person('nia@example.com')
    const date = nextWeek()
    const set = await ok('PUT', `/availability/${nia.id}`, {
      version: 0,
      windows: [{ weekday: 3, start: '09:00', end: '17:00' }, { weekday: 1, start: '09:00', end: '17:00' }],
      exceptions: [{ date: plus(date, 7), available: false, start: null, end: null, note: 'Dentist' }],
    }, nia.token)
    expect(set.windows.map((w: { weekday: number }) => w.weekday)).toEqual([1, 3])
    expect(set.version).toBe(1)
    const stale = await api('PUT', `/availability/${nia.id}`, { version: 0, windows: [], exceptions: [] }, nia.token)
    expect(stale.statusCode).toBe(409)
    expect((await draft({ staff_id: nia.id, date })).conflicts).toEqual([])
    expect((await draft({ staff_id: nia.id, date: plus(date, 1) })).conflicts).toMatchObject([{ kind: 'availability', severity: 'warning' }])
    expect((await draft({ staff_id: nia.id, date: plus(date, 7) })).conflicts).toMatchObject([{ kind: 'availability', severity: 'warning' }])
  })

  it('is anyone’s to set for a scheduler, only one’s own for staff, and never another business’s', async () => {
    const oz = await person('oz@example.com')
    const pat = await person('pat@example.com')
    expect((await api('GET', `/availability/${pat.id}`, undefined, oz.token)).statusCode).toBe(403)
    expect((await api('PUT', `/availability/${pat.id}`, { version: 0, windows: [], exceptions: [] }, oz.token)).statusCode).toBe(403)
    expect((await ok('PUT', `/availability/${pat.id}`, { version: 0, windows: [{ weekday: 2, start: '08:00', end: '12:00' }], exceptions: [] })).version).toBe(1)
    expect((await api('GET', `/availability/${pat.id}`, undefined, other.tokens.token)).statusCode).toBe(404)
  })
})

describe('the calendar feed', () => {
  it('serves a person’s published shifts as iCalendar at a private address that a reset retires', async () => {
    const quinn = await person('quinn@example.com')
    const today = new Date()
    const soon = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 3)).toISOString().slice(0, 10)
    const published = await draft({ staff_id: quinn.id, date: soon, notes: 'Side door' })
    const drafted = await draft({ staff_id: quinn.id, date: plus(soon, 1) })
    await ok('POST', `/schedule/${published.id}/events`, { type: 'shift.publish', version: 1 })
    const { url } = await ok('GET', '/schedule/feed', undefined, quinn.token)
    const path = new URL(url).pathname
    const feed = await t.request({ method: 'GET', url: path })
    expect(feed.statusCode, feed.body).toBe(200)
    expect(feed.headers['content-type']).toContain('text/calendar')
    expect(feed.body).toContain('BEGIN:VCALENDAR')
    expect(feed.body).toContain(`UID:${published.id}@`)
    expect(feed.body).toContain('SUMMARY:Night watch — Harbour Tower')
    expect(feed.body).not.toContain(drafted.id)

    const { url: renewed } = await ok('POST', '/schedule/feed/reset', undefined, quinn.token)
    expect(renewed).not.toBe(url)
    expect((await t.request({ method: 'GET', url: path })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: new URL(renewed).pathname })).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: `${path.slice(0, -10)}xxxxxx.ics` })).statusCode).toBe(404)
  })

  it('places each shift at its client’s name and address, at its map point when known, with its service and notes', async () => {
    const rae = await person('rae-feed@example.com')
    const today = new Date()
    const soon = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 4)).toISOString().slice(0, 10)
    // A name and a street with the characters iCalendar's text must escape.
    const casa = await ok('POST', '/location', { name: 'Casa Martínez; Bloor', street: '12 Rue Saint-Denis, app. 3\\B', city: 'Montréal', province: 'QC', postal_code: 'H2X 3K8', latitude: 45.5154, longitude: -73.5687 })
    const there = await draft({ staff_id: rae.id, date: soon, location_id: casa.id, notes: 'Code 4411\nKey under the mat' })
    const tower = await draft({ staff_id: rae.id, date: plus(soon, 1) })
    await ok('POST', '/schedule/events', { type: 'shift.publish', ids: [there.id, tower.id] })
    const { url } = await ok('GET', '/schedule/feed', undefined, rae.token)
    const feed = await t.request({ method: 'GET', url: new URL(url).pathname })
    expect(feed.statusCode, feed.body).toBe(200)
    // Long lines are folded (a line break and a space): read each property whole.
    const events = feed.body.replace(/\r\n[ \t]/g, '').split('BEGIN:VEVENT').slice(1)
    const property = (event: string, name: string) => event.split('\r\n').filter((line) => line.startsWith(`${name}:`))
    const [atCasa, atTower] = [there, tower].map((shift) => events.find((event) => event.includes(`UID:${shift.id}@`))!)
    expect(property(atCasa!, 'LOCATION')).toEqual(['LOCATION:Casa Martínez\\; Bloor\\, 12 Rue Saint-Denis\\, app. 3\\\\B\\, Montréal\\, QC H2X 3K8'])
    expect(property(atCasa!, 'GEO')).toEqual(['GEO:45.5154;-73.5687'])
    expect(property(atCasa!, 'DESCRIPTION')).toEqual(['DESCRIPTION:Night watch\\n\\nCode 4411\\nKey under the mat'])
    expect(property(atTower!, 'LOCATION')).toEqual(['LOCATION:Harbour Tower\\, 1 Quay St\\, Toronto\\, ON M5J 2N8'])
    expect(property(atTower!, 'GEO')).toEqual([])
    expect(property(atTower!, 'DESCRIPTION')).toEqual(['DESCRIPTION:Night watch'])
  })
})
