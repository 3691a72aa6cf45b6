import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser } from '../../helpers/accounts.ts'
import { createTestApp, testClock, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

/**
 * The swap picker's list: a staff member's published shift and the colleagues' published shifts
 * of the next six weeks it could be exchanged for, each person free for the other's.
 */
const PASSWORD = 'a long and unusual passphrase'
// Monday 5 June 2028, noon in Toronto: the weeks below are ahead of it.
const clock = testClock('2028-06-05T16:00:00Z')
let t: TestApp
let owner: Owner
let other: Owner
let location: string
let service: string

type Method = 'GET' | 'POST' | 'PUT'
const api = (method: Method, url: string, payload?: object, token = owner.tokens.token) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })
async function ok(method: Method, url: string, payload?: object, token = owner.tokens.token) {
  const response = await api(method, url, payload, token)
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json().data
}
async function person(email: string, businessId = owner.business_id) {
  const user = await addUser(t, businessId, { email, password: PASSWORD, role: 'Staff', firstname: email.split('@')[0] })
  const { body } = await login(t, email, PASSWORD, businessId)
  return { id: user.id as string, token: body.data.token as string }
}
/** A shift of someone (or nobody), published unless said otherwise. */
async function shift(staffId: string | null, date: string, start = '09:00', end = '17:00', publish = true, token = owner.tokens.token) {
  const ids = token === owner.tokens.token ? { location_id: location, service_id: service } : await otherParts()
  const [created] = await ok('POST', '/schedule', { staff_id: staffId, date, start, end, ...ids }, token)
  if (!publish) return created
  return ok('POST', `/schedule/${created.id}/events`, { type: 'shift.publish', version: created.version }, token)
}
let otherIds: { location_id: string; service_id: string } | undefined
async function otherParts() {
  otherIds ??= {
    location_id: (await ok('POST', '/location', { name: 'Elsewhere', street: '2 Rue', city: 'Montréal', province: 'QC', postal_code: 'H2X 1Y4' }, other.tokens.token)).id,
    service_id: (await ok('POST', '/service', { name: 'Desk', bill_rate_cents: 5000, pay_rate_cents: 2500 }, other.tokens.token)).id,
  }
  return otherIds
}

