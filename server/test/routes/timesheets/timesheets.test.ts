import { addLocalDays } from '@rota/core'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lockTimesheets } from '../../../src/repositories/timesheets.ts'
import { auditRows } from '../../helpers/accounts.ts'
import { createTestApp, testClock, type TestApp } from '../../helpers/app.ts'
import { registerBusiness, type Owner } from '../../helpers/business.ts'
import { timesheetApi, winterMondays } from '../../helpers/timesheets.ts'

const clock = testClock('2028-01-01T12:00:00Z')

let t: TestApp
let owner: Owner
let other: Owner
let call: ReturnType<typeof timesheetApi>
let location: string
let service: string
/** A fresh Monday for each test, a week apart, Toronto on UTC−5 all week. */
const nextMonday = winterMondays()

beforeAll(async () => {
  t = await createTestApp({}, { clock })
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
  call = timesheetApi(t, owner, clock)
  location = (await call.ok('POST', '/location', { name: 'Harbour Tower', street: '290 Bremner Blvd', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' })).id
  service = (await call.ok('POST', '/service', { name: 'Front desk', bill_rate_cents: 6000, pay_rate_cents: 3000 })).id
})
afterAll(() => t.close())

const work = (staff: string, date: string, extra: Record<string, unknown> = {}) => ({ staff_id: staff, location_id: location, service_id: service, date, start: '09:00', end: '17:00', ...extra })

/** A shift its staff member clocked in to at its start and out of at its end. */
async function workedShift(staff: { id: string; token: string }, date: string) {
  const shift = await call.publishedShift({ staff_id: staff.id, location_id: location, service_id: service, date, start: '09:00', end: '17:00', break_minutes: 30 })
  clock.set(shift.starts_at)
  expect((await call.shiftEvent(shift.id, 'shift.clock_in', staff.token)).statusCode).toBe(200)
  clock.set(shift.ends_at)
  expect((await call.shiftEvent(shift.id, 'shift.complete', staff.token)).statusCode).toBe(200)
  return call.timesheetOf(shift.id)
}

describe('work added by a manager', () => {
  it('is a pending timesheet flagged unscheduled, across midnight counted on the day it starts', async () => {
    const sam = await call.person('sam@example.com')
    const date = nextMonday()
    const created = await call.addHours(work(sam.id, date, { start: '22:00', end: '02:30', break_minutes: 30, notes: 'Alarm call-out' }))
    expect(created).toMatchObject({
      shift_id: null,
      staff: { id: sam.id, name: 'sam Staff' },
      date,
      // 22:00 in Toronto in January is 03:00 UTC the next day.
      started_at: `${addLocalDays(date, 1)}T03:00:00.000Z`,
      start_time: '22:00',
      end_time: '02:30',
      planned: null,
      clocked: null,
      break_minutes: 30,
      paid_minutes: 240,
      regular_minutes: 240,
      flags: [{ kind: 'unscheduled', at: null, minutes: null, distance_m: null, reason: null }],
      notes: 'Alarm call-out',
      status: 'pending',
      locked: false,
      version: 1,
    })
    expect(Date.parse(created.ended_at) - Date.parse(created.started_at)).toBe(270 * 60_000)
    expect(created.allowed_events.sort()).toEqual(['timesheet.approve', 'timesheet.reject'])
    expect(await call.ok('GET', `/timesheet/${created.id}`)).toEqual(created)
    expect((await auditRows(t, owner.business_id, 'timesheets.create')).at(-1)).toMatchObject({ record_id: created.id, after: { staff_id: sam.id, break_minutes: 30 } })
  })

  it('names what is wrong: 400 for a bad field, 422 for someone not of the business, overlapping hours, a break longer than the work or hours ending after now', async () => {
    const ana = await call.person('ana@example.com')
    const date = nextMonday()
    // Ana's day is over: 21:00 in Toronto.
    clock.set(`${addLocalDays(date, 1)}T02:00:00Z`)
    for (const [body, field] of [
      [work(ana.id, '1999-12-31'), 'date'],
      [work(ana.id, date, { start: '9h' }), 'start'],
      [work(ana.id, date, { break_minutes: -1 }), 'break_minutes'],
      [work('not-a-uuid', date), 'staff_id'],
    ] as const) {
      const response = await call.api('POST', '/timesheet', body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json().details).toHaveProperty([field])
    }
    const stranger = await timesheetApi(t, other).person('stranger@example.com')
    await call.refused(422, 'staff_not_found', 'POST', '/timesheet', work(stranger.id, date))
    await call.refused(422, 'location_not_found', 'POST', '/timesheet', work(ana.id, date, { location_id: randomUUID() }))
    await call.refused(422, 'break_too_long', 'POST', '/timesheet', work(ana.id, date, { start: '09:00', end: '10:00', break_minutes: 61 }))
    const day = await call.ok('POST', '/timesheet', work(ana.id, date))
    const overlap = await call.refused(422, 'timesheet_overlap', 'POST', '/timesheet', work(ana.id, date, { start: '16:00', end: '20:00' }))
    expect(overlap.details.timesheet_id).toBeTruthy()
    // Hours are recorded once worked: ending a minute after now, they are refused, added or moved; ending now, they are taken.
    const future = await call.refused(422, 'timesheet_in_future', 'POST', '/timesheet', work(ana.id, date, { start: '20:00', end: '21:01' }))
    expect(future.details).toEqual({ end: 'Ends after now' })
    const moved = await call.refused(422, 'timesheet_in_future', 'PUT', `/timesheet/${day.id}`, { version: day.version, end: '21:01', reason: 'Stayed late' })
    expect(moved.details).toEqual({ end: 'Ends after now' })
    expect((await call.ok('GET', `/timesheet/${day.id}`)).end_time).toBe('17:00')
    const now = await call.ok('POST', '/timesheet', work(ana.id, date, { start: '20:00', end: '21:00' }))
    expect(now).toMatchObject({ end_time: '21:00', ended_at: clock.now().toISOString() })
    expect(await call.ok('PUT', `/timesheet/${now.id}`, { version: now.version, start: '20:30', reason: 'Came at half past' })).toMatchObject({ start_time: '20:30', end_time: '21:00' })
  })
})

describe('a manager’s correction', () => {
  it('keeps the clocked times beside the corrected ones, with the reason, in the answer and the audit log', async () => {
    const lee = await call.person('lee@example.com')
    const date = nextMonday()
    const clocked = await workedShift(lee, date)
    expect(clocked).toMatchObject({ paid_minutes: 480, break_minutes: 0, clocked: { clock_in_at: `${date}T14:00:00.000Z`, clock_out_at: `${date}T22:00:00.000Z` } })

    const corrected = await call.ok('PUT', `/timesheet/${clocked.id}`, { version: clocked.version, start: '08:30', break_minutes: 30, reason: 'Opened the site early, lunch not clocked' })
    expect(corrected).toMatchObject({
      started_at: `${date}T13:30:00.000Z`,
      ended_at: `${date}T22:00:00.000Z`,
      start_time: '08:30',
      break_minutes: 30,
      paid_minutes: 480,
      clocked: { clock_in_at: `${date}T14:00:00.000Z`, clock_out_at: `${date}T22:00:00.000Z`, break_minutes: 0 },
      correction_reason: 'Opened the site early, lunch not clocked',
      version: clocked.version + 1,
    })
    expect(corrected.flags.map((flag: { kind: string }) => flag.kind)).toContain('corrected')
    // Lee hears of it, with the hours and the reason, and is taken to the timesheet.
    const [told] = (await call.ok('GET', '/notification', undefined, lee.token)).rows
    expect(told).toMatchObject({ model: 'timesheets', operation: 'corrected', extra: { timesheet_id: clocked.id } })
    expect(told.title).toMatch(/were corrected to 08:30–17:00\. Opened the site early, lunch not clocked$/)
    const row = (await auditRows(t, owner.business_id, 'timesheets.update')).at(-1)
    expect(row).toMatchObject({
      record_id: clocked.id,
      before: { started_at: `${date}T14:00:00.000Z`, break_minutes: 0, correction_reason: null },
      after: { started_at: `${date}T13:30:00.000Z`, break_minutes: 30, correction_reason: 'Opened the site early, lunch not clocked' },
    })

    const history = await call.ok('GET', `/timesheet/${clocked.id}/history`)
    expect(history.rows.map((entry: { action: string }) => entry.action)).toEqual(['timesheets.update', 'timesheets.clock_out', 'timesheets.clock_in'])
    expect(history.rows[0]).toMatchObject({ actor: { name: 'Olive Owner' } })
    expect(history.rows[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'started_at', before: `${date}T14:00:00.000Z`, after: `${date}T13:30:00.000Z` },
        { field: 'correction_reason', before: null, after: 'Opened the site early, lunch not clocked' },
      ]),
    )
    expect((await call.ok('GET', `/timesheet/${clocked.id}/history`, undefined, lee.token)).count).toBe(3)

    await call.refused(409, 'stale_version', 'PUT', `/timesheet/${clocked.id}`, { version: clocked.version, end: '18:00', reason: 'Stayed late' })
    const noReason = await call.api('PUT', `/timesheet/${clocked.id}`, { version: corrected.version, end: '18:00' })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().details).toHaveProperty(['reason'])
  })

  it('waits for the clock-out, and for a judged timesheet to be reopened', async () => {
    const kim = await call.person('kim@example.com')
    const date = nextMonday()
    const shift = await call.publishedShift({ staff_id: kim.id, location_id: location, service_id: service, date, start: '09:00', end: '17:00' })
    clock.set(shift.starts_at)
    await call.shiftEvent(shift.id, 'shift.clock_in', kim.token)
    const open = await call.timesheetOf(shift.id)
    await call.refused(422, 'timesheet_open', 'PUT', `/timesheet/${open.id}`, { version: open.version, start: '08:00', reason: 'Early' })
    await call.refused(422, 'transition_not_allowed', 'POST', `/timesheet/${open.id}/events`, { type: 'timesheet.approve', version: open.version })

    clock.set(shift.ends_at)
    await call.shiftEvent(shift.id, 'shift.complete', kim.token)
    const closed = await call.timesheetOf(shift.id)
    const approved = await call.ok('POST', `/timesheet/${closed.id}/events`, { type: 'timesheet.approve', version: closed.version })
    await call.refused(422, 'timesheet_not_editable', 'PUT', `/timesheet/${closed.id}`, { version: approved.version, start: '08:00', reason: 'Early' })
    const reopened = await call.ok('POST', `/timesheet/${closed.id}/events`, { type: 'timesheet.reopen', version: approved.version })
    expect(reopened).toMatchObject({ status: 'pending' })
    expect((await call.ok('PUT', `/timesheet/${closed.id}`, { version: reopened.version, start: '08:00', reason: 'Early' })).start_time).toBe('08:00')
  })
})

