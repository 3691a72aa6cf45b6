import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testClock, type TestApp } from '../../helpers/app.ts'
import { registerBusiness, type Owner } from '../../helpers/business.ts'
import { timesheetApi } from '../../helpers/timesheets.ts'

const clock = testClock('2026-10-20T12:00:00Z')

let t: TestApp
let owner: Owner
let call: ReturnType<typeof timesheetApi>

/**
 * An Ontario business in Toronto (weeks from Sunday, 44 hours before overtime at 1.5×), seen on
 * Wednesday 4 November 2026. This week starts on the Sunday the clocks go back: 169 hours long.
 * Ana ($20.00 an hour, the service's rate) is scheduled Sunday 00:00–08:00 (nine real hours) and
 * is added five nine-hour days from that Sunday to Thursday: 45 hours, one of them overtime.
 */
beforeAll(async () => {
  t = await createTestApp({}, { clock })
  owner = await registerBusiness(t)
  call = timesheetApi(t, owner, clock)
  const location_id = (await call.ok('POST', '/location', { name: 'Tower', street: '290 Bremner Blvd', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' })).id
  const service_id = (await call.ok('POST', '/service', { name: 'Front desk', bill_rate_cents: 4000, pay_rate_cents: 2000 })).id
  const ana = await call.person('ana@example.com')
  await call.publishedShift({ staff_id: ana.id, location_id, service_id, date: '2026-11-01', start: '00:00', end: '08:00' })
  await call.addHours({ staff_id: ana.id, location_id, service_id, date: '2026-11-01', start: '00:00', end: '08:00' })
  for (const date of ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05']) {
    await call.addHours({ staff_id: ana.id, location_id, service_id, date, start: '09:00', end: '18:00' })
  }
  clock.set('2026-11-04T17:00:00Z')
})
afterAll(() => t.close())

describe('GET /dashboard in the week the clocks go back', () => {
  it('counts the Sunday’s real nine hours, and prices the 45th hour as overtime', async () => {
    const dashboard = await call.ok('GET', '/dashboard')
    expect(dashboard.week).toEqual({ first_day: '2026-11-01', last_day: '2026-11-07' })
    expect(dashboard.figures).toEqual([
      { key: 'scheduled_minutes', unit: 'minutes', this_week: 540, last_week: 0 },
      { key: 'worked_minutes', unit: 'minutes', this_week: 5 * 540, last_week: 0 },
      // 44 hours at $20.00, then one at $30.00.
      { key: 'labour_cost_cents', unit: 'cents', this_week: 88000 + 3000, last_week: 0 },
      // Nothing invoiced yet: the margin is the labour's cost, negative.
      { key: 'invoiced_cents', unit: 'cents', this_week: 0, last_week: 0 },
      { key: 'margin_cents', unit: 'cents', this_week: -(88000 + 3000), last_week: 0 },
    ])
    const [hours] = dashboard.trends
    expect(hours.series.map((series: { values: number[] }) => series.values.at(-1))).toEqual([540, 2700])
    expect(dashboard.trend_weeks.at(-2)).toBe('2026-10-25')
  })
})
