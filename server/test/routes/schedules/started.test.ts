import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testClock, type TestApp } from '../../helpers/app.ts'
import { registerBusiness, type Owner } from '../../helpers/business.ts'
import { timesheetApi } from '../../helpers/timesheets.ts'

/**
 * Asking about a shift — to take an open one, to be let off one's own, to swap it — ends when
 * the shift starts, on the server's clock: it is no longer offered, and it is refused.
 */
// Monday 6 March 2028, 08:00 in Toronto (UTC−5 until the 12th): the shifts below start at 09:00 or later.
const clock = testClock('2028-03-06T13:00:00Z')
let t: TestApp
let owner: Owner
let call: ReturnType<typeof timesheetApi>
let location: string
let service: string

const api: ReturnType<typeof timesheetApi>['api'] = (...args) => call.api(...args)
const ok: ReturnType<typeof timesheetApi>['ok'] = (...args) => call.ok(...args)
const person = (email: string) => call.person(email)
/** A published shift of someone (or nobody), on the business's clock. */
const published = (staffId: string | null, date: string, start: string, end: string) =>
  call.publishedShift({ staff_id: staffId as string, date, start, end, location_id: location, service_id: service })
const offered = async (id: string, token: string) => (await ok('GET', `/schedule/${id}`, undefined, token)).allowed_events as string[]

beforeAll(async () => {
  t = await createTestApp({}, { clock })
  owner = await registerBusiness(t)
  call = timesheetApi(t, owner, clock)
  location = (await ok('POST', '/location', { name: 'Harbour Tower', street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' })).id
  service = (await ok('POST', '/service', { name: 'Night watch', bill_rate_cents: 6000, pay_rate_cents: 3000 })).id
})
afterAll(() => t.close())

describe('a shift that has started', () => {
  it('is no longer one its staff may ask to drop or swap, though they may still clock in', async () => {
    const ada = await person('ada@example.com')
    const bo = await person('bo@example.com')
    const today = await published(ada.id, '2028-03-06', '09:00', '17:00')
    const tomorrow = await published(ada.id, '2028-03-07', '09:00', '17:00')
    const bos = await published(bo.id, '2028-03-08', '09:00', '17:00')
    expect(await offered(today.id, ada.token)).toEqual(expect.arrayContaining(['shift.drop', 'shift.swap']))

    clock.set('2028-03-06T14:00:00Z')
    // In one answer, the shift begun and the one of tomorrow: each offers what its own time allows.
    const week = await ok('GET', '/schedule?from=2028-03-06&to=2028-03-12', undefined, ada.token)
    const events = (id: string) => week.rows.find((shift: { id: string }) => shift.id === id).allowed_events
    expect(events(today.id)).toEqual(['shift.clock_in'])
    expect(events(tomorrow.id)).toEqual(expect.arrayContaining(['shift.drop', 'shift.swap']))
    expect(await offered(today.id, ada.token)).toEqual(['shift.clock_in'])

    for (const body of [{ type: 'shift.drop' }, { type: 'shift.swap', with_shift_id: bos.id }]) {
      const refused = await api('POST', `/schedule/${today.id}/events`, { ...body, version: today.version }, ada.token)
      expect(refused.statusCode, body.type).toBe(422)
      expect(refused.json()).toMatchObject({ code: 'transition_not_allowed', details: { event: body.type } })
    }
    expect((await ok('GET', `/schedule/${today.id}`)).requests).toEqual([])
    // Nor does its swap picker offer anyone's shift any more; tomorrow's still does.
    expect(await ok('GET', `/schedule/${today.id}/swap_options`, undefined, ada.token)).toEqual([])
    expect((await ok('GET', `/schedule/${tomorrow.id}/swap_options`, undefined, ada.token)).map((option: { id: string }) => option.id)).toContain(bos.id)
  })

  it('is no longer one staff may ask to take, and what they asked before it started they may still take back', async () => {
    const cy = await person('cy@example.com')
    clock.set('2028-03-13T12:59:00Z')
    const open = await published(null, '2028-03-13', '09:00', '12:00')
    const later = await published(null, '2028-03-13', '18:00', '20:00')
    const asked = await ok('POST', `/schedule/${later.id}/events`, { type: 'shift.request', version: later.version }, cy.token)
    expect(await offered(open.id, cy.token)).toContain('shift.request')

    // 09:00 in Toronto, now on daylight time (UTC−4): from its very start.
    clock.set('2028-03-13T13:00:00Z')
    expect(await offered(open.id, cy.token)).not.toContain('shift.request')
    const refused = await api('POST', `/schedule/${open.id}/events`, { type: 'shift.request', version: open.version }, cy.token)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('transition_not_allowed')

    clock.set('2028-03-13T22:30:00Z')
    expect(await offered(later.id, cy.token)).toEqual(['shift.withdraw'])
    const withdrawn = await ok('POST', `/schedule/${later.id}/events`, { type: 'shift.withdraw', version: later.version, request_id: asked.requests[0].id }, cy.token)
    expect(withdrawn.requests).toEqual([])
  })
})
