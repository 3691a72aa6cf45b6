import { addLocalDays, localDaysBetween, shiftRange } from '@rota/core'
import { expect } from 'vitest'
import { addUser } from './accounts.ts'
import type { TestApp, TestClock } from './app.ts'
import { bearer, login, type Owner } from './business.ts'

const PASSWORD = 'a long and unusual passphrase'

/**
 * Fresh Mondays a week apart whose whole week Toronto spends on standard time (UTC−5), for tests
 * that write instants by hand: from 3 January 2028 to early March, then from 6 November 2028, so
 * adding a test never moves the later ones across a clock change.
 * @example
 * const nextMonday = winterMondays()
 * nextMonday() // '2028-01-03'
 */
export function winterMondays(): () => string {
  let index = 0
  return () => {
    const date = addLocalDays('2028-01-03', 7 * index++)
    const monday = date < '2028-03-06' ? date : addLocalDays('2028-11-06', localDaysBetween('2028-03-06', date))
    if (monday > '2029-03-05') throw new RangeError('No winter Monday left: the tests of one file need a longer list')
    return monday
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** Calls of one business's API as its owner (or whoever's token is given), for the time clock's tests; `clock` is the test app's, for `addHours`. */
export function timesheetApi(t: TestApp, owner: Owner, clock?: TestClock) {
  const api = (method: Method, url: string, payload?: object, token = owner.tokens.token) =>
    t.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })

  async function ok(method: Method, url: string, payload?: object, token = owner.tokens.token) {
    const response = await api(method, url, payload, token)
    expect(response.statusCode, response.body).toBeLessThan(300)
    return response.json().data
  }

  /** Expects a refusal with a status and a code; answers the body. */
  async function refused(status: number, code: string, method: Method, url: string, payload?: object, token = owner.tokens.token) {
    const response = await api(method, url, payload, token)
    expect(response.statusCode, response.body).toBe(status)
    expect(response.json().code).toBe(code)
    return response.json()
  }

  /**
   * Hours worked without a shift, added by a manager (POST /timesheet) once worked: the clock
   * stands at their end on the business's clock for the call, then goes back where it was
   * (hours ending after now are refused).
   */
  async function addHours(hours: { date: string; start: string; end: string } & Record<string, unknown>, token = owner.tokens.token) {
    if (!clock) throw new Error('addHours moves the test clock: timesheetApi(t, owner, clock)')
    const { timezone } = await ok('GET', '/settings')
    const was = clock.now()
    clock.set(shiftRange(hours.date, hours.start, hours.end, timezone).to)
    try {
      return await ok('POST', '/timesheet', hours, token)
    } finally {
      clock.set(was)
    }
  }

  /** A member of the business with a role, signed in. */
  async function person(email: string, role = 'Staff') {
    const user = await addUser(t, owner.business_id, { email, password: PASSWORD, role, firstname: email.split('@')[0] })
    const { status, body } = await login(t, email, PASSWORD, owner.business_id)
    expect(status).toBe(200)
    return { id: user.id as string, token: body.data.token as string }
  }

  /** A published shift of `staffId` on the business's clock. */
  async function publishedShift(shift: { staff_id: string; location_id: string; service_id: string; date: string; start: string; end: string; break_minutes?: number }) {
    const [created] = await ok('POST', '/schedule', shift)
    return ok('POST', `/schedule/${created.id}/events`, { type: 'shift.publish', version: created.version })
  }

  /** Sends a shift event as `token`, with the shift's current version. */
  async function shiftEvent(shiftId: string, type: string, token: string, extra: object = {}) {
    const shift = await ok('GET', `/schedule/${shiftId}`, undefined, token)
    return api('POST', `/schedule/${shiftId}/events`, { type, version: shift.version, ...extra }, token)
  }

  /** The timesheet of a shift, as `token` sees it. */
  async function timesheetOf(shiftId: string, token = owner.tokens.token) {
    const { rows } = await ok('GET', `/timesheet?filter[shift]=${shiftId}`, undefined, token)
    return rows[0]
  }

  return { api, ok, refused, addHours, person, publishedShift, shiftEvent, timesheetOf }
}
