import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testClock, type TestApp } from '../../helpers/app.ts'
import { registerBusiness, type Owner } from '../../helpers/business.ts'
import { timesheetApi } from '../../helpers/timesheets.ts'

const clock = testClock('2028-01-01T12:00:00Z')

let t: TestApp
let owner: Owner
let other: Owner
let call: ReturnType<typeof timesheetApi>
let tower: string
let clinic: string
let desk: string
let watch: string
let ana: { id: string; token: string }
let ben: { id: string; token: string }

const report = (query: string, token = owner.tokens.token) => call.ok('GET', `/report/timesheets?${query}`, undefined, token)
const hours = (row: Record<string, unknown>) => ({ timesheets: row.timesheets, planned: row.planned_minutes, paid: row.paid_minutes, overtime: row.overtime_minutes })

/**
 * Two weeks of an English business (weeks from Sunday), on Ontario's 44 hours:
 * - Ana: five 9-hour shifts at the Tower's front desk, worked as planned (45 h, one hour over),
 *   then a night watch at the Clinic the next week added without a shift (8 h);
 * - Ben: one 8-hour shift at the Clinic on night watch, clocked 30 minutes late, and one
 *   planned he never came to.
 */
beforeAll(async () => {
  t = await createTestApp({}, { clock })
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
  call = timesheetApi(t, owner, clock)
  tower = (await call.ok('POST', '/location', { name: 'Tower', street: '290 Bremner Blvd', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' })).id
  clinic = (await call.ok('POST', '/location', { name: 'Clinic', street: '1 Bay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2R8' })).id
  desk = (await call.ok('POST', '/service', { name: 'Front desk', bill_rate_cents: 6000, pay_rate_cents: 3000 })).id
  watch = (await call.ok('POST', '/service', { name: 'Night watch', bill_rate_cents: 7000, pay_rate_cents: 3500 })).id
  ana = await call.person('ana@example.com')
  ben = await call.person('ben@example.com')
  for (const date of ['2028-01-10', '2028-01-11', '2028-01-12', '2028-01-13', '2028-01-14']) {
    const shift = await call.publishedShift({ staff_id: ana.id, location_id: tower, service_id: desk, date, start: '08:00', end: '17:00' })
    clock.set(shift.starts_at)
    await call.shiftEvent(shift.id, 'shift.clock_in', ana.token)
    clock.set(shift.ends_at)
    await call.shiftEvent(shift.id, 'shift.complete', ana.token)
  }
  await call.addHours({ staff_id: ana.id, location_id: clinic, service_id: watch, date: '2028-01-18', start: '22:00', end: '06:00' })
  const worked = await call.publishedShift({ staff_id: ben.id, location_id: clinic, service_id: watch, date: '2028-01-12', start: '22:00', end: '06:00' })
  await call.publishedShift({ staff_id: ben.id, location_id: clinic, service_id: watch, date: '2028-01-19', start: '22:00', end: '06:00' })
  clock.set(new Date(Date.parse(worked.starts_at) + 30 * 60_000))
  await call.shiftEvent(worked.id, 'shift.clock_in', ben.token)
  clock.set(worked.ends_at)
  await call.shiftEvent(worked.id, 'shift.complete', ben.token)
  clock.set('2028-01-25T12:00:00Z')
})
afterAll(() => t.close())

describe('the timesheet report', () => {
  it('puts planned beside actual hours and regular beside overtime, by person', async () => {
    const byPerson = await report('from=2028-01-09&to=2028-01-22')
    expect(byPerson).toMatchObject({ from: '2028-01-09', to: '2028-01-22', group_by: 'person' })
    expect(byPerson.rows.map((row: { label: string }) => row.label)).toEqual(['ana Staff', 'ben Staff'])
    expect(hours(byPerson.rows[0])).toEqual({ timesheets: 6, planned: 2700, paid: 3180, overtime: 60 })
    expect(byPerson.rows[0]).toMatchObject({ key: ana.id, regular_minutes: 3120, double_time_minutes: 0 })
    expect(hours(byPerson.rows[1])).toEqual({ timesheets: 1, planned: 960, paid: 450, overtime: 0 })
    expect(byPerson.totals).toEqual({ timesheets: 7, planned_minutes: 3660, paid_minutes: 3630, regular_minutes: 3570, overtime_minutes: 60, double_time_minutes: 0 })
  })

  it('groups by client, by service and by business week', async () => {
    const byClient = await report('from=2028-01-09&to=2028-01-22&group_by=client')
    expect(byClient.rows.map((row: Record<string, unknown>) => [row.label, hours(row)])).toEqual([
      ['Clinic', { timesheets: 2, planned: 960, paid: 930, overtime: 0 }],
      ['Tower', { timesheets: 5, planned: 2700, paid: 2700, overtime: 60 }],
    ])
    const byService = await report('from=2028-01-09&to=2028-01-22&group_by=service')
    expect(byService.rows.map((row: { key: string }) => row.key)).toEqual([desk, watch])
    const byWeek = await report('from=2028-01-09&to=2028-01-22&group_by=week')
    expect(byWeek.rows.map((row: Record<string, unknown>) => [row.key, hours(row)])).toEqual([
      ['2028-01-09', { timesheets: 6, planned: 3180, paid: 3150, overtime: 60 }],
      ['2028-01-16', { timesheets: 1, planned: 480, paid: 480, overtime: 0 }],
    ])
  })

  it('counts only approved hours when asked, and never rejected ones', async () => {
    const { rows } = await call.ok('GET', `/timesheet?from=2028-01-09&to=2028-01-22&filter[staff]=${ben.id}`)
    await call.ok('POST', `/timesheet/${rows[0].id}/events`, { type: 'timesheet.approve', version: rows[0].version })
    const approved = await report('from=2028-01-09&to=2028-01-22&filter[status]=approved')
    expect(approved.rows.map((row: Record<string, unknown>) => [row.label, row.timesheets, row.paid_minutes])).toEqual([
      ['ana Staff', 0, 0],
      ['ben Staff', 1, 450],
    ])
    const night = (await call.ok('GET', `/timesheet?from=2028-01-18&to=2028-01-18&filter[staff]=${ana.id}`)).rows[0]
    await call.ok('POST', `/timesheet/${night.id}/events`, { type: 'timesheet.reject', version: night.version })
    expect((await report('from=2028-01-16&to=2028-01-22')).rows.find((row: { key: string }) => row.key === ana.id)).toBeUndefined()
    await call.ok('POST', `/timesheet/${night.id}/events`, { type: 'timesheet.reopen', version: night.version + 1 })
  })

  it('shows staff their own hours only, and another business nothing of these', async () => {
    const own = await report('from=2028-01-09&to=2028-01-22', ben.token)
    expect(own.rows.map((row: { key: string }) => row.key)).toEqual([ben.id])
    const stranger = await report('from=2028-01-09&to=2028-01-22', other.tokens.token)
    expect(stranger.rows).toEqual([])
    expect(stranger.totals.planned_minutes).toBe(0)
  })

  it('refuses a range backwards or longer than a year, and an unknown grouping', async () => {
    for (const query of ['from=2028-01-22&to=2028-01-09', 'from=2027-01-01&to=2028-01-09', 'from=2028-01-09&to=2028-01-22&group_by=colour', 'to=2028-01-22']) {
      const response = await call.api('GET', `/report/timesheets?${query}`)
      expect(response.statusCode, query).toBe(400)
    }
  })
})
