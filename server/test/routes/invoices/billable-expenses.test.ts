import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testClock, type TestApp } from '../../helpers/app.ts'
import { registerBusiness, type Owner } from '../../helpers/business.ts'
import { shownText } from '@rota/core/testing/pdf-text'
import { timesheetApi } from '../../helpers/timesheets.ts'

const clock = testClock('2028-02-01T15:00:00Z')

let t: TestApp
let owner: Owner
let other: Owner
let call: ReturnType<typeof timesheetApi>
let sam: { id: string; token: string }
let clients = 0

beforeAll(async () => {
  t = await createTestApp({}, { clock })
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
  call = timesheetApi(t, owner)
  sam = await call.person('sam@example.com')
})
afterAll(() => t.close())

const JANUARY = { period_from: '2028-01-01', period_to: '2028-01-31' }

async function newClient(province: 'ON' | 'QC' = 'ON') {
  clients += 1
  const where = province === 'ON' ? { city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' } : { city: 'Montréal', province: 'QC', postal_code: 'H2X 1Y4' }
  return (await call.ok('POST', '/location', { name: `Client ${clients}`, street: '1 Main St', ...where })).id as string
}

/** Sam's claim, approved by the owner unless `approve` is false. */
async function claim(body: Record<string, unknown>, approve = true) {
  const created = await call.ok('POST', '/expense', { date: '2028-01-12', category: 'supplies', description: 'Mop heads', amount_cents: 4000, tax_cents: 520, ...body }, sam.token)
  if (!approve) return created
  return call.ok('POST', `/expense/${created.id}/events`, { type: 'expense.approve', version: created.version })
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id)

describe('billable expenses on the client\'s next invoice', () => {
  it('are proposed and billed at their amount before tax, each its own line, taxed by the invoice', async () => {
    const location = await newClient()
    const mop = await claim({ location_id: location })
    const trip = await claim({ location_id: location, date: '2027-12-20', category: 'mileage', description: 'Site visit', distance_km: '10', amount_cents: undefined, tax_cents: undefined })
    const paid = await claim({ location_id: location, date: '2028-01-13', category: 'meals', description: 'Lunch on site', amount_cents: 2000, tax_cents: 260 })
    await call.ok('POST', `/expense/${paid.id}/events`, { type: 'expense.reimburse', version: paid.version })
    // Not proposed: waiting, rejected, not billable, another client's, after the period.
    await claim({ location_id: location }, false)
    const rejected = await claim({ location_id: location }, false)
    await call.ok('POST', `/expense/${rejected.id}/events`, { type: 'expense.reject', version: rejected.version, reason: 'No receipt' })
    await claim({ location_id: location, billable: false })
    await claim({ location_id: await newClient() })
    await claim({ location_id: location, date: '2028-02-01' })

    const proposal = await call.ok('GET', `/invoice/proposal?location_id=${location}&period_from=2028-01-01&period_to=2028-01-31`)
    expect(ids(proposal.expenses)).toEqual([trip.id, mop.id, paid.id])
    expect(proposal.expenses[0]).toEqual({ id: trip.id, date: '2027-12-20', staff: 'sam Staff', category: 'mileage', description: 'Site visit', distance_km: '10', amount_cents: 720 })
    expect(proposal.lines).toEqual([
      { kind: 'expense', service_id: null, description: 'Mileage — 2027-12-20 · sam Staff: Site visit (10 km)', minutes: null, quantity: '1', unit_price_cents: 720, amount_cents: 720, provincial_exempt: false },
      { kind: 'expense', service_id: null, description: 'Supplies — 2028-01-12 · sam Staff: Mop heads', minutes: null, quantity: '1', unit_price_cents: 4000, amount_cents: 4000, provincial_exempt: false },
      { kind: 'expense', service_id: null, description: 'Meals — 2028-01-13 · sam Staff: Lunch on site', minutes: null, quantity: '1', unit_price_cents: 2000, amount_cents: 2000, provincial_exempt: false },
    ])

    const invoice = await call.ok('POST', '/invoice', { location_id: location, ...JANUARY, items: [{ description: 'Key cutting', quantity: '1', unit_price_cents: 1000 }] })
    expect(invoice.expense_ids).toEqual([trip.id, mop.id, paid.id])
    expect(invoice.lines.map((line: { kind: string }) => line.kind)).toEqual(['expense', 'expense', 'expense', 'item'])
    // $67.20 of expenses (before the $5.20 and $2.60 of tax Sam paid) and a $10.00 item, with Ontario's 13 % HST on top.
    expect(invoice).toMatchObject({ subtotal_cents: 7720, tax_cents: 1004, total_cents: 8724 })
    expect((await call.ok('GET', `/expense/${mop.id}`)).invoice).toEqual({ id: invoice.id, number: null })
    expect((await call.ok('GET', `/expense/${mop.id}`, undefined, sam.token)).invoice).toEqual({ id: invoice.id, number: null })

    const sent = await call.ok('POST', `/invoice/${invoice.id}/events`, { type: 'invoice.send', version: invoice.version })
    expect((await call.ok('GET', `/expense/${mop.id}`)).invoice).toEqual({ id: invoice.id, number: sent.number })
    expect(sent.expense_ids).toEqual(invoice.expense_ids)
    const pdf = await t.request({ method: 'GET', url: `/api/v1/invoice/${invoice.id}/pdf`, headers: { authorization: `Bearer ${owner.tokens.token}` } })
    // (The test's reader of PDF text does not decode the dash, which the PDF's font does have.)
    expect((await shownText(pdf.rawPayload)).join('\n')).toMatch(/Supplies .{1,2} 2028-01-12 · sam Staff: Mop heads\n1\n\$40\.00\n\$40\.00/)
  })

  it('are billed once: a second draft gets none, naming them is refused, and of two drafts at once only one takes them', async () => {
    const location = await newClient()
    const mop = await claim({ location_id: location })
    const first = await call.ok('POST', '/invoice', { location_id: location, ...JANUARY })
    expect(first.expense_ids).toEqual([mop.id])
    const second = await call.ok('POST', '/invoice', { location_id: location, ...JANUARY })
    expect(second.expense_ids).toEqual([])
    expect(ids((await call.ok('GET', `/invoice/proposal?location_id=${location}&period_from=2028-01-01&period_to=2028-01-31`)).expenses)).toEqual([])
    const refused = await call.refused(422, 'expenses_unavailable', 'POST', '/invoice', { location_id: location, ...JANUARY, expense_ids: [mop.id] })
    expect(refused.details).toEqual({ expense_ids: [mop.id] })
    // Its own draft proposes it again while it is edited.
    expect(ids((await call.ok('GET', `/invoice/proposal?location_id=${location}&period_from=2028-01-01&period_to=2028-01-31&invoice_id=${first.id}`)).expenses)).toEqual([mop.id])

    const bucket = await claim({ location_id: location, description: 'Bucket' })
    const racing = await Promise.all([1, 2].map(() => call.api('POST', '/invoice', { location_id: location, ...JANUARY, expense_ids: [bucket.id] })))
    expect(racing.map((response) => response.statusCode).sort()).toEqual([201, 422])
    expect(racing.find((response) => response.statusCode === 422)!.json()).toMatchObject({ code: 'expenses_unavailable', details: { expense_ids: [bucket.id] } })
    const winner = racing.find((response) => response.statusCode === 201)!.json().data
    expect(winner.expense_ids).toEqual([bucket.id])
  })

  it('are released by taking their line off a draft, and by voiding the invoice', async () => {
    const location = await newClient()
    const mop = await claim({ location_id: location })
    const bucket = await claim({ location_id: location, description: 'Bucket', amount_cents: 1500 })
    const invoice = await call.ok('POST', '/invoice', { location_id: location, ...JANUARY })
    expect(invoice.subtotal_cents).toBe(5500)
    // Changing something else keeps what the draft bills.
    const noted = await call.ok('PUT', `/invoice/${invoice.id}`, { version: invoice.version, notes: 'Thanks' })
    expect(noted.expense_ids).toEqual(invoice.expense_ids)
    const fewer = await call.ok('PUT', `/invoice/${invoice.id}`, { version: noted.version, expense_ids: [bucket.id] })
    expect(fewer).toMatchObject({ expense_ids: [bucket.id], subtotal_cents: 1500 })
    expect((await call.ok('GET', `/expense/${mop.id}`)).invoice).toBeNull()
    const other = await call.ok('POST', '/invoice', { location_id: location, ...JANUARY })
    expect(other.expense_ids).toEqual([mop.id])

    const voided = await call.ok('POST', `/invoice/${invoice.id}/events`, { type: 'invoice.void', version: fewer.version, reason: 'Wrong month' })
    expect(voided.expense_ids).toEqual([])
    expect((await call.ok('GET', `/expense/${bucket.id}`)).invoice).toBeNull()
    expect((await call.ok('POST', '/invoice', { location_id: location, ...JANUARY })).expense_ids).toEqual([bucket.id])
  })

  it('cannot be rejected, changed or withdrawn once billed; paying them back stays possible', async () => {
    const location = await newClient()
    const mop = await claim({ location_id: location })
    const invoice = await call.ok('POST', '/invoice', { location_id: location, ...JANUARY })
    const billed = await call.ok('GET', `/expense/${mop.id}`)
    expect(billed.allowed_events).toEqual(['expense.reimburse'])
    const refusal = await call.refused(422, 'expense_invoiced', 'POST', `/expense/${mop.id}/events`, { type: 'expense.reject', version: billed.version, reason: 'Too dear' })
    expect(refusal.details).toEqual({ invoice_id: invoice.id })
    await call.refused(422, 'expense_invoiced', 'POST', '/expense/events', { type: 'expense.reject', ids: [mop.id], reason: 'Too dear' })
    await call.refused(422, 'expense_invoiced', 'PUT', `/expense/${mop.id}`, { version: billed.version, amount_cents: 1 })
    await call.refused(422, 'expense_invoiced', 'DELETE', `/expense/${mop.id}`)
    const reimbursed = await call.ok('POST', `/expense/${mop.id}/events`, { type: 'expense.reimburse', version: billed.version })
    expect(reimbursed).toMatchObject({ status: 'reimbursed', invoice: { id: invoice.id } })
  })

  it('stay within their business: another one can neither see nor bill them', async () => {
    const location = await newClient()
    const mop = await claim({ location_id: location })
    const stranger = timesheetApi(t, other)
    const theirs = (await stranger.ok('POST', '/location', { name: 'Elsewhere', street: '1 Main St', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' })).id
    expect((await stranger.ok('GET', `/invoice/proposal?location_id=${theirs}&period_from=2028-01-01&period_to=2028-01-31`)).expenses).toEqual([])
    await stranger.refused(422, 'expenses_unavailable', 'POST', '/invoice', { location_id: theirs, ...JANUARY, expense_ids: [mop.id] })
    await stranger.refused(422, 'validation_failed', 'GET', `/invoice/proposal?location_id=${location}&period_from=2028-01-01&period_to=2028-01-31`)
    expect((await call.ok('GET', `/expense/${mop.id}`)).invoice).toBeNull()
    // Staff do not draft invoices, not even of their own expenses.
    await call.refused(403, 'forbidden', 'POST', '/invoice', { location_id: location, ...JANUARY, expense_ids: [mop.id] }, sam.token)
  })
})
