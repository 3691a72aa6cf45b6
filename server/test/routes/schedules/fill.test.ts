import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createFillSolver } from '../../../src/optimiser/worker-pool.ts'
import { addUser, auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

const PASSWORD = 'a long and unusual passphrase'

let t: TestApp
let owner: Owner
let other: Owner
let location: string
let guard: string
let patrol: string
let weekIndex = 0

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const api = (method: Method, url: string, payload?: object, token = owner.tokens.token) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })

async function ok(method: Method, url: string, payload?: object, token = owner.tokens.token) {
  const response = await api(method, url, payload, token)
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json().data
}

/** A member with a pay rate, who may work `services` (none: any). */
async function person(name: string, payRate: number, services?: string[], extra: Record<string, unknown> = {}, role = 'Staff') {
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`
  const user = await addUser(t, owner.business_id, { email, password: PASSWORD, role, firstname: name })
  const { version } = await ok('GET', `/user/${user.id}`)
  await ok('PUT', `/user/${user.id}`, { pay_rate_cents: payRate, service_ids: services ?? [guard], version, ...extra })
  const { body } = await login(t, email, PASSWORD, owner.business_id)
  return { id: user.id, token: body.data.token as string }
}

/**
 * Twelve people alike (20 $ an hour, a 28 h target) and 42 eight-hour open shifts, three a day
 * twice over, from `monday`: someone always works 8 h more than someone else, which the
 * solver's relaxation does not see, so it searches until its time runs out (as `evenWeek` in
 * test/optimiser/fill.fixtures.ts).
 */
async function evenWeek(monday: string) {
  for (let i = 0; i < 12; i++) {
    const user = await addUser(t, owner.business_id, { email: `even${i}-${Math.random().toString(36).slice(2, 8)}@example.com`, password: PASSWORD, role: 'Staff', firstname: `Even ${i}` })
    const { version } = await ok('GET', `/user/${user.id}`)
    await ok('PUT', `/user/${user.id}`, { pay_rate_cents: 2000, service_ids: [guard], target_weekly_minutes: 1680, version })
  }
  for (const [start, end] of [['06:00', '14:00'], ['14:00', '22:00'], ['22:00', '06:00']] as const) {
    for (let twice = 0; twice < 2; twice++) await ok('POST', '/schedule', { staff_id: null, location_id: location, service_id: guard, date: monday, start, end, repeat: { rrule: 'FREQ=DAILY;COUNT=7' } })
  }
}

/** Waits (polling) until `condition` holds. */
async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 20_000) throw new Error('the condition never held')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** A fresh Monday in 2029 for each test, three weeks apart. */
function nextWeek(): string {
  weekIndex += 1
  return new Date(Date.UTC(2029, 0, 1 + 21 * (weekIndex - 1))).toISOString().slice(0, 10)
}
const plus = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

async function openShift(date: string, start = '09:00', end = '17:00', service?: string) {
  const [created] = await ok('POST', '/schedule', { staff_id: null, location_id: location, service_id: service ?? guard, date, start, end })
  return created as { id: string; version: number }
}

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
  location = (await ok('POST', '/location', { name: 'Harbour Tower', street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' })).id
  patrol = (await ok('POST', '/service', { name: 'Patrol', bill_rate_cents: 5000, pay_rate_cents: 2500 })).id
  // The owner works the office only, which these tests never staff.
  const office = (await ok('POST', '/service', { name: 'Office', bill_rate_cents: 4000, pay_rate_cents: 2000 })).id
  const [me] = (await ok('GET', `/user?q=${encodeURIComponent(owner.email)}`)).rows
  await ok('PUT', `/user/${me.id}`, { service_ids: [office], version: me.version })
})
// Each test's people work its own guard service: the people of other tests are not candidates.
beforeEach(async () => {
  guard = (await ok('POST', '/service', { name: `Guard ${Math.random().toString(36).slice(2, 8)}`, bill_rate_cents: 4000, pay_rate_cents: 2000 })).id
})
afterAll(() => t.close())

describe('POST /schedule/fill', () => {
  it('proposes the cheapest people the rules allow, with reasons, blocking rules and totals, and stores it', async () => {
    const monday = nextWeek()
    const cheap = await person('Cheap', 1800)
    const dear = await person('Dear', 2600)
    const a = await openShift(monday)
    const b = await openShift(plus(monday, 1))
    const nobody = await openShift(plus(monday, 2), '09:00', '17:00', patrol)
    // `cheap` is away on Wednesday: only the dear one may take it.
    const wednesday = await openShift(plus(monday, 2))
    await ok('PUT', `/availability/${cheap.id}`, { windows: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '00:00' })), exceptions: [{ date: plus(monday, 2), available: false, start: null, end: null, note: null }], version: 0 })

    const response = await api('POST', '/schedule/fill', { from: monday, to: plus(monday, 6) })
    expect(response.statusCode, response.body).toBe(201)
    const proposal = response.json().data
    expect(proposal).toMatchObject({ status: 'proposed', from: monday, to: plus(monday, 6), method: 'optimal' })
    const staffed = Object.fromEntries(proposal.assignments.map((x: { shift_id: string; staff: { id: string } }) => [x.shift_id, x.staff.id]))
    expect(staffed).toEqual({ [a.id]: cheap.id, [b.id]: cheap.id, [wednesday.id]: dear.id })
    expect(proposal.assignments.find((x: { shift_id: string }) => x.shift_id === a.id).reason).toMatchObject({ week_minutes: 960, cost_cents: 14_400, overtime: false, recent_client: false })
    expect(proposal.unfilled).toEqual([{ shift_id: nobody.id, rule: 'service', counts: expect.objectContaining({ service: expect.any(Number) }) }])
    expect(proposal.totals.before).toMatchObject({ filled: 0, open: 4, cost_cents: 0 })
    expect(proposal.totals.after).toMatchObject({ filled: 3, open: 1, cost_cents: 2 * 14_400 + 8 * 2600 })

    // Applying writes drafts on the shifts, audits each, and only once.
    const applied = await ok('POST', `/schedule/fill/${proposal.id}/apply`, {})
    expect(applied).toMatchObject({ applied: 3, proposal: { id: proposal.id, status: 'applied' } })
    const shiftA = await ok('GET', `/schedule/${a.id}`)
    expect(shiftA).toMatchObject({ staff: { id: cheap.id }, status: 'draft', version: a.version + 1 })
    expect((await auditRows(t, owner.business_id)).filter((row: { action: string }) => row.action === 'shifts.fill')).toHaveLength(3)
    const again = await api('POST', `/schedule/fill/${proposal.id}/apply`, {})
    expect(again.statusCode).toBe(422)
    expect(again.json().code).toBe('fill_already_applied')
  })

  it('staffs only people who have joined, and an administrator only once the services they work are listed', async () => {
    const monday = nextWeek()
    const setUp = async (name: string, status: 'active' | 'invited', role: string, payRate: number, services: string[]) => {
      const user = await addUser(t, owner.business_id, { email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`, role, status, firstname: name })
      const { version } = await ok('GET', `/user/${user.id}`)
      await ok('PUT', `/user/${user.id}`, { pay_rate_cents: payRate, service_ids: services, version })
      return user
    }
    // The invited one and the administrator would cost least; the administrator works any service (none listed).
    const invited = await setUp('Invited', 'invited', 'Staff', 1500, [guard])
    const admin = await setUp('Admin', 'active', 'System Administrator', 1600, [])
    const joined = await setUp('Joined', 'active', 'Staff', 2400, [guard])
    const shift = await openShift(monday)
    const first = await ok('POST', '/schedule/fill', { from: monday, to: plus(monday, 6) })
    expect(first.assignments.map((x: { shift_id: string; staff: { id: string } }) => [x.shift_id, x.staff.id])).toEqual([[shift.id, joined.id]])
    expect([invited.id, admin.id]).not.toContain(first.assignments[0].staff.id)

    const { version } = await ok('GET', `/user/${admin.id}`)
    await ok('PUT', `/user/${admin.id}`, { service_ids: [guard], version })
    const second = await ok('POST', '/schedule/fill', { from: monday, to: plus(monday, 6) })
    expect(second.assignments.map((x: { staff: { id: string } }) => x.staff.id)).toEqual([admin.id])
  })

  it('applies only the shifts kept, and refuses one that is not in the proposal', async () => {
    const monday = nextWeek()
    const sam = await person('Sam', 2000)
    const a = await openShift(monday)
    const b = await openShift(plus(monday, 1))
    const proposal = await ok('POST', '/schedule/fill', { from: monday, to: monday, shift_ids: undefined })
    expect(proposal.assignments).toHaveLength(1)
    const stranger = await api('POST', `/schedule/fill/${proposal.id}/apply`, { shift_ids: [b.id] })
    expect(stranger.statusCode).toBe(422)
    expect(stranger.json()).toMatchObject({ code: 'fill_shift_not_proposed', details: { shift_ids: [b.id] } })
    expect(await ok('POST', `/schedule/fill/${proposal.id}/apply`, { shift_ids: [a.id] })).toMatchObject({ applied: 1 })
    expect((await ok('GET', `/schedule/${a.id}`)).staff.id).toBe(sam.id)
    expect((await ok('GET', `/schedule/${b.id}`)).staff).toBeNull()
  })

  it('applies nothing (409) when a shift changed after the proposal', async () => {
    const monday = nextWeek()
    await person('Kim', 2000)
    const a = await openShift(monday)
    const b = await openShift(plus(monday, 1))
    const proposal = await ok('POST', '/schedule/fill', { from: monday, to: plus(monday, 1) })
    expect(proposal.assignments).toHaveLength(2)
    await ok('PUT', `/schedule/${b.id}`, { start: '10:00', version: b.version })
    const stale = await api('POST', `/schedule/fill/${proposal.id}/apply`, {})
    expect(stale.statusCode).toBe(409)
    expect(stale.json()).toMatchObject({ code: 'fill_stale', details: { shift_ids: [b.id] } })
    expect((await ok('GET', `/schedule/${a.id}`)).staff).toBeNull()
  })

  it('keeps the rest between shifts, the weekly maximum and the days in a row, and says why a shift stays open', async () => {
    const monday = nextWeek()
    const lee = await person('Lee', 2000, [guard], { max_weekly_minutes: 1440 })
    await ok('PUT', '/settings', { max_days_in_row: 2, min_rest_minutes: 600 })
    try {
      const night = await openShift(monday, '22:00', '06:00')
      const morning = await openShift(plus(monday, 1), '12:00', '20:00')
      const days = [2, 3, 4].map((d) => plus(monday, d))
      const later = [] as { id: string }[]
      for (const day of days) later.push(await openShift(day))
      const proposal = await ok('POST', '/schedule/fill', { from: monday, to: plus(monday, 6) })
      const mine = proposal.assignments.filter((x: { staff: { id: string } }) => x.staff.id === lee.id).map((x: { shift_id: string }) => x.shift_id)
      // 6 h between the night and the noon shift is less than the 10 h of rest; two days in a row at most; 24 h a week.
      expect(mine.includes(night.id) && mine.includes(morning.id)).toBe(false)
      expect(mine.length).toBeLessThanOrEqual(3)
      expect(proposal.assignments.length + proposal.unfilled.length).toBe(5)
      for (const open of proposal.unfilled) expect(['taken', 'rest', 'days_in_row', 'weekly_hours']).toContain(open.rule)
    } finally {
      await ok('PUT', '/settings', { max_days_in_row: 6, min_rest_minutes: 480 })
    }
  })

  it('weighs goals from the settings and the request, and keeps the settings one at a time', async () => {
    const settings = await ok('PUT', '/settings', { fill_weights: { fairness: 900 } })
    expect(settings.fill_weights).toEqual({ cost: 1, over_preferred: 1000, fairness: 900, continuity: 500, preference: 500 })
    expect(settings.max_days_in_row).toBe(6)
    const monday = nextWeek()
    await openShift(monday)
    const proposal = await ok('POST', '/schedule/fill', { from: monday, to: monday, weights: { continuity: 0 } })
    expect(proposal.weights).toEqual({ cost: 1, over_preferred: 1000, fairness: 900, continuity: 0, preference: 500 })
  })

  it('prefers someone at a client they prefer, set on their record (the business’s own clients only)', async () => {
    const monday = nextWeek()
    const keen = await person('Keen', 2050, undefined, { preferred_location_ids: [location] })
    await person('Plain', 2000)
    const a = await openShift(monday)
    const proposal = await ok('POST', '/schedule/fill', { from: monday, to: monday })
    // 8 h at 20.50 $ is 4 $ more than at 20 $; the preference is worth 5 $.
    expect(proposal.assignments).toEqual([expect.objectContaining({ shift_id: a.id, staff: expect.objectContaining({ id: keen.id }), reason: expect.objectContaining({ preferred_client: true }) })])
    expect((await ok('GET', `/user/${keen.id}`)).preferred_location_ids).toEqual([location])
    const theirs = (await ok('POST', '/location', { name: 'Elsewhere', street: '2 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' }, other.tokens.token)).id
    const { version } = await ok('GET', `/user/${keen.id}`)
    const foreign = await api('PUT', `/user/${keen.id}`, { preferred_location_ids: [theirs], version })
    expect(foreign.statusCode).toBe(422)
    expect(foreign.json()).toMatchObject({ code: 'location_not_found', details: { preferred_location_ids: expect.any(String) } })
  })

  it('refuses a bad range and shifts that are not open ones of the range', async () => {
    const monday = nextWeek()
    const backwards = await api('POST', '/schedule/fill', { from: monday, to: plus(monday, -1) })
    expect(backwards.statusCode).toBe(400)
    expect((await api('POST', '/schedule/fill', { from: monday, to: plus(monday, 14) })).statusCode).toBe(400)
    const elsewhere = await openShift(plus(monday, 8))
    const outside = await api('POST', '/schedule/fill', { from: monday, to: plus(monday, 6), shift_ids: [elsewhere.id] })
    expect(outside.statusCode).toBe(422)
    expect(outside.json()).toMatchObject({ code: 'fill_shift_not_open', details: { shift_ids: [elsewhere.id] } })
  })

  it('stays within the business: another business neither sees the shifts nor applies the proposal', async () => {
    const monday = nextWeek()
    await person('Ann', 2000)
    const a = await openShift(monday)
    const proposal = await ok('POST', '/schedule/fill', { from: monday, to: monday })
    const theirs = await ok('POST', '/schedule/fill', { from: monday, to: monday }, other.tokens.token)
    expect(theirs.assignments).toEqual([])
    expect(theirs.totals.before.open).toBe(0)
    expect((await api('POST', `/schedule/fill/${proposal.id}/apply`, {}, other.tokens.token)).statusCode).toBe(404)
    const foreign = await api('POST', '/schedule/fill', { from: monday, to: monday, shift_ids: [a.id] }, other.tokens.token)
    expect(foreign.statusCode).toBe(422)
    expect((await ok('GET', `/schedule/${a.id}`)).staff).toBeNull()
  })

  it('keeps answering other requests while a fill is solving (the solve runs in a worker thread)', async () => {
    const monday = nextWeek()
    await evenWeek(monday)
    const answered: string[] = []
    const filling = api('POST', '/schedule/fill', { from: monday, to: plus(monday, 6), time_limit_ms: 4000 }).then((response) => {
      answered.push('fill')
      return response
    })
    await until(() => t.app.services.fill.running() === 1)
    const other = await api('GET', `/schedule?from=${monday}&to=${plus(monday, 6)}`)
    answered.push('other')
    expect(other.statusCode).toBe(200)
    expect(t.app.services.fill.running()).toBe(1)
    const proposal = (await filling).json().data
    expect(answered).toEqual(['other', 'fill'])
    expect(proposal.assignments).toHaveLength(42)
    expect(proposal.totals.after).toMatchObject({ filled: 42, open: 0 })
  })

  it('stops the solve when the caller goes away, and fills again at once', async () => {
    const monday = nextWeek()
    await evenWeek(monday)
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const leave = new AbortController()
    const call = fetch(`${address}/api/v1/schedule/fill`, {
      method: 'POST',
      headers: { ...bearer(owner.tokens.token), 'content-type': 'application/json' },
      body: JSON.stringify({ from: monday, to: plus(monday, 6), time_limit_ms: 30_000 }),
      signal: leave.signal,
    }).catch((error: unknown) => error)
    await until(() => t.app.services.fill.running() === 1)
    leave.abort()
    expect(await call).toMatchObject({ name: 'AbortError' })
    // Its thread is stopped, long before its 30 s, and the next fill gets a new one.
    await until(() => t.app.services.fill.running() === 0)
    const again = await api('POST', '/schedule/fill', { from: monday, to: plus(monday, 6), time_limit_ms: 500 })
    expect(again.statusCode, again.body).toBe(201)
  })

  it('is for people who decide the schedule', async () => {
    const monday = nextWeek()
    const staff = await person('Pat', 2000)
    await openShift(monday)
    const proposal = await ok('POST', '/schedule/fill', { from: monday, to: monday })
    expect((await api('POST', '/schedule/fill', { from: monday, to: monday }, staff.token)).statusCode).toBe(403)
    expect((await api('POST', `/schedule/fill/${proposal.id}/apply`, {}, staff.token)).statusCode).toBe(403)
  })
})