describe('approving and rejecting', () => {
  it('runs the timesheet machine, tells the staff member, and takes rejected hours out of their week', async () => {
    const noa = await call.person('noa@example.com')
    const date = nextMonday()
    // Ontario: 44 hours a week. Five days of 9 hours are 45: the last hour of Friday is overtime.
    const days = []
    for (let day = 0; day < 5; day += 1) {
      days.push(await call.addHours(work(noa.id, addLocalDays(date, day), { start: '08:00', end: '17:00' })))
    }
    const friday = await call.ok('GET', `/timesheet/${days[4].id}`)
    expect(friday).toMatchObject({ paid_minutes: 540, regular_minutes: 480, overtime_minutes: 60 })

    const approved = await call.ok('POST', `/timesheet/${friday.id}/events`, { type: 'timesheet.approve', version: friday.version })
    expect(approved).toMatchObject({ status: 'approved', allowed_events: ['timesheet.reopen'] })
    const rejected = await call.api('POST', `/timesheet/${days[0].id}/events`, { type: 'timesheet.reject', version: days[0].version, note: 'Not on the schedule' })
    expect(rejected.statusCode).toBe(200)
    expect(rejected.json()).toMatchObject({ message: 'Rejected.', data: { status: 'rejected', allowed_events: ['timesheet.reopen'] } })
    expect(await call.ok('GET', `/timesheet/${friday.id}`)).toMatchObject({ regular_minutes: 540, overtime_minutes: 0 })
    expect((await auditRows(t, owner.business_id, 'timesheets.reject')).at(-1)).toMatchObject({ record_id: days[0].id, before: { status: 'pending' }, after: { status: 'rejected', note: 'Not on the schedule' } })

    const told = (await call.ok('GET', '/notification', undefined, noa.token)).rows
    expect(told.map((n: { operation: string }) => n.operation)).toEqual(['rejected', 'approved'])
    expect(told[1]).toMatchObject({ model: 'timesheets', extra: { timesheet_id: friday.id } })

    await call.refused(422, 'transition_not_allowed', 'POST', `/timesheet/${friday.id}/events`, { type: 'timesheet.approve', version: approved.version })
    await call.refused(409, 'stale_version', 'POST', `/timesheet/${friday.id}/events`, { type: 'timesheet.reopen', version: friday.version })
  })

  it('approves a week all or none, telling each person once', async () => {
    const ivy = await call.person('ivy@example.com')
    const ron = await call.person('ron@example.com')
    const date = nextMonday()
    const ivys = [await workedShift(ivy, date), await call.addHours(work(ivy.id, date, { start: '18:00', end: '20:00' }))]
    const rons = [await workedShift(ron, date)]
    const shift = await call.publishedShift({ staff_id: ron.id, location_id: location, service_id: service, date, start: '18:00', end: '22:00' })
    clock.set(shift.starts_at)
    await call.shiftEvent(shift.id, 'shift.clock_in', ron.token)
    const open = await call.timesheetOf(shift.id)

    const ids = [...ivys, ...rons].map((row) => row.id)
    const refused = await call.refused(422, 'transition_not_allowed', 'POST', '/timesheet/events', { type: 'timesheet.approve', ids: [...ids, open.id] })
    expect(refused.details).toMatchObject({ id: open.id, status: 'pending', event: 'timesheet.approve' })
    for (const id of ids) expect((await call.ok('GET', `/timesheet/${id}`)).status).toBe('pending')

    const done = await call.ok('POST', '/timesheet/events', { type: 'timesheet.approve', ids })
    expect(done.notified).toBe(2)
    expect(done.timesheets.map((row: { status: string }) => row.status)).toEqual(['approved', 'approved', 'approved'])
    const ivyTold = (await call.ok('GET', '/notification', undefined, ivy.token)).rows.filter((n: { model: string }) => n.model === 'timesheets')
    expect(ivyTold).toHaveLength(1)
    expect(ivyTold[0].title).toContain('2')
  })
})

