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

/** A business of its own (the summary covers every client of it), with two services and someone who claims expenses. */
async function business() {
  const owner = await registerBusiness(t)
  const call = timesheetApi(t, owner)
  const desk = (await call.ok('POST', '/service', { name: 'Front desk', bill_rate_cents: 6000, pay_rate_cents: 3000 })).id as string
  const cleaning = (await call.ok('POST', '/service', { name: 'Cleaning', bill_rate_cents: 2999, pay_rate_cents: 2000 })).id as string
  const sam = await call.person(`sam${(people += 1)}@example.com`)

  const client = async (name: string) => (await call.ok('POST', '/location', { name, street: '1 Main St', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' })).id as string

  /** Timesheets of [day, start, end, service] for a client, approved unless `approve` is false. */
  async function hours(location: string, days: [string, string, string, string?][], approve = true) {
    const staff = await call.person(`staff${(people += 1)}@example.com`)
    const ids: string[] = []
    for (const [date, start, end, service] of days) {
      ids.push((await call.ok('POST', '/timesheet', { staff_id: staff.id, location_id: location, service_id: service ?? desk, date, start, end })).id)
    }
    if (approve) await call.ok('POST', '/timesheet/events', { type: 'timesheet.approve', ids })
    return ids
  }

  /** Sam's expense for a client, approved unless `approve` is false. */
  async function expense(body: Record<string, unknown>, approve = true) {
    const created = await call.ok('POST', '/expense', { date: '2028-01-12', category: 'supplies', description: 'Mop heads', amount_cents: 4000, tax_cents: 520, ...body }, sam.token)
    if (approve) await call.ok('POST', `/expense/${created.id}/events`, { type: 'expense.approve', version: created.version })
    return created
  }

  return { owner, call, desk, cleaning, client, hours, expense }
}

describe('GET /invoice/uninvoiced', () => {
  it('lists, by name, every client with approved hours of the period or billable expenses not yet invoiced, counted', async () => {
    const { call, cleaning, client, hours, expense } = await business()
    const zephyr = await client('Zephyr Towers')
    const arbol = await client('Árbol Café')
    const bay = await client('bay street lofts')
    const pending = await client('Pending Only')
    const february = await client('February Only')
    const archived = await client('Moved Away')
    await client('Nothing At All')

    // On the business's clock: the evening of January 31 in Toronto is February 1 in UTC, and is billed.
    await hours(zephyr, [
      ['2028-01-10', '09:00', '17:00'],
      ['2028-01-31', '21:00', '23:30'],
      ['2028-01-12', '09:00', '09:25', cleaning],
      ['2028-01-13', '09:00', '09:25', cleaning],
    ])
    await expense({ location_id: zephyr })
    // Expenses only, one of them dated before the period: a draft bills older unbilled ones too.
    await expense({ location_id: arbol, date: '2027-12-20' })
    await expense({ location_id: arbol, amount_cents: 1500, tax_cents: 195 })
    await hours(bay, [['2028-01-20', '08:00', '12:00']])
    // Nothing billable: pending hours, an expense waiting for approval, one not billable, hours and an expense after the period.
    await hours(pending, [['2028-01-14', '09:00', '10:00']], false)
    await expense({ location_id: pending }, false)
    await expense({ location_id: pending, billable: false })
    await hours(february, [['2028-02-01', '09:00', '10:00']])
    await expense({ location_id: february, date: '2028-02-01' })
    // Archived after its hours were approved: it still has something to bill.
    await hours(archived, [['2028-01-05', '09:00', '11:00']])
    const record = await call.ok('GET', `/location/${archived}`)
    await call.ok('PUT', `/location/${archived}`, { active: false, version: record.version })

    const rows = await call.ok('GET', SUMMARY)
    expect(rows).toEqual([
      { client: { id: arbol, name: 'Árbol Café' }, timesheets: 0, expenses: 2, subtotal_cents: 5500 },
      { client: { id: bay, name: 'bay street lofts' }, timesheets: 1, expenses: 0, subtotal_cents: 24000 },
      { client: { id: archived, name: 'Moved Away' }, timesheets: 1, expenses: 0, subtotal_cents: 12000 },
      // 10.5 h of Front desk at $60 ($630.00); 50 minutes of Cleaning at $29.99 on one line ($24.99, not two lines of $12.50); $40.00 of expenses.
      { client: { id: zephyr, name: 'Zephyr Towers' }, timesheets: 4, expenses: 1, subtotal_cents: 63000 + 2499 + 4000 },
    ])
  })

  it('counts exactly what a draft for each client would bill, and leaves a client out once invoiced', async () => {
    const { call, cleaning, client, hours, expense } = await business()
    const first = await client('First')
    const second = await client('Second')
    await hours(first, [
      ['2028-01-03', '09:00', '09:50', cleaning],
      ['2028-01-04', '09:00', '09:07', cleaning],
      ['2028-01-05', '13:00', '14:13'],
    ])
    await expense({ location_id: first, category: 'mileage', distance_km: '10', amount_cents: undefined, tax_cents: undefined })
    await hours(second, [['2028-01-06', '09:00', '09:01', cleaning]])

    const rows: { client: { id: string }; timesheets: number; expenses: number; subtotal_cents: number }[] = await call.ok('GET', SUMMARY)
    expect(rows.map((row) => row.client.id)).toEqual([first, second])
    for (const row of rows) {
      const proposal = await call.ok('GET', `/invoice/proposal?location_id=${row.client.id}&period_from=2028-01-01&period_to=2028-01-31`)
      expect(row.timesheets).toBe(proposal.timesheets.length)
      expect(row.expenses).toBe(proposal.expenses.length)
      expect(row.subtotal_cents).toBe(proposal.lines.reduce((sum: number, line: { amount_cents: number }) => sum + line.amount_cents, 0))
    }

    const draft = await call.ok('POST', '/invoice', { location_id: first, ...JANUARY })
    expect(draft.subtotal_cents).toBe(rows[0]!.subtotal_cents)
    expect((await call.ok('GET', SUMMARY)).map((row: { client: { id: string } }) => row.client.id)).toEqual([second])
    // Month-end's draft of a client whose hours another draft took meanwhile is refused, not made empty.
    await call.refused(422, 'invoice_nothing_to_bill', 'POST', '/invoice', { location_id: first, ...JANUARY, require_billable: true })
    expect((await call.ok('GET', `/invoice?filter[client]=${first}`)).count).toBe(1)
    // Voided, the draft gives its hours and expenses back to the month-end list.
    await call.ok('POST', `/invoice/${draft.id}/events`, { type: 'invoice.void', version: draft.version, reason: 'Wrong period' })
    expect((await call.ok('GET', SUMMARY))[0]).toEqual(rows[0])
  })

  it('answers an empty list when nothing is left to bill', async () => {
    const { call, client } = await business()
    await client('Quiet')
    expect(await call.ok('GET', SUMMARY)).toEqual([])
  })

  it('never shows another business\'s clients', async () => {
    const mine = await business()
    const theirs = await business()
    const ours = await mine.client('Ours')
    await mine.hours(ours, [['2028-01-10', '09:00', '10:00']])
    const other = await theirs.client('Theirs')
    await theirs.hours(other, [['2028-01-10', '09:00', '10:00']])
    await theirs.expense({ location_id: other })
    expect((await mine.call.ok('GET', SUMMARY)).map((row: { client: { id: string } }) => row.client.id)).toEqual([ours])
    expect((await theirs.call.ok('GET', SUMMARY)).map((row: { client: { id: string } }) => row.client.id)).toEqual([other])
  })

  it('refuses a period out of order, missing or longer than a year with 400, like the other periods', async () => {
    const { call } = await business()
    const refusal = await call.refused(400, 'validation_failed', 'GET', '/invoice/uninvoiced?from=2028-02-01&to=2028-01-31')
    expect(refusal.details).toHaveProperty('to')
    await call.refused(400, 'validation_failed', 'GET', '/invoice/uninvoiced?from=2028-01-01')
    await call.refused(400, 'validation_failed', 'GET', '/invoice/uninvoiced')
    await call.refused(400, 'validation_failed', 'GET', '/invoice/uninvoiced?from=2028-01-01&to=2028-13-01')
    await call.refused(400, 'validation_failed', 'GET', '/invoice/uninvoiced?from=2027-01-01&to=2028-01-02')
    expect(await call.ok('GET', '/invoice/uninvoiced?from=2027-01-01&to=2028-01-01')).toEqual([])
  })

  it('is refused (403) to someone who may not create invoices', async () => {
    const { call } = await business()
    const staff = await call.person(`stan${(people += 1)}@example.com`, 'Staff')
    await call.refused(403, 'forbidden', 'GET', SUMMARY, undefined, staff.token)
    const manager = await call.person(`mia${(people += 1)}@example.com`, 'Manager')
    await call.refused(403, 'forbidden', 'GET', SUMMARY, undefined, manager.token)
  })
})