beforeAll(async () => {
  t = await createTestApp({}, { clock })
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
  location = (await ok('POST', '/location', { name: 'Harbour Tower', street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' })).id
  service = (await ok('POST', '/service', { name: 'Night watch', bill_rate_cents: 6000, pay_rate_cents: 3000 })).id
})
afterAll(() => t.close())

describe('the shifts one could swap one’s own for', () => {
  it('are colleagues’ published shifts of the next six weeks, soonest first, that each of the two is free to work', async () => {
    const jo = await person('jo@example.com')
    const kim = await person('kim@example.com')
    const lee = await person('lee@example.com')
    const mine = await shift(jo.id, '2028-06-12')
    // Kim could take Jo's Monday only by leaving her own Monday morning: that one is offered, her Tuesday is not.
    const kimsMorning = await shift(kim.id, '2028-06-12', '10:00', '12:00')
    await shift(kim.id, '2028-06-13')
    // Lee is free on Monday: his Wednesday is offered; his draft, a shift past six weeks and an open shift are not.
    const leesWednesday = await shift(lee.id, '2028-06-14')
    await shift(lee.id, '2028-06-15', '09:00', '17:00', false)
    await shift(lee.id, '2028-07-24')
    await shift(null, '2028-06-16')
    // Jo's own other shift, and another business's, never.
    await shift(jo.id, '2028-06-19')
    const stranger = await person('sam@example.com', other.business_id)
    await shift(stranger.id, '2028-06-14', '09:00', '17:00', true, other.tokens.token)

    const options = await ok('GET', `/schedule/${mine.id}/swap_options`, undefined, jo.token)
    expect(options).toEqual([
      { id: kimsMorning.id, staff: { id: kim.id, name: 'kim Staff' }, location: { id: location, name: 'Harbour Tower' }, service: { id: service, name: 'Night watch' }, date: '2028-06-12', start_time: '10:00', end_time: '12:00', starts_at: kimsMorning.starts_at, ends_at: kimsMorning.ends_at },
      expect.objectContaining({ id: leesWednesday.id, staff: { id: lee.id, name: 'lee Staff' }, date: '2028-06-14', start_time: '09:00', end_time: '17:00' }),
    ])

    // What the picker offers, the swap accepts.
    const asked = await ok('POST', `/schedule/${mine.id}/events`, { type: 'shift.swap', version: mine.version, with_shift_id: leesWednesday.id }, jo.token)
    // It names the shift offered: whose, where and when, as the scheduler judging it sees it.
    expect(asked.requests).toMatchObject([
      {
        kind: 'swap',
        swap_shift_id: leesWednesday.id,
        swap_shift: { id: leesWednesday.id, staff: { id: lee.id, name: 'lee Staff' }, location: { id: location, name: 'Harbour Tower' }, starts_at: leesWednesday.starts_at, ends_at: leesWednesday.ends_at },
        status: 'pending',
      },
    ])
    expect((await ok('GET', `/schedule/${mine.id}`)).requests[0].swap_shift).toMatchObject({ staff: { name: 'lee Staff' } })
    // Lee's side says so too, to whoever runs the schedule: Jo offers her Monday for it.
    expect((await ok('GET', `/schedule/${leesWednesday.id}`)).swap_offers).toEqual([
      { request_id: asked.requests[0].id, requester: { id: jo.id, name: 'jo Staff' }, shift: { id: mine.id, location: { id: location, name: 'Harbour Tower' }, starts_at: mine.starts_at, ends_at: mine.ends_at } },
    ])
    expect((await ok('GET', `/schedule/${leesWednesday.id}`, undefined, lee.token)).swap_offers).toEqual([])
  })

  it('leave out a shift changed since its staff were told of it, until the change is published', async () => {
    const ned = await person('ned@example.com')
    const ora = await person('ora@example.com')
    const mine = await shift(ned.id, '2028-06-26')
    const hers = await shift(ora.id, '2028-06-27')
    const [moved] = await ok('PUT', `/schedule/${hers.id}`, { start: '10:00', version: hers.version })
    const offered = async () => ((await ok('GET', `/schedule/${mine.id}/swap_options`, undefined, ned.token)) as { id: string; start_time: string }[]).filter((option) => option.id === hers.id)
    expect(await offered()).toEqual([])
    // Nor is anything offered for one's own while it waits for the publish.
    expect(await ok('GET', `/schedule/${hers.id}/swap_options`, undefined, ora.token)).toEqual([])
    await ok('POST', `/schedule/${hers.id}/events`, { type: 'shift.publish', version: moved.version })
    expect(await offered()).toMatchObject([{ id: hers.id, start_time: '10:00' }])
  })

  it('are asked for one’s own published shift only', async () => {
    const ida = await person('ida@example.com')
    const max = await person('max@example.com')
    const hers = await shift(ida.id, '2028-06-20')
    const draft = await shift(ida.id, '2028-06-21', '09:00', '17:00', false)
    // Someone else's shift, a draft, the owner who works none of them, another business: not found.
    expect((await api('GET', `/schedule/${hers.id}/swap_options`, undefined, max.token)).statusCode).toBe(404)
    expect((await api('GET', `/schedule/${draft.id}/swap_options`, undefined, ida.token)).statusCode).toBe(404)
    expect((await api('GET', `/schedule/${hers.id}/swap_options`)).statusCode).toBe(404)
    expect((await api('GET', `/schedule/${hers.id}/swap_options`, undefined, other.tokens.token)).statusCode).toBe(404)
    expect(await ok('GET', `/schedule/${hers.id}/swap_options`, undefined, ida.token)).toEqual(expect.any(Array))
  })
})
