import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { timesheets, users } from '../../../src/db/schema/index.ts'
import { addUser } from '../../helpers/accounts.ts'
import { createTestApp, testClock, type TestApp } from '../../helpers/app.ts'
import { registerBusiness, type Owner } from '../../helpers/business.ts'
import { timesheetApi } from '../../helpers/timesheets.ts'

const clock = testClock('2026-02-20T12:00:00Z')

let t: TestApp
let owner: Owner
let other: Owner
let call: ReturnType<typeof timesheetApi>
let manager: { id: string; token: string }

const dashboard = (token = owner.tokens.token) => call.ok('GET', '/dashboard', undefined, token)

/** A published shift worked exactly as planned: clocked in at its start, out at its end. */
async function workedShift(shift: Parameters<typeof call.publishedShift>[0], token: string) {
  const published = await call.publishedShift(shift)
  clock.set(published.starts_at)
  await call.shiftEvent(published.id, 'shift.clock_in', token)
  clock.set(published.ends_at)
  await call.shiftEvent(published.id, 'shift.complete', token)
  return published
}

/**
 * An English business in Toronto (weeks from Sunday), seen on Wednesday 11 March 2026. This
 * week (8–14 March) starts on the Sunday the clocks go forward: 167 hours long.
 * Last week (1–7 March):
 * - Ben is scheduled Tuesday 09:00–17:00 less a 30-minute break (450 min) and works it without
 *   the break (480 min at the service's $20.00: $160.00); his timesheet is approved.
 * - Ana (paid $30.00) is added 7 hours Saturday 22:00 to Sunday 06:00 across the change
 *   (420 min, not 480: $210.00), flagged unscheduled, waiting.
 * - A draft shift on Wednesday: not on the schedule.
 * This week:
 * - Ben works Sunday 00:00–08:00 across the change (420 min: $140.00), waiting for approval.
 * - An open shift Thursday 09:00–13:00 (240 min); Ana's Friday shift is still a draft.
 * - Ana asks for a day off on 20 March. Olive (the owner) has no shift; Ivy is only invited.
 */
