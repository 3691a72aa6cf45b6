import { addLocalDays } from '@rota/core'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shifts, timesheets } from '../../../src/db/schema/index.ts'
import { auditRows } from '../../helpers/accounts.ts'
import { createTestApp, testClock, type TestApp } from '../../helpers/app.ts'
import { registerBusiness, type Owner } from '../../helpers/business.ts'
import { timesheetApi, winterMondays } from '../../helpers/timesheets.ts'

const clock = testClock('2028-01-01T12:00:00Z')
const cnTower = { latitude: 43.6426, longitude: -79.3871 }
const unionStation = { latitude: 43.6453, longitude: -79.3806 }

let t: TestApp
let owner: Owner
let other: Owner
let call: ReturnType<typeof timesheetApi>
let tower: string
let bare: string
let service: string
/** A fresh Monday for each test, a week apart, Toronto on UTC−5 all week. */
const nextMonday = winterMondays()

beforeAll(async () => {
  t = await createTestApp({}, { clock })
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
  call = timesheetApi(t, owner)
  tower = (await call.ok('POST', '/location', { name: 'Harbour Tower', street: '290 Bremner Blvd', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9', ...cnTower })).id
  bare = (await call.ok('POST', '/location', { name: 'Bay Clinic', street: '1 Bay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2R8' })).id
  service = (await call.ok('POST', '/service', { name: 'Front desk', bill_rate_cents: 6000, pay_rate_cents: 3000 })).id
})
afterAll(() => t.close())

const nineToFive = (staff: string, date: string, location = tower) => call.publishedShift({ staff_id: staff, location_id: location, service_id: service, date, start: '09:00', end: '17:00' })

describe('clocking in and out', () => {
  it('moves the shift through the shift machine and keeps the hours, breaks and no flags when on time and on site', async () => {
    const sam = await call.person('sam@example.com')
    const date = nextMonday()
    const shift = await nineToFive(sam.id, date)
    expect(shift.allowed_events).not.toContain('shift.clock_in')
    expect((await call.ok('GET', `/schedule/${shift.id}`, undefined, sam.token)).allowed_events).toContain('shift.clock_in')

    clock.set(`${date}T13:58:00Z`)
    const clockedIn = await call.shiftEvent(shift.id, 'shift.clock_in', sam.token, { position: { ...cnTower, accuracy_m: 15 } })
    expect(clockedIn.statusCode, clockedIn.body).toBe(200)
    expect(clockedIn.json().data).toMatchObject({ status: 'in_progress', clocked_in_at: `${date}T13:58:00.000Z` })
    expect(clockedIn.json().data.allowed_events.sort()).toEqual(['shift.break_start', 'shift.complete'])

    const open = await call.timesheetOf(shift.id)
    expect(open).toMatchObject({
      shift_id: shift.id,
      staff: { id: sam.id },
      location: { id: tower, name: 'Harbour Tower' },
      date,
      started_at: `${date}T13:58:00.000Z`,
      ended_at: null,
      start_time: '08:58',
      end_time: null,
      clocked: { clock_in_at: `${date}T13:58:00.000Z`, clock_out_at: null },
      planned: { starts_at: `${date}T14:00:00.000Z`, ends_at: `${date}T22:00:00.000Z`, paid_minutes: 480 },
      flags: [],
      status: 'pending',
      on_break: false,
    })
    // Hours still being worked cannot be judged yet.
    expect(open.allowed_events).toEqual([])

    clock.set(`${date}T17:00:00Z`)
    expect((await call.shiftEvent(shift.id, 'shift.break_start', sam.token)).statusCode).toBe(200)
    expect(await call.timesheetOf(shift.id)).toMatchObject({ on_break: true })
    const onBreak = await call.ok('GET', `/schedule/${shift.id}`, undefined, sam.token)
    expect(onBreak.allowed_events.sort()).toEqual(['shift.break_end', 'shift.complete'])
    expect(onBreak.clocked_in_at).toBe(`${date}T13:58:00.000Z`)
    expect((await call.shiftEvent(shift.id, 'shift.break_start', sam.token)).json().code).toBe('transition_not_allowed')
    clock.set(`${date}T17:30:20Z`)
    expect((await call.shiftEvent(shift.id, 'shift.break_end', sam.token)).statusCode).toBe(200)

    clock.set(`${date}T22:03:00Z`)
    const clockedOut = await call.shiftEvent(shift.id, 'shift.complete', sam.token, { position: { ...cnTower, accuracy_m: 30 }, note: 'Left the keys at security' })
    expect(clockedOut.statusCode, clockedOut.body).toBe(200)
    expect(clockedOut.json().data).toMatchObject({ status: 'completed', allowed_events: [], clocked_in_at: null })

    const done = await call.timesheetOf(shift.id)
    expect(done).toMatchObject({
      ended_at: `${date}T22:03:00.000Z`,
      end_time: '17:03',
      clocked: { clock_out_at: `${date}T22:03:00.000Z`, break_minutes: 30 },
      break_minutes: 30,
      paid_minutes: 455,
      regular_minutes: 455,
      overtime_minutes: 0,
      flags: [],
      notes: 'Left the keys at security',
      on_break: false,
    })
    expect(done.breaks).toEqual([{ started_at: `${date}T17:00:00.000Z`, ended_at: `${date}T17:30:20.000Z` }])
    expect(done.allowed_events.sort()).toEqual(['timesheet.approve', 'timesheet.reject'])
    const actions = (await auditRows(t, owner.business_id)).filter((row) => row.record_id === shift.id || row.record_id === done.id).map((row) => row.action)
    expect(actions).toEqual(expect.arrayContaining(['shifts.clock_in', 'timesheets.clock_in', 'timesheets.break_start', 'timesheets.break_end', 'timesheets.clock_out', 'shifts.complete']))
  })

  it('flags a late clock-in and an early clock-out past the tolerance, and a position away from the client by its distance', async () => {
    const ana = await call.person('ana@example.com')
    const date = nextMonday()
    const shift = await nineToFive(ana.id, date)
    clock.set(`${date}T14:12:00Z`)
    expect((await call.shiftEvent(shift.id, 'shift.clock_in', ana.token, { position: { ...unionStation, accuracy_m: 20 } })).statusCode).toBe(200)
    clock.set(`${date}T21:15:00Z`)
    expect((await call.shiftEvent(shift.id, 'shift.complete', ana.token, { position: { ...cnTower, accuracy_m: 10 } })).statusCode).toBe(200)
    const sheet = await call.timesheetOf(shift.id)
    expect(sheet.flags).toEqual([
      { kind: 'late_clock_in', at: 'clock_in', minutes: 12, distance_m: null, reason: null },
      { kind: 'outside_location', at: 'clock_in', minutes: null, distance_m: 603, reason: null },
      { kind: 'early_clock_out', at: 'clock_out', minutes: 45, distance_m: null, reason: null },
    ])
    expect(sheet.paid_minutes).toBe(423)
    const flagged = await call.ok('GET', `/timesheet?from=${date}&to=${date}&filter[flagged]=true`)
    expect(flagged.rows.map((row: { id: string }) => row.id)).toContain(sheet.id)
  })

  it('follows the business’s tolerance and radius from its settings', async () => {
    const settings = await call.ok('GET', '/settings')
    expect(settings).toMatchObject({ clock_tolerance_minutes: 5, location_radius_m: 250, forgotten_clock_out_grace_minutes: 60, overtime_jurisdiction: 'ON' })
    await call.ok('PUT', '/settings', { clock_tolerance_minutes: 15, location_radius_m: 700 })
    try {
      const eve = await call.person('eve@example.com')
      const date = nextMonday()
      const shift = await nineToFive(eve.id, date)
      clock.set(`${date}T14:12:00Z`)
      expect((await call.shiftEvent(shift.id, 'shift.clock_in', eve.token, { position: { ...unionStation, accuracy_m: 20 } })).statusCode).toBe(200)
      expect((await call.timesheetOf(shift.id)).flags).toEqual([])
    } finally {
      await call.ok('PUT', '/settings', { clock_tolerance_minutes: 5, location_radius_m: 250 })
    }
    for (const bad of [{ clock_tolerance_minutes: -1 }, { location_radius_m: 5 }, { forgotten_clock_out_grace_minutes: 2000 }, { overtime_jurisdiction: 'XX' }]) {
      const response = await call.api('PUT', '/settings', bad)
      expect(response.statusCode, JSON.stringify(bad)).toBe(400)
    }
  })

  it('clocks in all the same without a position or without the client’s coordinates, flagged unverified', async () => {
    const lee = await call.person('lee@example.com')
    const date = nextMonday()
    const denied = await nineToFive(lee.id, date)
    const elsewhere = await call.publishedShift({ staff_id: lee.id, location_id: bare, service_id: service, date: addLocalDays(date, 1), start: '09:00', end: '17:00' })

    clock.set(`${date}T14:00:00Z`)
    expect((await call.shiftEvent(denied.id, 'shift.clock_in', lee.token, { position: null })).statusCode).toBe(200)
    clock.set(`${date}T22:00:00Z`)
    expect((await call.shiftEvent(denied.id, 'shift.complete', lee.token)).statusCode).toBe(200)
    expect((await call.timesheetOf(denied.id)).flags).toEqual([
      { kind: 'location_unverified', at: 'clock_in', minutes: null, distance_m: null, reason: 'no_position' },
      { kind: 'location_unverified', at: 'clock_out', minutes: null, distance_m: null, reason: 'no_position' },
    ])

    clock.set(elsewhere.starts_at)
    expect((await call.shiftEvent(elsewhere.id, 'shift.clock_in', lee.token, { position: { ...cnTower, accuracy_m: 5 } })).statusCode).toBe(200)
    expect((await call.timesheetOf(elsewhere.id)).flags).toEqual([{ kind: 'location_unverified', at: 'clock_in', minutes: null, distance_m: null, reason: 'no_coordinates' }])
  })

  it('refuses someone else’s shift, a shift that is over, and a second clock-in while clocked in', async () => {
    const kim = await call.person('kim@example.com')
    const noa = await call.person('noa@example.com')
    const date = nextMonday()
    const morning = await call.publishedShift({ staff_id: kim.id, location_id: tower, service_id: service, date, start: '09:00', end: '12:00' })
    const afternoon = await call.publishedShift({ staff_id: kim.id, location_id: tower, service_id: service, date, start: '13:00', end: '17:00' })
    clock.set(`${date}T14:00:00Z`)
    const foreign = await call.api('POST', `/schedule/${morning.id}/events`, { type: 'shift.clock_in', version: morning.version }, noa.token)
    expect(foreign.statusCode).toBe(404)
    const manager = await call.api('POST', `/schedule/${morning.id}/events`, { type: 'shift.clock_in', version: morning.version })
    expect(manager.json().code).toBe('transition_not_allowed')

    expect((await call.shiftEvent(morning.id, 'shift.clock_in', kim.token)).statusCode).toBe(200)
    const twice = await call.shiftEvent(afternoon.id, 'shift.clock_in', kim.token)
    expect(twice.statusCode).toBe(422)
    expect(twice.json()).toMatchObject({ code: 'already_clocked_in', details: { shift_id: morning.id } })

    clock.set(`${date}T22:00:00Z`)
    const over = await call.shiftEvent(afternoon.id, 'shift.clock_in', kim.token)
    expect(over.statusCode).toBe(422)
    expect(over.json().code).toBe('shift_ended')
    expect((await call.ok('GET', `/schedule/${afternoon.id}`)).status).toBe('published')
  })

  it('answers 404 to another business and 400 to a position off the Earth', async () => {
    const max = await call.person('max@example.com')
    const date = nextMonday()
    const shift = await nineToFive(max.id, date)
    clock.set(`${date}T14:00:00Z`)
    const stranger = await call.api('POST', `/schedule/${shift.id}/events`, { type: 'shift.clock_in', version: shift.version }, other.tokens.token)
    expect(stranger.statusCode).toBe(404)
    const offEarth = await call.api('POST', `/schedule/${shift.id}/events`, { type: 'shift.clock_in', version: shift.version, position: { latitude: 123, longitude: 0 } }, max.token)
    expect(offEarth.statusCode).toBe(400)
    expect(offEarth.json().details).toHaveProperty(['position.latitude'])
  })
})

describe('a forgotten clock-out', () => {
  it('stays open through the grace period, then is closed at the planned end when timesheets are read, flagged and told', async () => {
    const ivy = await call.person('ivy@example.com')
    const date = nextMonday()
    const shift = await nineToFive(ivy.id, date)
    clock.set(`${date}T14:00:00Z`)
    expect((await call.shiftEvent(shift.id, 'shift.clock_in', ivy.token)).statusCode).toBe(200)
    clock.set(`${date}T18:00:00Z`)
    expect((await call.shiftEvent(shift.id, 'shift.break_start', ivy.token)).statusCode).toBe(200)

    clock.set(`${date}T22:59:00Z`)
    expect(await call.timesheetOf(shift.id)).toMatchObject({ ended_at: null, on_break: true })
    expect((await call.ok('GET', `/schedule/${shift.id}`)).allowed_events).not.toContain('shift.complete')

    clock.set(`${date}T23:01:00Z`)
    const closed = await call.timesheetOf(shift.id)
    expect(closed).toMatchObject({
      ended_at: `${date}T22:00:00.000Z`,
      clocked: { clock_in_at: `${date}T14:00:00.000Z`, clock_out_at: null, break_minutes: 240 },
      break_minutes: 240,
      paid_minutes: 240,
      on_break: false,
      flags: [
        { kind: 'location_unverified', at: 'clock_in', reason: 'no_position' },
        { kind: 'forgotten_clock_out', at: 'clock_out' },
      ],
    })
    expect(closed.allowed_events.sort()).toEqual(['timesheet.approve', 'timesheet.reject'])
    expect((await call.ok('GET', `/schedule/${shift.id}`)).status).toBe('completed')
    const told = await call.ok('GET', '/notification', undefined, ivy.token)
    expect(told.rows[0]).toMatchObject({ model: 'timesheets', operation: 'forgotten_clock_out', extra: { timesheet_id: closed.id, schedule_id: shift.id } })
    expect(told.rows[0].title).toContain('17:00')
    const [completed] = (await auditRows(t, owner.business_id, 'shifts.complete')).filter((row) => row.record_id === shift.id)
    expect(completed).toMatchObject({ actor_id: null, after: { status: 'completed' } })
  })

  it('is closed at the planned end even when its staff member clocks out after the grace period', async () => {
    const ron = await call.person('ron@example.com')
    const date = nextMonday()
    const shift = await nineToFive(ron.id, date)
    clock.set(`${date}T14:00:00Z`)
    await call.shiftEvent(shift.id, 'shift.clock_in', ron.token)
    clock.set(`${date}T23:30:00Z`)
    const late = await call.shiftEvent(shift.id, 'shift.complete', ron.token, { position: cnTower })
    expect(late.statusCode, late.body).toBe(200)
    expect(await call.timesheetOf(shift.id)).toMatchObject({ ended_at: `${date}T22:00:00.000Z`, paid_minutes: 480, flags: [{ kind: 'location_unverified' }, { kind: 'forgotten_clock_out' }] })
  })

  it('keeps the planned unpaid break when it closes the hours at the planned end', async () => {
    const lea = await call.person('lea@example.com')
    const date = nextMonday()
    const shift = await call.publishedShift({ staff_id: lea.id, location_id: tower, service_id: service, date, start: '09:00', end: '17:00', break_minutes: 30 })
    clock.set(`${date}T14:00:00Z`)
    await call.shiftEvent(shift.id, 'shift.clock_in', lea.token)
    clock.set(`${date}T23:30:00Z`)
    expect(await call.timesheetOf(shift.id)).toMatchObject({ ended_at: `${date}T22:00:00.000Z`, break_minutes: 30, paid_minutes: 450, clocked: { break_minutes: 0 } })
  })

  it('may be closed by a manager from the shift once overdue', async () => {
    const uma = await call.person('uma@example.com')
    const date = nextMonday()
    const shift = await nineToFive(uma.id, date)
    clock.set(`${date}T14:00:00Z`)
    await call.shiftEvent(shift.id, 'shift.clock_in', uma.token)
    clock.set(`${date}T23:10:00Z`)
    // Read the shift directly: reading timesheets would close it first.
    const overdue = await call.ok('GET', `/schedule/${shift.id}`)
    expect(overdue.allowed_events).toEqual(['shift.complete'])
    expect((await call.api('POST', `/schedule/${shift.id}/events`, { type: 'shift.complete', version: overdue.version })).statusCode).toBe(200)
    expect(await call.timesheetOf(shift.id)).toMatchObject({ ended_at: `${date}T22:00:00.000Z`, flags: expect.arrayContaining([expect.objectContaining({ kind: 'forgotten_clock_out' })]) })
  })

  it('is closed by the periodic sweep in every business, each in its own', async () => {
    const theirs = timesheetApi(t, other)
    const them = await theirs.person('them@example.com')
    const place = (await theirs.ok('POST', '/location', { name: 'Depot', street: '3 Rue Main', city: 'Toronto', province: 'ON', postal_code: 'M4C 1A1' })).id
    const job = (await theirs.ok('POST', '/service', { name: 'Loading', bill_rate_cents: 5000, pay_rate_cents: 2500 })).id
    const joe = await call.person('joe@example.com')
    const date = nextMonday()
    const mine = await nineToFive(joe.id, date)
    const foreign = await theirs.publishedShift({ staff_id: them.id, location_id: place, service_id: job, date, start: '09:00', end: '17:00' })
    // Earlier tests left people clocked in: their clock-outs are forgotten by now.
    clock.set(`${date}T13:00:00Z`)
    await t.app.services.clockOuts.sweep()
    clock.set(`${date}T14:00:00Z`)
    await call.shiftEvent(mine.id, 'shift.clock_in', joe.token)
    await theirs.shiftEvent(foreign.id, 'shift.clock_in', them.token)

    // Half an hour past the planned end (whatever the clocks' offset that day), then past the hour of grace.
    const end = Date.parse(mine.ends_at)
    clock.set(new Date(end + 30 * 60_000).toISOString())
    expect(await t.app.services.clockOuts.sweep()).toBe(0)
    clock.set(new Date(end + 90 * 60_000).toISOString())
    expect(await t.app.services.clockOuts.sweep()).toBe(2)
    for (const [business, shiftId] of [[owner.business_id, mine.id], [other.business_id, foreign.id]] as const) {
      const [sheet] = await t.db.select().from(timesheets).where(and(eq(timesheets.business_id, business), eq(timesheets.shift_id, shiftId)))
      expect(sheet?.ended_at?.toISOString()).toBe(mine.ends_at)
      const [row] = await t.db.select({ status: shifts.status }).from(shifts).where(and(eq(shifts.business_id, business), eq(shifts.id, shiftId)))
      expect(row?.status).toBe('completed')
    }
    expect(await t.app.services.clockOuts.sweep()).toBe(0)
  })

  it('is closed before a pay run is counted, so the draft lists its hours as waiting, not as none', async () => {
    const mo = await call.person('mo-forgot@example.com')
    // Last of its kind: a week taken here moves no other test's week across a clock change.
    const date = nextMonday()
    const shift = await nineToFive(mo.id, date)
    clock.set(`${date}T14:00:00Z`)
    await call.shiftEvent(shift.id, 'shift.clock_in', mo.token)
    clock.set(`${date}T23:30:00Z`)
    const run = await call.ok('POST', '/payroll', { date })
    // From the clock-in to the planned end, whatever the clocks' offset that day.
    const worked = (Date.parse(shift.ends_at) - Date.parse(`${date}T14:00:00Z`)) / 60_000
    expect(worked).toBeGreaterThan(0)
    expect(run.unapproved.find((person: { staff: { id: string } }) => person.staff.id === mo.id)).toMatchObject({ timesheets: [{ date, status: 'pending', paid_minutes: worked }] })
    await call.ok('DELETE', `/payroll/${run.id}`)
  })
})
