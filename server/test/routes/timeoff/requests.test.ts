import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditRows } from '../../helpers/accounts.ts'
import { createTestApp, testClock, type TestApp } from '../../helpers/app.ts'
import { registerBusiness, type Owner } from '../../helpers/business.ts'
import { apiOf, categoryId, personIn } from './helpers.ts'

/** Now, unless a test moves it: hours are added once worked. */
const clock = testClock()

let t: TestApp
let owner: Owner
let other: Owner
let vacation: string
let sick: string
let location: string
let service: string
const { api, ok, refused, rows } = apiOf(() => t, () => owner)

const person = (email: string, role = 'Staff') => personIn(t, owner.business_id, email, { role })
const days = (category: string, start_date: string, end_date = start_date, extra: object = {}) => ({ category_id: category, period: 'days', start_date, end_date, ...extra })
const notificationsOf = async (token: string) => (await rows('/notification?page_size=50', token)) as { title: string; model: string; extra: Record<string, string> }[]
const balanceOf = async (token: string, category: string, date: string, staff?: string) =>
  ((await ok('GET', `/timeoff_balance?date=${date}${staff ? `&staff_id=${staff}` : ''}`, undefined, token)) as { category: { id: string } }[]).find((b) => b.category.id === category)

/** A shift of a person on a day, drafted and, unless told otherwise, published. */
async function shiftOf(staffId: string | null, date: string, options: { start?: string; end?: string; publish?: boolean } = {}) {
  const [created] = await ok('POST', '/schedule', { staff_id: staffId, location_id: location, service_id: service, date, start: options.start ?? '09:00', end: options.end ?? '17:00' })
  if (options.publish === false) return created
  return ok('POST', `/schedule/${created.id}/events`, { type: 'shift.publish', version: created.version })
}

