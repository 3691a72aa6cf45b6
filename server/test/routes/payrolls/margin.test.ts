import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testClock, type TestApp } from '../../helpers/app.ts'
import { registerBusiness, type Owner } from '../../helpers/business.ts'
import { timesheetApi } from '../../helpers/timesheets.ts'

const clock = testClock('2028-02-10T15:00:00Z')

let t: TestApp
let owner: Owner
let other: Owner
let call: ReturnType<typeof timesheetApi>
let desk: string
let cleaning: string

beforeAll(async () => {
  t = await createTestApp({}, { clock })
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
  call = timesheetApi(t, owner)
  desk = (await call.ok('POST', '/service', { name: 'Front desk', bill_rate_cents: 6000, pay_rate_cents: 3000 })).id
  cleaning = (await call.ok('POST', '/service', { name: 'Cleaning', bill_rate_cents: 2999, pay_rate_cents: 2000 })).id
})
afterAll(() => t.close())

const client = async (name: string) => (await call.ok('POST', '/location', { name, street: '1 Main St', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' })).id as string

/** Hours of one person at a client, one timesheet per [day, start, end]; approved unless said otherwise. */
async function worked(staffId: string, location: string, service: string, days: [string, string, string][], approve = true) {
  const ids: string[] = []
  for (const [date, start, end] of days) ids.push((await call.ok('POST', '/timesheet', { staff_id: staffId, location_id: location, service_id: service, date, start, end })).id)
  if (approve) await call.ok('POST', '/timesheet/events', { type: 'timesheet.approve', ids })
  return ids
}

async function sentInvoice(body: Record<string, unknown>) {
  const draft = await call.ok('POST', '/invoice', body)
  return call.ok('POST', `/invoice/${draft.id}/events`, { type: 'invoice.send', version: draft.version })
}

describe('labour cost against invoiced value per client', () => {
  it('costs approved hours as paid, counts sent invoices before tax without re-billed expenses, and works out the margin', async () => {
    const harbour = await client('Harbour Tower')
    const yonge = await client('Yonge Plaza')
    const bay = await client('Bay Street')
    const ada = await call.person('ada@example.com')
    const cal = await call.person('cal@example.com')
    const bea = await call.person('bea@example.com')
    // Ada: 8 h of Front desk at Harbour Tower (at the service's $30.00).
    await worked(ada.id, harbour, desk, [['2028-01-10', '09:00', '17:00']])
    // Cal: six 8-hour days at Harbour Tower in one week: 44 h regular, then 4 h of Ontario overtime at 1.5×.
    await worked(cal.id, harbour, desk, [
      ['2028-01-10', '09:00', '17:00'],
      ['2028-01-11', '09:00', '17:00'],
      ['2028-01-12', '09:00', '17:00'],
      ['2028-01-13', '09:00', '17:00'],
      ['2028-01-14', '09:00', '17:00'],
      ['2028-01-15', '09:00', '17:00'],
    ])
    // Bea: 50 minutes of Cleaning at Yonge Plaza at $20.00: $16.666… paid $16.67.
    await worked(bea.id, yonge, cleaning, [['2028-01-17', '09:00', '09:50']])
    // Not counted: pending or rejected hours, and hours after the range.
    await worked(bea.id, harbour, desk, [['2028-01-18', '09:00', '17:00']], false)
    const [rejected] = await worked(bea.id, harbour, desk, [['2028-01-19', '09:00', '17:00']], false)
    await call.ok('POST', '/timesheet/events', { type: 'timesheet.reject', ids: [rejected] })
    await worked(bea.id, harbour, desk, [['2028-02-01', '09:00', '17:00']])

    // Harbour Tower is sent January's invoice: 56 h at $60.00 = $3,360.00, a $40.00 expense re-billed, $10.00 off.
    const mop = await call.ok('POST', '/expense', { date: '2028-01-12', category: 'supplies', description: 'Mop heads', amount_cents: 4000, tax_cents: 520, location_id: harbour }, ada.token)
    await call.ok('POST', `/expense/${mop.id}/events`, { type: 'expense.approve', version: mop.version })
    const january = await sentInvoice({ location_id: harbour, period_from: '2028-01-01', period_to: '2028-01-31', discount_cents: 1000 })
    expect(january).toMatchObject({ subtotal_cents: 336000 + 4000, discount_cents: 1000 })
    // Yonge Plaza's invoice is still a draft; Bay Street has a sent invoice of $100.00 of items, a void one and one for February.
    await call.ok('POST', '/invoice', { location_id: yonge, period_from: '2028-01-01', period_to: '2028-01-31' })
    await sentInvoice({ location_id: bay, period_from: '2028-01-20', period_to: '2028-01-31', items: [{ description: 'Window washing', quantity: '4', unit_price_cents: 2500 }] })
    const voided = await sentInvoice({ location_id: bay, period_from: '2028-01-01', period_to: '2028-01-31', items: [{ description: 'Oops', quantity: '1', unit_price_cents: 9900 }] })
    await call.ok('POST', `/invoice/${voided.id}/events`, { type: 'invoice.void', version: voided.version, reason: 'Duplicate' })
    await sentInvoice({ location_id: bay, period_from: '2028-02-01', period_to: '2028-02-29', items: [{ description: 'Later', quantity: '1', unit_price_cents: 5000 }] })

    const report = await call.ok('GET', '/report/payroll/margin?from=2028-01-01&to=2028-01-31')
    // Harbour Tower: (8 + 44) h × $30.00 = $1,560.00 and 4 h × $45.00 = $180.00; invoiced $3,360.00 + $40.00 − $10.00 − $40.00.
    // Margin $3,350.00 − $1,740.00 = $1,610.00, 48.06 % of $3,350.00.
    expect(report).toEqual({
      from: '2028-01-01',
      to: '2028-01-31',
      clients: [
        { client: { id: bay, name: 'Bay Street' }, worked_minutes: 0, labour_cents: 0, invoiced_cents: 10000, margin_cents: 10000, margin_percent: '100.0' },
        { client: { id: harbour, name: 'Harbour Tower' }, worked_minutes: 3360, labour_cents: 174000, invoiced_cents: 335000, margin_cents: 161000, margin_percent: '48.1' },
        { client: { id: yonge, name: 'Yonge Plaza' }, worked_minutes: 50, labour_cents: 1667, invoiced_cents: 0, margin_cents: -1667, margin_percent: null },
      ],
      // $3,450.00 − $1,756.67 = $1,693.33, 49.08 %.
      totals: { worked_minutes: 3410, labour_cents: 175667, invoiced_cents: 345000, margin_cents: 169333, margin_percent: '49.1' },
    })
    // A range with nothing in it: no clients, zeros.
    expect(await call.ok('GET', '/report/payroll/margin?from=2027-01-01&to=2027-12-31')).toEqual({
      from: '2027-01-01',
      to: '2027-12-31',
      clients: [],
      totals: { worked_minutes: 0, labour_cents: 0, invoiced_cents: 0, margin_cents: 0, margin_percent: null },
    })
  })

  it('is the business\'s own, for those who read the payroll report, and refuses a range backwards', async () => {
    const stranger = timesheetApi(t, other)
    expect((await stranger.ok('GET', '/report/payroll/margin?from=2028-01-01&to=2028-01-31')).clients).toEqual([])
    // A Manager reads the payroll report (payroll:read), Staff do not.
    const manager = await call.person('mia@example.com', 'Manager')
    expect(await call.ok('GET', '/report/payroll/margin?from=2028-01-01&to=2028-01-31', undefined, manager.token)).toEqual(await call.ok('GET', '/report/payroll/margin?from=2028-01-01&to=2028-01-31'))
    const staff = await call.person('stan@example.com', 'Staff')
    await call.refused(403, 'forbidden', 'GET', '/report/payroll/margin?from=2028-01-01&to=2028-01-31', undefined, staff.token)
    await call.refused(400, 'validation_failed', 'GET', '/report/payroll/margin?from=2028-01-31&to=2028-01-01')
    await call.refused(400, 'validation_failed', 'GET', '/report/payroll/margin?from=2028-01-01')
  })
})
