import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testClock, type TestApp } from '../../helpers/app.ts'
import { registerBusiness } from '../../helpers/business.ts'
import { timesheetApi } from '../../helpers/timesheets.ts'

const clock = testClock('2028-02-01T15:00:00Z')

let t: TestApp
let people = 0

beforeAll(async () => {
  t = await createTestApp({}, { clock })
})
afterAll(() => t.close())

const JANUARY = { period_from: '2028-01-01', period_to: '2028-01-31' }
const SUMMARY = '/invoice/uninvoiced?from=2028-01-01&to=2028-01-31'

/** A business of its own (the month-end list covers all its clients) with Cleaning at $48/h and two clients, the first at its own $52/h. */
async function business() {
  const owner = await registerBusiness(t)
  const call = timesheetApi(t, owner)
  const cleaning = (await call.ok('POST', '/service', { name: 'Cleaning', bill_rate_cents: 4800, pay_rate_cents: 2500 })).id as string
  const client = async (name: string) => call.ok('POST', '/location', { name, street: '1 Main St', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' })
  const own = await client('Own Rate Towers')
  const usual = await client('Usual Rate Lofts')
  await call.ok('PUT', `/location/${own.id}/rates`, { rates: [{ service_id: cleaning, bill_rate_cents: 5200 }], version: own.version })

  /** Approved Cleaning hours for a client: one timesheet per [day, start, end]. */
  async function hours(location: string, days: [string, string, string][]) {
    const staff = await call.person(`staff${(people += 1)}@example.com`)
    const ids: string[] = []
    for (const [date, start, end] of days) ids.push((await call.ok('POST', '/timesheet', { staff_id: staff.id, location_id: location, service_id: cleaning, date, start, end })).id)
    await call.ok('POST', '/timesheet/events', { type: 'timesheet.approve', ids })
  }
  return { call, cleaning, own: own.id as string, usual: usual.id as string, hours }
}

const hoursLine = (service: string, minutes: number, unit: number, amount: number) => ({
  kind: 'hours',
  service_id: service,
  description: 'Cleaning',
  minutes,
  quantity: String(minutes / 60),
  unit_price_cents: unit,
  amount_cents: amount,
  provincial_exempt: false,
})

describe('a client’s own bill rate', () => {
  it('prices a client’s proposal and draft at its own rate, another client’s at the service’s', async () => {
    const { call, cleaning, own, usual, hours } = await business()
    await hours(own, [['2028-01-10', '09:00', '13:30']])
    await hours(usual, [['2028-01-10', '09:00', '13:30']])

    const proposal = await call.ok('GET', `/invoice/proposal?location_id=${own}&period_from=2028-01-01&period_to=2028-01-31`)
    expect(proposal.timesheets.map((row: { rate_cents: number }) => row.rate_cents)).toEqual([5200])
    expect(proposal.lines).toEqual([hoursLine(cleaning, 270, 5200, 23400)])

    expect((await call.ok('POST', '/invoice', { location_id: own, ...JANUARY })).lines).toEqual([hoursLine(cleaning, 270, 5200, 23400)])
    expect((await call.ok('POST', '/invoice', { location_id: usual, ...JANUARY })).lines).toEqual([hoursLine(cleaning, 270, 4800, 21600)])
  })

  it('lists at month end what each client’s draft bills, at its own rate', async () => {
    const { call, own, usual, hours } = await business()
    await hours(own, [
      ['2028-01-03', '09:00', '09:50'],
      ['2028-01-04', '13:00', '14:13'],
    ])
    await hours(usual, [['2028-01-05', '09:00', '10:00']])

    const rows: { client: { id: string }; subtotal_cents: number }[] = await call.ok('GET', SUMMARY)
    // 123 minutes at $52 is $106.60; 60 minutes at $48 is $48.00.
    expect(rows.map((row) => [row.client.id, row.subtotal_cents])).toEqual([
      [own, 10660],
      [usual, 4800],
    ])
    for (const row of rows) {
      const draft = await call.ok('POST', '/invoice', { location_id: row.client.id, ...JANUARY })
      expect(draft.subtotal_cents).toBe(row.subtotal_cents)
    }
  })

  it('leaves a draft’s stored lines as they are when the rate changes, until the draft is priced again', async () => {
    const { call, cleaning, usual, hours } = await business()
    await hours(usual, [['2028-01-10', '09:00', '10:00']])
    const draft = await call.ok('POST', '/invoice', { location_id: usual, ...JANUARY })
    expect(draft.subtotal_cents).toBe(4800)

    const client = await call.ok('GET', `/location/${usual}`)
    await call.ok('PUT', `/location/${usual}/rates`, { rates: [{ service_id: cleaning, bill_rate_cents: 5500 }], version: client.version })
    expect((await call.ok('GET', `/invoice/${draft.id}`)).lines).toEqual([hoursLine(cleaning, 60, 4800, 4800)])

    const priced = await call.ok('PUT', `/invoice/${draft.id}`, { version: draft.version, notes: 'New rate from January' })
    expect(priced.lines).toEqual([hoursLine(cleaning, 60, 5500, 5500)])
  })
})