beforeAll(async () => {
  t = await createTestApp({}, { clock })
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
  call = timesheetApi(t, owner, clock)
  const tower = (await call.ok('POST', '/location', { name: 'Tower', street: '290 Bremner Blvd', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' })).id
  const desk = (await call.ok('POST', '/service', { name: 'Front desk', bill_rate_cents: 4000, pay_rate_cents: 2000 })).id
  const ana = await call.person('ana@example.com')
  const ben = await call.person('ben@example.com')
  manager = await call.person('manny@example.com', 'Manager')
  await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, manager.id))
  await t.db.update(users).set({ pay_rate_cents: 3000 }).where(eq(users.id, ana.id))
  await addUser(t, owner.business_id, { email: 'ivy@example.com', status: 'invited' })
  const at = { location_id: tower, service_id: desk }

  const tuesday = await workedShift({ ...at, staff_id: ben.id, date: '2026-03-03', start: '09:00', end: '17:00', break_minutes: 30 }, ben.token)
  const approved = await call.timesheetOf(tuesday.id)
  await call.ok('POST', `/timesheet/${approved.id}/events`, { type: 'timesheet.approve', version: approved.version })
  await call.addHours({ ...at, staff_id: ana.id, date: '2026-03-07', start: '22:00', end: '06:00' })
  await call.ok('POST', '/schedule', { ...at, staff_id: ben.id, date: '2026-03-04', start: '09:00', end: '12:00' })

  const sunday = await workedShift({ ...at, staff_id: ben.id, date: '2026-03-08', start: '00:00', end: '08:00' }, ben.token)
  // The Tower has no coordinates, so every clocking is flagged unverified: this one is taken as checked.
  await t.db.update(timesheets).set({ flags: [] }).where(eq(timesheets.id, (await call.timesheetOf(sunday.id)).id))
  const open = await call.publishedShift({ ...at, staff_id: null as unknown as string, date: '2026-03-12', start: '09:00', end: '13:00' })
  await call.ok('POST', '/schedule', { ...at, staff_id: ana.id, date: '2026-03-13', start: '09:00', end: '17:00' })
  const [category] = (await call.ok('GET', '/timeoff_category')).rows
  await call.ok('POST', '/timeoff_request', { staff_id: ana.id, category_id: category.id, start_date: '2026-03-20' })
  // Ben's approved Tuesday invoiced on Wednesday 4 March (480 min at $40.00: $320.00 before tax), due the next day: still owed, so overdue now.
  clock.set('2026-03-04T15:00:00Z')
  const invoice = await call.ok('POST', '/invoice', { location_id: tower, period_from: '2026-03-01', period_to: '2026-03-07', due_date: '2026-03-05' })
  await call.ok('POST', `/invoice/${invoice.id}/events`, { type: 'invoice.send', version: invoice.version })
  // A draft invoice is neither invoiced nor owed.
  await call.ok('POST', '/invoice', { location_id: tower, period_from: '2026-03-08', period_to: '2026-03-14', items: [{ description: 'Keys', quantity: '1', unit_price_cents: 5000 }] })
  clock.set('2026-03-11T16:00:00Z')
  // Ana's claim for gloves bought on Monday waits for a decision.
  await call.ok('POST', '/expense', { date: '2026-03-09', category: 'supplies', description: 'Gloves', amount_cents: 2500, tax_cents: 0 }, ana.token)
  // Ben asks for Thursday's open shift.
  await call.ok('POST', `/schedule/${open.id}/events`, { type: 'shift.request', version: open.version }, ben.token)
})
afterAll(() => t.close())

describe('GET /dashboard', () => {
  it('names this week and the last on the business’s clock, and the twelve weeks of the trend', async () => {
    const answer = await dashboard()
    expect(answer).toMatchObject({ timezone: 'America/Toronto', week: { first_day: '2026-03-08', last_day: '2026-03-14' }, last_week: { first_day: '2026-03-01', last_day: '2026-03-07' }, first_run: false })
    expect(answer.trend_weeks).toHaveLength(12)
    expect(answer.trend_weeks[0]).toBe('2025-12-21')
    expect(answer.trend_weeks.at(-1)).toBe('2026-03-08')
  })

  it('counts what needs attention', async () => {
    expect(Object.fromEntries((await dashboard()).attention.map((item: { key: string; count: number }) => [item.key, item.count]))).toEqual({
      open_shifts: 1,
      unpublished_shifts: 1,
      shift_requests: 1,
      pending_timeoff: 1,
      timesheets_to_approve: 2,
      flagged_timesheets: 1,
      unscheduled_people: 1,
      expenses_to_approve: 1,
      overdue_invoices: 1,
    })
  })

  it('opens staff’s requests on the board’s week of the first shift asked about', async () => {
    expect((await dashboard()).attention.find((item: { key: string }) => item.key === 'shift_requests')).toEqual({ key: 'shift_requests', count: 1, date: '2026-03-12' })
  })

  it('puts the week’s hours and labour cost beside last week’s, a clock change counted as the hours it really had', async () => {
    expect((await dashboard()).figures).toEqual([
      { key: 'scheduled_minutes', unit: 'minutes', this_week: 420 + 240, last_week: 450 },
      { key: 'worked_minutes', unit: 'minutes', this_week: 420, last_week: 480 + 420 },
      { key: 'labour_cost_cents', unit: 'cents', this_week: 14000, last_week: 16000 + 21000 },
      { key: 'invoiced_cents', unit: 'cents', this_week: 0, last_week: 32000 },
      { key: 'margin_cents', unit: 'cents', this_week: -14000, last_week: 32000 - 37000 },
    ])
  })

  it('draws the hours and the value invoiced of twelve weeks, oldest first', async () => {
    const [hours, revenue] = (await dashboard()).trends
    const zeros = new Array(10).fill(0)
    expect(hours).toEqual({
      key: 'hours',
      unit: 'minutes',
      series: [
        { key: 'scheduled', values: [...zeros, 450, 660] },
        { key: 'worked', values: [...zeros, 900, 420] },
      ],
    })
    expect(revenue).toEqual({ key: 'revenue', unit: 'cents', series: [{ key: 'invoiced', values: [...zeros, 32000, 0] }] })
  })

  it('names the clients most invoiced over those weeks (sent invoices before tax; drafts not counted)', async () => {
    expect((await dashboard()).top_clients).toEqual([{ id: expect.any(String), name: 'Tower', cents: 32000 }])
    expect((await dashboard(other.tokens.token)).top_clients).toEqual([])
  })

  it('shows another business only its own: nothing yet, so its first run', async () => {
    const theirs = await dashboard(other.tokens.token)
    expect(theirs.first_run).toBe(true)
    expect(theirs.attention.every((item: { key: string; count: number }) => item.count === (item.key === 'unscheduled_people' ? 1 : 0))).toBe(true)
    expect(theirs.figures.every((figure: { this_week: number; last_week: number }) => figure.this_week === 0 && figure.last_week === 0)).toBe(true)
  })

  it('is for administrators only (403 for anyone else, whatever their rights)', async () => {
    const lead = await call.person('lead@example.com', 'Manager')
    await call.refused(403, 'forbidden', 'GET', '/dashboard', undefined, lead.token)
  })
})