describe('POST /schedule/fill when its worker thread fails', () => {
  let broken: TestApp
  beforeAll(async () => {
    broken = await createTestApp({}, { fill: createFillSolver({ script: new URL('../../optimiser/fixtures/crash.mjs', import.meta.url) }) })
  })
  afterAll(() => broken.close())

  it('answers 503 with a message to try again, never a 500', async () => {
    const boss = await registerBusiness(broken)
    const call = (url: string, payload: object) => broken.request({ method: 'POST', url: `/api/v1${url}`, headers: { ...bearer(boss.tokens.token), 'accept-language': 'fr' }, payload })
    const client = (await call('/location', { name: 'Tour', street: '1 rue du Quai', city: 'Montréal', province: 'QC', postal_code: 'H2Y 1A1' })).json().data
    const service = (await call('/service', { name: 'Garde', bill_rate_cents: 4000, pay_rate_cents: 2000 })).json().data
    await call('/schedule', { staff_id: null, location_id: client.id, service_id: service.id, date: '2029-06-04', start: '09:00', end: '17:00' })
    const response = await call('/schedule/fill', { from: '2029-06-04', to: '2029-06-10' })
    expect(response.statusCode).toBe(503)
    expect(response.headers['retry-after']).toBe('5')
    expect(response.json()).toEqual({ code: 'fill_unavailable', message: 'La proposition n’a pas pu être calculée pour l’instant. Réessayez dans un moment.' })
  })
})
