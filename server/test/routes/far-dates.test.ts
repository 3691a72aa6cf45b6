import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../helpers/business.ts'

// A QA pass found ~15 routes answering 500 for 9999-12-31: the day after it cannot be written YYYY-MM-DD.
let t: TestApp
let owner: Owner
beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t, { business_name: 'Far Dates Co' })
})
afterAll(() => t.close())

const request = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(owner.tokens.token), ...(payload ? { payload } : {}) })

describe('a date Rota does not read', () => {
  it.each([
    '/schedule?from=9999-12-31&to=9999-12-31',
    '/schedule?from=2026-01-01&to=9999-12-31',
    '/schedule/export?from=9999-12-31&to=9999-12-31',
    '/timesheet?from=9999-12-31&to=9999-12-31',
    '/timeoff_request?from=9999-12-31&to=9999-12-31',
    '/timeoff_calendar?from=9999-12-31&to=9999-12-31',
    '/report/timesheets?from=9999-12-31&to=9999-12-31',
    '/report/payroll/margin?from=9999-12-31&to=9999-12-31',
    '/audit_log?from=9999-12-31&to=9999-12-31',
  ])('GET %s is a 400 naming the field, not a 500', async (url) => {
    const response = await request('GET', url)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'validation_failed', details: { to: 'Use a date from 1900 to 2199' } })
  })

  it('is refused by name in a shift, a copy and a fill', async () => {
    const shift = await request('POST', '/schedule', { location_id: crypto.randomUUID(), service_id: crypto.randomUUID(), date: '9999-12-31', start: '09:00', end: '17:00' })
    expect([shift.statusCode, shift.json().details?.date]).toEqual([400, 'Use a date from 1900 to 2199'])
    const copy = await request('POST', '/schedule/copy', { from: '2026-12-07', to: '9999-12-27' })
    expect([copy.statusCode, copy.json().details?.to]).toEqual([400, 'Use a date from 1900 to 2199'])
    const fill = await request('POST', '/schedule/fill', { from: '9999-12-25', to: '9999-12-31' })
    expect([fill.statusCode, fill.json().details?.from]).toEqual([400, 'Use a date from 1900 to 2199'])
  })

  it('cannot become the pay calendar’s anchor, which every new pay run counts from', async () => {
    for (const pay_anchor of ['0000-00-00', '2026-02-30', '9999-99-99']) {
      const response = await request('PUT', '/settings', { pay_anchor })
      expect([pay_anchor, response.statusCode, response.json().details?.pay_anchor]).toEqual([pay_anchor, 400, 'Use a date such as 2026-03-09'])
    }
    const payroll = await request('POST', '/payroll', { date: '2026-11-10' })
    expect(payroll.statusCode).toBe(201)
  })
})