beforeAll(async () => {
  t = await createTestApp({}, { clock })
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
  vacation = await categoryId(t, owner.business_id, 'Vacation')
  sick = await categoryId(t, owner.business_id, 'Sick leave')
  location = (await ok('POST', '/location', { name: 'Harbour Tower', street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' })).id
  service = (await ok('POST', '/service', { name: 'Night watch', bill_rate_cents: 6000, pay_rate_cents: 3000 })).id
})
afterAll(() => t.close())

describe('asking for time off', () => {
  it('counts whole days, waits for a decision, tells those who decide and offers the person to withdraw it', async () => {
    const manager = await person('mona@example.com', 'Manager')
    const ann = await person('ann@example.com')
    // 2027-03-14 is the day Toronto's clocks spring forward: still one day off.
    const asked = await ok('POST', '/timeoff_request', days(vacation, '2027-03-12', '2027-03-14', { note: 'Family visit' }), ann.token)
    expect(asked).toMatchObject({
      staff: { id: ann.id, name: 'ann Staff' },
      category: { id: vacation, name: 'Vacation', unit: 'days', day_minutes: 480, paid: true },
      period: 'days',
      start_date: '2027-03-12',
      end_date: '2027-03-14',
      starts_at: '2027-03-12T05:00:00.000Z',
      ends_at: '2027-03-15T04:00:00.000Z',
      minutes: 3 * 480,
      note: 'Family visit',
      status: 'pending',
      requested_by: { id: ann.id },
      decided_by: null,
      shifts: [],
      allowed_events: ['timeoff.cancel'],
      version: 1,
    })
    const seen = await ok('GET', `/timeoff_request/${asked.id}`, undefined, manager.token)
    // A manager rejects someone else's request rather than withdrawing it.
    expect(seen.allowed_events.sort()).toEqual(['timeoff.approve', 'timeoff.reject'])
    for (const token of [manager.token, owner.tokens.token]) {
      expect((await notificationsOf(token))[0]).toMatchObject({ title: 'ann Staff asked for time off (Vacation): Fri, Mar 12 – Sun, Mar 14.', model: 'timeoff-requests', extra: { timeoff_request_id: asked.id } })
    }
    expect((await auditRows(t, owner.business_id, 'timeoff-requests.create')).at(-1)).toMatchObject({ record_id: asked.id, after: { status: 'pending', minutes: 1440 } })
  })

  it('takes half a day or some hours of one day', async () => {
    const ben = await person('ben@example.com')
    const afternoon = await ok('POST', '/timeoff_request', { category_id: sick, period: 'half_day', start_date: '2027-06-01', half: 'afternoon' }, ben.token)
    expect(afternoon).toMatchObject({ end_date: '2027-06-01', half: 'afternoon', start_time: null, minutes: 240, starts_at: '2027-06-01T16:00:00.000Z', ends_at: '2027-06-02T04:00:00.000Z' })
    const appointment = await ok('POST', '/timeoff_request', { category_id: sick, period: 'hours', start_date: '2027-06-02', start_time: '14:00', end_time: '16:15' }, ben.token)
    expect(appointment).toMatchObject({ half: null, start_time: '14:00', end_time: '16:15', minutes: 135, starts_at: '2027-06-02T18:00:00.000Z', ends_at: '2027-06-02T20:15:00.000Z' })
  })

  it('answers 400 naming the field for a period that does not hold together', async () => {
    const cy = await person('cy@example.com')
    for (const [body, field] of [
      [days(vacation, '2027-04-10', '2027-04-09'), 'end_date'],
      [days(vacation, '2027-04-10', '2028-04-10'), 'end_date'],
      [{ category_id: vacation, period: 'half_day', start_date: '2027-04-10' }, 'half'],
      [{ category_id: vacation, period: 'hours', start_date: '2027-04-10', start_time: '16:00', end_time: '09:00' }, 'end_time'],
      [{ category_id: vacation, period: 'hours', start_date: '2027-04-10', end_date: '2027-04-11', start_time: '09:00', end_time: '10:00' }, 'end_date'],
      [days(vacation, '2027-02-30'), 'start_date'],
    ] as const) {
      const answer = await refused(400, 'POST', '/timeoff_request', body, cy.token)
      expect(answer.details, JSON.stringify(body)).toHaveProperty([field])
    }
  })

  it('refuses a second request over the same time, an unknown or archived category, and someone else’s name from staff', async () => {
    const dee = await person('dee@example.com')
    const eli = await person('eli@example.com')
    await ok('POST', '/timeoff_request', days(vacation, '2027-05-03', '2027-05-05'), dee.token)
    expect((await refused(422, 'POST', '/timeoff_request', { category_id: sick, period: 'half_day', start_date: '2027-05-05', half: 'morning' }, dee.token)).code).toBe('timeoff_overlap')
    expect((await refused(422, 'POST', '/timeoff_request', days(await categoryId(t, other.business_id, 'Vacation'), '2027-06-01'), dee.token)).code).toBe('category_not_found')
    const archived = await ok('POST', '/timeoff_category', { name: 'Sabbatical' })
    await ok('PUT', `/timeoff_category/${archived.id}`, { active: false, version: archived.version })
    expect((await refused(422, 'POST', '/timeoff_request', days(archived.id, '2027-06-01'), dee.token)).code).toBe('category_archived')
    expect((await refused(403, 'POST', '/timeoff_request', days(vacation, '2027-06-01', '2027-06-01', { staff_id: eli.id }), dee.token)).code).toBe('forbidden')
  })

  it('lets a manager record time off for someone, who is told', async () => {
    const manager = await person('max@example.com', 'Manager')
    const fay = await person('fay@example.com')
    const recorded = await ok('POST', '/timeoff_request', days(sick, '2027-02-01', '2027-02-01', { staff_id: fay.id }), manager.token)
    expect(recorded).toMatchObject({ staff: { id: fay.id }, requested_by: { id: manager.id, name: 'max Staff' }, status: 'pending' })
    expect((await notificationsOf(fay.token))[0]).toMatchObject({ title: 'max Staff recorded time off for you (Sick leave): Mon, Feb 1.', extra: { timeoff_request_id: recorded.id } })
    expect(recorded.allowed_events).toContain('timeoff.approve')
    expect((await ok('GET', `/timeoff_request/${recorded.id}`, undefined, fay.token)).allowed_events).toEqual(['timeoff.cancel'])
  })
})

describe('balances', () => {
  it('spend a yearly allowance as time off is approved, refusing more than is left unless the category allows it', async () => {
    const gil = await person('gil@example.com')
    const before = await balanceOf(gil.token, vacation, '2027-07-01')
    expect(before).toMatchObject({ year: 2027, tracked: true, carried_over_minutes: 0, earned_minutes: 4800, used_minutes: 0, pending_minutes: 0, balance_minutes: 4800, available_minutes: 4800 })
    const week = await ok('POST', '/timeoff_request', days(vacation, '2027-07-05', '2027-07-09'), gil.token)
    expect(await balanceOf(gil.token, vacation, '2027-07-01')).toMatchObject({ pending_minutes: 2400, balance_minutes: 4800, available_minutes: 2400 })
    const over = await refused(422, 'POST', '/timeoff_request', days(vacation, '2027-08-02', '2027-08-07'), gil.token)
    expect(over).toMatchObject({ code: 'timeoff_over_balance', details: { available_minutes: 2400, requested_minutes: 2880 } })
    await ok('POST', `/timeoff_request/${week.id}/events`, { type: 'timeoff.approve', version: 1 })
    expect(await balanceOf(gil.token, vacation, '2027-07-01')).toMatchObject({ used_minutes: 2400, pending_minutes: 0, balance_minutes: 2400, available_minutes: 2400 })

    const loose = await ok('POST', '/timeoff_category', { name: `Flexible ${Date.now()}`, accrual: 'yearly', yearly_allowance_minutes: 480, allow_negative: true })
    const borrowed = await ok('POST', '/timeoff_request', days(loose.id, '2027-08-02', '2027-08-04'), gil.token)
    await ok('POST', `/timeoff_request/${borrowed.id}/events`, { type: 'timeoff.approve', version: 1 })
    expect(await balanceOf(gil.token, loose.id, '2027-09-01')).toMatchObject({ used_minutes: 1440, balance_minutes: -960, allow_negative: true })
    // What is owed is carried into the next year in full.
    expect(await balanceOf(gil.token, loose.id, '2028-01-10')).toMatchObject({ carried_over_minutes: -960, earned_minutes: 480, balance_minutes: -480 })
  })

  it('carry what is left into the next year, at most the cap', async () => {
    const hal = await person('hal@example.com')
    const taken = await ok('POST', '/timeoff_request', days(vacation, '2027-10-04', '2027-10-05'), hal.token)
    await ok('POST', `/timeoff_request/${taken.id}/events`, { type: 'timeoff.approve', version: 1 })
    // 4800 − 960 = 3840 left at the end of 2027; the cap is 2400 (five days).
    expect(await balanceOf(hal.token, vacation, '2028-03-01')).toMatchObject({ year: 2028, carried_over_minutes: 2400, earned_minutes: 4800, balance_minutes: 7200 })
    // Sick days do not carry over; what the person is not asking about says so too.
    expect(await balanceOf(hal.token, sick, '2028-03-01')).toMatchObject({ carried_over_minutes: 0, earned_minutes: 1440 })
    const uncapped = await ok('POST', '/timeoff_category', { name: 'Banked vacation', accrual: 'yearly', yearly_allowance_minutes: 4800 })
    expect(await balanceOf(hal.token, uncapped.id, '2029-01-01')).toMatchObject({ carried_over_minutes: 9600, balance_minutes: 14_400 })
  })

  it('accrue per hour worked on approved timesheets, and take hourly leave from them', async () => {
    const ivy = await person('ivy@example.com')
    const banked = await ok('POST', '/timeoff_category', { name: 'Banked hours', unit: 'hours', accrual: 'per_hour_worked', accrual_rate: '0.05' })
    const worked = async (date: string) => ok('POST', '/timesheet', { staff_id: ivy.id, location_id: location, service_id: service, date, start: '09:00', end: '17:30', break_minutes: 30 })
    // Added once worked: the clock stands after the last of these hours (Wednesday the 13th, 17:30 in Toronto), before Thursday's shift.
    const now = clock.now()
    clock.set('2027-01-14T00:00:00Z')
    for (const date of ['2027-01-11', '2027-01-12']) {
      const hours = await worked(date)
      await ok('POST', `/timesheet/${hours.id}/events`, { type: 'timesheet.approve', version: hours.version })
    }
    // Hours worked but not approved yet earn nothing, nor do shifts planned.
    await worked('2027-01-13')
    await shiftOf(ivy.id, '2027-01-14')
    expect(await balanceOf(ivy.token, banked.id, '2027-02-01')).toMatchObject({ category: { unit: 'hours' }, earned_minutes: 48, balance_minutes: 48 })
    expect((await refused(422, 'POST', '/timeoff_request', { category_id: banked.id, period: 'hours', start_date: '2027-02-03', start_time: '10:00', end_time: '11:00' }, ivy.token)).code).toBe('timeoff_over_balance')
    const short = await ok('POST', '/timeoff_request', { category_id: banked.id, period: 'hours', start_date: '2027-02-03', start_time: '10:00', end_time: '10:45' }, ivy.token)
    expect(short.minutes).toBe(45)
    expect(await balanceOf(ivy.token, banked.id, '2027-02-01')).toMatchObject({ available_minutes: 3 })
    clock.set(now)
  })

  it('keep no balance for a category without accrual, counting what was used', async () => {
    const jo = await person('jo@example.com')
    const unpaid = await categoryId(t, owner.business_id, 'Unpaid leave')
    const month = await ok('POST', '/timeoff_request', days(unpaid, '2027-11-01', '2027-11-30'), jo.token)
    await ok('POST', `/timeoff_request/${month.id}/events`, { type: 'timeoff.approve', version: 1 })
    expect(await balanceOf(jo.token, unpaid, '2027-12-01')).toMatchObject({ tracked: false, used_minutes: 30 * 480, balance_minutes: 0 })
  })

  it('are one’s own to read, anyone’s for someone who decides', async () => {
    const kit = await person('kit@example.com')
    const lee = await person('lee@example.com')
    const manager = await person('meg@example.com', 'Manager')
    expect((await api('GET', `/timeoff_balance?staff_id=${lee.id}`, undefined, kit.token)).statusCode).toBe(403)
    expect(await balanceOf(manager.token, vacation, '2027-01-05', lee.id)).toMatchObject({ earned_minutes: 4800 })
    expect((await refused(422, 'GET', `/timeoff_balance?staff_id=${lee.id}`, undefined, other.tokens.token)).code).toBe('staff_not_found')
  })
})

describe('deciding', () => {
  it('shows the shifts a request touches, and keeps them when approved without unassigning: the schedule then shows the clash', async () => {
    const manager = await person('ned@example.com', 'Manager')
    const kim = await person('kim@example.com')
    const published = await shiftOf(kim.id, '2027-04-06')
    const drafted = await shiftOf(kim.id, '2027-04-07', { publish: false })
    await shiftOf(kim.id, '2027-04-09')
    const asked = await ok('POST', '/timeoff_request', days(vacation, '2027-04-06', '2027-04-07'), kim.token)
    // Staff see their published shifts only; a manager sees the drafts too.
    expect(asked.shifts.map((s: { id: string }) => s.id)).toEqual([published.id])
    const seen = await ok('GET', `/timeoff_request/${asked.id}`, undefined, manager.token)
    expect(seen.shifts).toMatchObject([
      { id: published.id, date: '2027-04-06', start_time: '09:00', end_time: '17:00', status: 'published', location: { name: 'Harbour Tower' }, service: { name: 'Night watch' } },
      { id: drafted.id, date: '2027-04-07', status: 'draft' },
    ])
    const approved = await ok('POST', `/timeoff_request/${asked.id}/events`, { type: 'timeoff.approve', version: 1 }, manager.token)
    expect(approved).toMatchObject({ status: 'approved', decided_by: { id: manager.id }, allowed_events: ['timeoff.cancel'] })
    expect(approved.shifts).toHaveLength(2)
    expect((await ok('GET', `/schedule/${published.id}`)).conflicts).toMatchObject([{ kind: 'time_off', severity: 'error' }])
    expect((await notificationsOf(kim.token))[0]).toMatchObject({ title: 'Your time off (Vacation) was approved: Tue, Apr 6 – Wed, Apr 7.' })
  })

  it('unassigns the person’s shifts in the same transaction: they become open, the person and the schedulers are told', async () => {
    const manager = await person('oli@example.com', 'Manager')
    const scheduler = await person('pia@example.com', 'Manager')
    const lou = await person('lou@example.com')
    const published = await shiftOf(lou.id, '2027-05-10')
    const drafted = await shiftOf(lou.id, '2027-05-11', { publish: false })
    const after = await shiftOf(lou.id, '2027-05-13')
    const asked = await ok('POST', '/timeoff_request', days(vacation, '2027-05-10', '2027-05-12'), lou.token)
    const dropped = await ok('POST', `/schedule/${published.id}/events`, { type: 'shift.drop', version: published.version }, lou.token)
    expect(dropped.requests).toHaveLength(1)
    const approved = await ok('POST', `/timeoff_request/${asked.id}/events`, { type: 'timeoff.approve', version: 1, unassign_shifts: true }, manager.token)
    expect(approved.shifts).toEqual([])
    expect(await ok('GET', `/schedule/${published.id}`)).toMatchObject({ staff: null, status: 'published', pending_change: null, requests: [] })
    expect(await ok('GET', `/schedule/${drafted.id}`)).toMatchObject({ staff: null, status: 'draft' })
    expect((await ok('GET', `/schedule/${after.id}`)).staff.id).toBe(lou.id)
    expect((await notificationsOf(lou.token))[0]!.title).toBe('Your time off (Vacation) was approved: Mon, May 10 – Wed, May 12. Your shifts then were taken off you (2).')
    expect((await notificationsOf(scheduler.token))[0]).toMatchObject({ title: 'Shifts to fill (1): lou Staff is away Mon, May 10 – Wed, May 12.', extra: { schedule_id: published.id } })
    expect((await notificationsOf(manager.token)).some((n) => n.title.startsWith('Shifts to fill'))).toBe(false)
    expect((await auditRows(t, owner.business_id, 'shifts.unassign')).map((row) => row.record_id)).toEqual(expect.arrayContaining([published.id, drafted.id]))
    // The open shift is anyone's to ask for now.
    const colleague = await person('quin@example.com')
    expect((await ok('GET', `/schedule/${published.id}`, undefined, colleague.token)).allowed_events).toContain('shift.request')
  })

  it('gives back the shifts it opened once cancelled: those still open, not those someone else took', async () => {
    const manager = await person('rae@example.com', 'Manager')
    const sol = await person('sol@example.com')
    const taker = await person('tam@example.com')
    const monday = await shiftOf(sol.id, '2027-06-07')
    const tuesday = await shiftOf(sol.id, '2027-06-08')
    const drafted = await shiftOf(sol.id, '2027-06-09', { publish: false })
    const asked = await ok('POST', '/timeoff_request', days(vacation, '2027-06-07', '2027-06-09'), sol.token)
    const approved = await ok('POST', `/timeoff_request/${asked.id}/events`, { type: 'timeoff.approve', version: 1, unassign_shifts: true }, manager.token)
    expect(approved.opened_shifts).toBe(3)
    // Tuesday went to someone else meanwhile.
    const open = await ok('GET', `/schedule/${tuesday.id}`)
    await ok('POST', `/schedule/${tuesday.id}/events`, { type: 'shift.assign', version: open.version, staff_id: taker.id }, manager.token)
    const asking = await ok('POST', `/timeoff_request/${asked.id}/events`, { type: 'timeoff.cancel', version: approved.version }, sol.token)
    const cancelled = await ok('POST', `/timeoff_request/${asked.id}/events`, { type: 'timeoff.cancellation.approve', version: asking.version }, manager.token)
    expect(cancelled).toMatchObject({ status: 'cancelled', opened_shifts: 0 })
    expect(await ok('GET', `/schedule/${monday.id}`)).toMatchObject({ staff: { id: sol.id }, status: 'published', pending_change: null })
    expect(await ok('GET', `/schedule/${drafted.id}`)).toMatchObject({ staff: { id: sol.id }, status: 'draft' })
    expect((await ok('GET', `/schedule/${tuesday.id}`)).staff.id).toBe(taker.id)
    expect((await notificationsOf(sol.token))[0]!.title).toBe('Your time off (Vacation) is cancelled: Mon, Jun 7 – Wed, Jun 9. Shifts taken off you for it are yours again (2).')
    expect((await auditRows(t, owner.business_id, 'shifts.assign')).map((row) => row.record_id)).toEqual(expect.arrayContaining([monday.id, drafted.id]))
  })

  it('approves many at once, or none: a refusal leaves every request and shift as it was', async () => {
    const ray = await person('ray@example.com')
    const shift = await shiftOf(ray.id, '2027-06-07')
    const first = await ok('POST', '/timeoff_request', days(vacation, '2027-06-07'), ray.token)
    const second = await ok('POST', '/timeoff_request', days(vacation, '2027-06-14'), ray.token)
    await ok('POST', `/timeoff_request/${second.id}/events`, { type: 'timeoff.reject', version: 1, reason: 'Inventory week' })
    const response = await refused(422, 'POST', '/timeoff_request/events', { type: 'timeoff.approve', ids: [first.id, second.id], unassign_shifts: true })
    expect(response).toMatchObject({ code: 'transition_not_allowed', details: { id: second.id, status: 'rejected' } })
    expect((await ok('GET', `/timeoff_request/${first.id}`)).status).toBe('pending')
    expect((await ok('GET', `/schedule/${shift.id}`)).staff.id).toBe(ray.id)
    const done = await ok('POST', '/timeoff_request/events', { type: 'timeoff.approve', ids: [first.id], unassign_shifts: true })
    expect(done.requests).toMatchObject([{ id: first.id, status: 'approved' }])
    expect((await ok('GET', `/schedule/${shift.id}`)).staff).toBeNull()
  })

  it('rejects with a reason the person is told', async () => {
    const sue = await person('sue@example.com')
    const asked = await ok('POST', '/timeoff_request', days(vacation, '2027-09-06'), sue.token)
    expect((await refused(400, 'POST', `/timeoff_request/${asked.id}/events`, { type: 'timeoff.reject', version: 1 })).details).toHaveProperty('reason')
    const rejected = await ok('POST', `/timeoff_request/${asked.id}/events`, { type: 'timeoff.reject', version: 1, reason: 'Short-staffed that week' })
    expect(rejected).toMatchObject({ status: 'rejected', decision_note: 'Short-staffed that week', allowed_events: [] })
    expect((await notificationsOf(sue.token))[0]!.title).toBe('Your time off (Vacation) was declined: Mon, Sep 6. Short-staffed that week')
    expect((await refused(422, 'POST', `/timeoff_request/${asked.id}/events`, { type: 'timeoff.approve', version: 2 })).code).toBe('transition_not_allowed')
    expect((await refused(409, 'POST', `/timeoff_request/${asked.id}/events`, { type: 'timeoff.approve', version: 1 })).code).toBe('stale_version')
  })

  it('re-checks the balance when approving', async () => {
    const tom = await person('tom@example.com')
    const personal = await ok('POST', '/timeoff_category', { name: 'Personal days', accrual: 'yearly', yearly_allowance_minutes: 1440 })
    const asked = await ok('POST', '/timeoff_request', days(personal.id, '2027-03-01', '2027-03-02'), tom.token)
    await ok('PUT', `/timeoff_category/${personal.id}`, { yearly_allowance_minutes: 480, version: personal.version })
    const over = await refused(422, 'POST', `/timeoff_request/${asked.id}/events`, { type: 'timeoff.approve', version: 1 })
    expect(over).toMatchObject({ code: 'timeoff_over_balance', details: { available_minutes: 480, requested_minutes: 960 } })
    expect((await ok('GET', `/timeoff_request/${asked.id}`)).status).toBe('pending')
  })

  it('withdraws a pending request at once, and asks to cancel approved time off, which restores the balance once agreed', async () => {
    const manager = await person('vic@example.com', 'Manager')
    const wes = await person('wes@example.com')
    const pending = await ok('POST', '/timeoff_request', days(vacation, '2027-12-20'), wes.token)
    expect((await ok('POST', `/timeoff_request/${pending.id}/events`, { type: 'timeoff.cancel', version: 1 }, wes.token)).status).toBe('cancelled')
    expect((await notificationsOf(manager.token))[0]!.title).toBe('wes Staff withdrew their request for time off (Vacation): Mon, Dec 20.')

    const approvedOne = await ok('POST', '/timeoff_request', days(vacation, '2027-12-06', '2027-12-08'), wes.token)
    await ok('POST', `/timeoff_request/${approvedOne.id}/events`, { type: 'timeoff.approve', version: 1 }, manager.token)
    expect(await balanceOf(wes.token, vacation, '2027-12-01')).toMatchObject({ used_minutes: 1440 })
    const asking = await ok('POST', `/timeoff_request/${approvedOne.id}/events`, { type: 'timeoff.cancel', version: 2 }, wes.token)
    expect(asking).toMatchObject({ status: 'cancellation_requested', allowed_events: [] })
    expect((await notificationsOf(manager.token))[0]!.title).toBe('wes Staff asked to cancel approved time off (Vacation): Mon, Dec 6 – Wed, Dec 8.')
    // Until a manager agrees, the person is away and the days spent.
    expect(await balanceOf(wes.token, vacation, '2027-12-01')).toMatchObject({ used_minutes: 1440 })
    expect((await refused(422, 'POST', '/schedule', { staff_id: wes.id, location_id: location, service_id: service, date: '2027-12-07', start: '09:00', end: '17:00' })).code).toBe('shift_time_off')

    const refusedCancel = await ok('POST', `/timeoff_request/${approvedOne.id}/events`, { type: 'timeoff.cancellation.refuse', version: 3, reason: 'Already replaced' }, manager.token)
    expect(refusedCancel).toMatchObject({ status: 'approved', decision_note: 'Already replaced' })
    expect((await notificationsOf(wes.token))[0]!.title).toBe('Your time off (Vacation) stays approved: Mon, Dec 6 – Wed, Dec 8. Already replaced')
    await ok('POST', `/timeoff_request/${approvedOne.id}/events`, { type: 'timeoff.cancel', version: 4 }, wes.token)
    const cancelled = await ok('POST', `/timeoff_request/${approvedOne.id}/events`, { type: 'timeoff.cancellation.approve', version: 5 }, manager.token)
    expect(cancelled.status).toBe('cancelled')
    expect(await balanceOf(wes.token, vacation, '2027-12-01')).toMatchObject({ used_minutes: 0, balance_minutes: 4800 })
    expect((await notificationsOf(wes.token))[0]!.title).toBe('Your time off (Vacation) is cancelled: Mon, Dec 6 – Wed, Dec 8.')
    await shiftOf(wes.id, '2027-12-07')
  })
})

describe('who sees and decides what', () => {
  it('shows staff their own requests only, managers everyone’s, and leaves a manager’s own to someone else', async () => {
    const manager = await person('xan@example.com', 'Manager')
    const yul = await person('yul@example.com')
    const zed = await person('zed@example.com')
    const yuls = await ok('POST', '/timeoff_request', days(vacation, '2027-08-16'), yul.token)
    const zeds = await ok('POST', '/timeoff_request', days(vacation, '2027-08-16'), zed.token)
    const managers = await ok('POST', '/timeoff_request', days(vacation, '2027-08-17'), manager.token)
    const range = '/timeoff_request?from=2027-08-16&to=2027-08-17&page_size=100'
    expect((await rows(range, yul.token)).map((r: { id: string }) => r.id)).toEqual([yuls.id])
    expect((await api('GET', `/timeoff_request/${zeds.id}`, undefined, yul.token)).statusCode).toBe(404)
    expect((await api('POST', `/timeoff_request/${zeds.id}/events`, { type: 'timeoff.cancel', version: 1 }, yul.token)).statusCode).toBe(404)
    expect((await refused(403, 'POST', `/timeoff_request/${yuls.id}/events`, { type: 'timeoff.approve', version: 1 }, yul.token)).code).toBe('forbidden')
    expect((await api('POST', '/timeoff_request/events', { type: 'timeoff.approve', ids: [yuls.id] }, yul.token)).statusCode).toBe(403)

    const everyone = (await rows(range, manager.token)).map((r: { id: string }) => r.id)
    expect(everyone).toEqual(expect.arrayContaining([yuls.id, zeds.id, managers.id]))
    expect((await rows(`${range}&filter[scope]=mine`, manager.token)).map((r: { id: string }) => r.id)).toEqual([managers.id])
    expect((await rows(`${range}&filter[scope]=team`, manager.token)).map((r: { id: string }) => r.id)).not.toContain(managers.id)
    expect((await rows(`${range}&filter[staff]=${zed.id}`, manager.token)).map((r: { id: string }) => r.id)).toEqual([zeds.id])

    expect((await refused(403, 'POST', `/timeoff_request/${yuls.id}/events`, { type: 'timeoff.cancel', version: 1 }, manager.token)).code).toBe('forbidden')
    const own = await ok('GET', `/timeoff_request/${managers.id}`, undefined, manager.token)
    expect(own.allowed_events).toEqual(['timeoff.cancel'])
    expect((await refused(403, 'POST', `/timeoff_request/${managers.id}/events`, { type: 'timeoff.approve', version: 1 }, manager.token)).code).toBe('forbidden')
    expect((await ok('POST', `/timeoff_request/${managers.id}/events`, { type: 'timeoff.approve', version: 1 })).status).toBe('approved')
  })

  it('needs the schedule in hand to take shifts off someone', async () => {
    const role = await ok('POST', '/role', {
      name: 'Time-off clerk',
      permissions: [{ model_name: 'timeoff-requests', read: true, create: true, update: true, delete: false }],
    })
    const clerk = await personIn(t, owner.business_id, 'clerk@example.com', { role: role.name })
    const amy = await person('amy@example.com')
    const asked = await ok('POST', '/timeoff_request', days(vacation, '2027-10-18'), amy.token)
    expect((await refused(403, 'POST', `/timeoff_request/${asked.id}/events`, { type: 'timeoff.approve', version: 1, unassign_shifts: true }, clerk.token)).code).toBe('forbidden')
    expect((await ok('POST', `/timeoff_request/${asked.id}/events`, { type: 'timeoff.approve', version: 1 }, clerk.token)).status).toBe('approved')
  })

  it('keeps every business’s time off to itself', async () => {
    const bo = await person('bo@example.com')
    const ours = await ok('POST', '/timeoff_request', days(vacation, '2027-09-20'), bo.token)
    const theirs = other.tokens.token
    expect((await api('GET', `/timeoff_request/${ours.id}`, undefined, theirs)).statusCode).toBe(404)
    expect((await api('POST', `/timeoff_request/${ours.id}/events`, { type: 'timeoff.approve', version: 1 }, theirs)).statusCode).toBe(404)
    expect((await api('POST', '/timeoff_request/events', { type: 'timeoff.approve', ids: [ours.id] }, theirs)).statusCode).toBe(404)
    expect(await rows('/timeoff_request?page_size=100', theirs)).toEqual([])
    expect((await refused(422, 'POST', '/timeoff_request', days(vacation, '2027-09-20', '2027-09-20', { staff_id: bo.id }), theirs)).code).toBe('staff_not_found')
    expect((await ok('GET', '/timeoff_calendar?from=2027-09-01&to=2027-09-30', undefined, theirs))).toEqual([])
    expect((await ok('GET', `/timeoff_request/${ours.id}`)).status).toBe('pending')
  })
})

describe('a request’s history', () => {
  it('lists what happened to it, newest first, to those who may see it', async () => {
    const fin = await person('fin@example.com')
    const gus = await person('gus@example.com')
    const asked = await ok('POST', '/timeoff_request', days(vacation, '2028-04-03'), fin.token)
    await ok('POST', `/timeoff_request/${asked.id}/events`, { type: 'timeoff.reject', version: 1, reason: 'Audit week' })
    const history = await rows(`/timeoff_request/${asked.id}/history`, fin.token)
    expect(history.map((entry: { action: string }) => entry.action)).toEqual(['timeoff-requests.reject', 'timeoff-requests.create'])
    expect(history[0]).toMatchObject({
      actor: { name: 'Olive Owner' },
      changes: [
        { field: 'status', before: 'pending', after: 'rejected' },
        { field: 'decision_note', before: null, after: 'Audit week' },
      ],
    })
    expect((await api('GET', `/timeoff_request/${asked.id}/history`, undefined, gus.token)).statusCode).toBe(404)
    expect((await api('GET', `/timeoff_request/${asked.id}/history`, undefined, other.tokens.token)).statusCode).toBe(404)
  })
})

describe('lists and the calendar', () => {
  it('filters by status (several at once), category and a range, and gives a whole week at once for a bounded range', async () => {
    const cal = await person('cal@example.com')
    const a = await ok('POST', '/timeoff_request', days(vacation, '2028-02-07'), cal.token)
    const b = await ok('POST', '/timeoff_request', days(sick, '2028-02-08'), cal.token)
    const c = await ok('POST', '/timeoff_request', days(vacation, '2028-02-21'), cal.token)
    await ok('POST', `/timeoff_request/${a.id}/events`, { type: 'timeoff.approve', version: 1 })
    await ok('POST', `/timeoff_request/${b.id}/events`, { type: 'timeoff.approve', version: 1 })
    await ok('POST', `/timeoff_request/${b.id}/events`, { type: 'timeoff.cancel', version: 2 })
    const week = `/timeoff_request?from=2028-02-07&to=2028-02-13&page_size=5000&filter[staff]=${cal.id}`
    expect((await rows(`${week}&filter[status]=approved`)).map((r: { id: string }) => r.id)).toEqual([a.id])
    expect((await rows(`${week}&filter[status]=approved,cancellation_requested`)).map((r: { id: string }) => r.id)).toEqual([a.id, b.id])
    expect((await rows(`${week}&filter[category]=${sick}`)).map((r: { id: string }) => r.id)).toEqual([b.id])
    expect((await rows(`/timeoff_request?from=2028-02-14&to=2028-02-27&filter[staff]=${cal.id}`)).map((r: { id: string }) => r.id)).toEqual([c.id])
    expect((await refused(400, 'GET', '/timeoff_request?page_size=5000')).details).toHaveProperty('page_size')
    expect((await refused(400, 'GET', '/timeoff_request?filter[status]=approved,maybe')).details).toBeDefined()
  })

  it('shows everyone who is away, naming why only on one’s own time off or to a manager', async () => {
    const dot = await person('dot@example.com')
    const eve = await person('eve@example.com')
    const dots = await ok('POST', '/timeoff_request', days(sick, '2028-03-06', '2028-03-07'), dot.token)
    await ok('POST', `/timeoff_request/${dots.id}/events`, { type: 'timeoff.approve', version: 1 })
    const eves = await ok('POST', '/timeoff_request', days(vacation, '2028-03-08'), eve.token)
    const range = '/timeoff_calendar?from=2028-03-01&to=2028-03-31'
    const seenByEve = await ok('GET', range, undefined, eve.token)
    expect(seenByEve).toMatchObject([
      { id: dots.id, staff: { name: 'dot Staff' }, category: null, status: 'approved', start_date: '2028-03-06', end_date: '2028-03-07' },
      { id: eves.id, category: { id: vacation, name: 'Vacation', colour: '#0d9488' }, status: 'pending' },
    ])
    const seenByOwner = await ok('GET', range)
    expect(seenByOwner.find((entry: { id: string }) => entry.id === dots.id).category).toMatchObject({ name: 'Sick leave', colour: '#ea580c' })
    expect((await ok('GET', range, undefined, dot.token)).map((entry: { id: string }) => entry.id)).toEqual([dots.id])
    expect((await refused(400, 'GET', '/timeoff_calendar?from=2028-03-01&to=2028-05-01')).details).toHaveProperty('to')
  })
})