describe('a timesheet an approved payroll counted', () => {
  it('is locked: no correction, no event, nothing offered (422 locked), and its hours stay as paid', async () => {
    const uma = await call.person('uma@example.com')
    const date = nextMonday()
    const sheet = await workedShift(uma, date)
    const approved = await call.ok('POST', `/timesheet/${sheet.id}/events`, { type: 'timesheet.approve', version: sheet.version })
    const pending = await call.addHours(work(uma.id, date, { start: '18:00', end: '19:00' }))
    // What approving a payroll does to the timesheets it counts; a pending one is never locked.
    expect(await lockTimesheets(t.db, owner.business_id, [sheet.id, pending.id], randomUUID(), clock.now())).toEqual([sheet.id])

    const locked = await call.ok('GET', `/timesheet/${sheet.id}`)
    expect(locked).toMatchObject({ status: 'approved', locked: true, allowed_events: [], version: approved.version })
    await call.refused(422, 'locked', 'PUT', `/timesheet/${sheet.id}`, { version: locked.version, end: '18:00', reason: 'Stayed late' })
    await call.refused(422, 'locked', 'POST', `/timesheet/${sheet.id}/events`, { type: 'timesheet.reopen', version: locked.version })
    const bulk = await call.refused(422, 'locked', 'POST', '/timesheet/events', { type: 'timesheet.approve', ids: [pending.id, sheet.id] })
    expect(bulk.details).toMatchObject({ id: sheet.id })
    expect((await call.ok('GET', `/timesheet/${pending.id}`)).status).toBe('pending')

    await call.ok('PUT', '/settings', { overtime_jurisdiction: 'QC' })
    await call.ok('PUT', '/settings', { overtime_jurisdiction: 'ON' })
    expect(await call.ok('GET', `/timesheet/${sheet.id}`)).toEqual(locked)
  })
})

describe('who sees and changes what', () => {
  it('shows staff their own hours only, and lets only managers correct, add and judge', async () => {
    const joe = await call.person('joe@example.com')
    const zoe = await call.person('zoe@example.com')
    const manager = await call.person('max@example.com', 'Manager')
    const date = nextMonday()
    const joes = await workedShift(joe, date)
    const zoes = await workedShift(zoe, date)

    const seen = await call.ok('GET', `/timesheet?from=${date}&to=${date}`, undefined, joe.token)
    expect(seen.rows.map((row: { id: string }) => row.id)).toEqual([joes.id])
    expect(seen.rows[0].allowed_events).toEqual([])
    expect((await call.api('GET', `/timesheet/${zoes.id}`, undefined, joe.token)).statusCode).toBe(404)
    expect((await call.api('GET', `/timesheet/${zoes.id}/history`, undefined, joe.token)).statusCode).toBe(404)
    expect((await call.api('PUT', `/timesheet/${joes.id}`, { version: joes.version, start: '08:00', reason: 'Mine' }, joe.token)).statusCode).toBe(403)
    expect((await call.api('POST', `/timesheet/${joes.id}/events`, { type: 'timesheet.approve', version: joes.version }, joe.token)).statusCode).toBe(403)
    expect((await call.api('POST', '/timesheet', work(joe.id, date, { start: '18:00', end: '19:00' }), joe.token)).statusCode).toBe(403)

    const managed = await call.ok('GET', `/timesheet?from=${date}&to=${date}&sort=staff`, undefined, manager.token)
    expect(managed.rows.map((row: { id: string }) => row.id)).toEqual([joes.id, zoes.id])
    expect(managed.rows[0].allowed_events.sort()).toEqual(['timesheet.approve', 'timesheet.reject'])
    const found = await call.ok('GET', `/timesheet?q=ZOE&from=${date}&to=${date}`, undefined, manager.token)
    expect(found.rows.map((row: { id: string }) => row.id)).toEqual([zoes.id])
    expect((await call.api('POST', `/timesheet/${joes.id}/events`, { type: 'timesheet.approve', version: joes.version }, manager.token)).statusCode).toBe(200)
  })

  it('answers 404 to another business, and never lists its timesheets', async () => {
    const amy = await call.person('amy@example.com')
    const date = nextMonday()
    const mine = await workedShift(amy, date)
    const stranger = other.tokens.token
    expect((await call.api('GET', `/timesheet/${mine.id}`, undefined, stranger)).statusCode).toBe(404)
    expect((await call.api('GET', `/timesheet/${mine.id}/history`, undefined, stranger)).statusCode).toBe(404)
    expect((await call.api('PUT', `/timesheet/${mine.id}`, { version: mine.version, start: '08:00', reason: 'x' }, stranger)).statusCode).toBe(404)
    expect((await call.api('POST', `/timesheet/${mine.id}/events`, { type: 'timesheet.approve', version: mine.version }, stranger)).statusCode).toBe(404)
    expect((await call.api('POST', '/timesheet/events', { type: 'timesheet.approve', ids: [mine.id] }, stranger)).statusCode).toBe(404)
    const theirs = await call.ok('GET', '/timesheet?page_size=100', undefined, stranger)
    expect(theirs.rows.map((row: { id: string }) => row.id)).not.toContain(mine.id)
    expect((await call.ok('GET', `/timesheet/${mine.id}`)).status).toBe('pending')
  })

  it('pages a whole week of a large team in one answer, and only within a bounded range', async () => {
    const date = nextMonday()
    expect((await call.api('GET', '/timesheet?page_size=5000')).statusCode).toBe(400)
    expect((await call.api('GET', `/timesheet?page_size=5000&from=${date}&to=${date}`)).statusCode).toBe(200)
    const backwards = await call.api('GET', `/timesheet?from=${date}&to=2027-01-01`)
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().details).toHaveProperty(['to'])
  })
})
