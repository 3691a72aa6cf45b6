import { eq } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditRows } from '../../helpers/accounts.ts'
import { settings as settingsTable } from '../../../src/db/schema/index.ts'
import { createTestApp, testClock, type TestApp } from '../../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../../helpers/business.ts'
import { shownText } from '@rota/core/testing/pdf-text'
import { timesheetApi } from '../../helpers/timesheets.ts'

const clock = testClock('2028-02-01T15:00:00Z')

let t: TestApp
let owner: Owner
let other: Owner
let call: ReturnType<typeof timesheetApi>
let service: string
let cleaning: string
let clientIndex = 0
let people = 0

const CLIENTS = {
  ON: { city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' },
  QC: { city: 'Montréal', province: 'QC', postal_code: 'H2X 1Y4' },
  BC: { city: 'Vancouver', province: 'BC', postal_code: 'V6B 1A1' },
} as const

beforeAll(async () => {
  t = await createTestApp({}, { clock })
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
  call = timesheetApi(t, owner)
  service = (await call.ok('POST', '/service', { name: 'Front desk', bill_rate_cents: 6000, pay_rate_cents: 3000 })).id
  cleaning = (await call.ok('POST', '/service', { name: 'Cleaning', bill_rate_cents: 2999, pay_rate_cents: 2000 })).id
})
afterAll(() => t.close())

/** A new client of the business (each test bills its own). */
async function newClient(where: keyof typeof CLIENTS = 'ON', extra: Record<string, unknown> = {}) {
  clientIndex += 1
  return (await call.ok('POST', '/location', { name: `Client ${clientIndex}`, street: '1 Main St', ...CLIENTS[where], ...extra })).id as string
}

/** Approved hours for a client in January 2028: one timesheet per [day, start, end, service]. */
async function approvedHours(location: string, days: [string, string, string, string?][]) {
  const ids: string[] = []
  // Someone new each time: one person's hours never overlap.
  const staff = await call.person(`sam${(people += 1)}@example.com`)
  for (const [date, start, end, onService] of days) {
    const created = await call.ok('POST', '/timesheet', { staff_id: staff.id, location_id: location, service_id: onService ?? service, date, start, end })
    ids.push(created.id)
  }
  await call.ok('POST', '/timesheet/events', { type: 'timesheet.approve', ids })
  return ids
}

const JANUARY = { period_from: '2028-01-01', period_to: '2028-01-31' }

async function draft(location: string, extra: Record<string, unknown> = {}) {
  return call.ok('POST', '/invoice', { location_id: location, ...JANUARY, ...extra })
}

async function event(invoice: { id: string }, payload: Record<string, unknown>, token = owner.tokens.token) {
  const current = await call.ok('GET', `/invoice/${invoice.id}`, undefined, token)
  return call.api('POST', `/invoice/${invoice.id}/events`, { version: current.version, ...payload }, token)
}

async function sent(location: string, extra: Record<string, unknown> = {}) {
  const invoice = await draft(location, extra)
  const response = await event(invoice, { type: 'invoice.send' })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data
}

describe('a draft from approved hours', () => {
  it('proposes the client\'s approved, not yet invoiced hours by service, each line rounded once', async () => {
    const location = await newClient()
    // Cleaning: 50 minutes at $29.99 is $24.9916…, billed $24.99.
    const ids = await approvedHours(location, [
      ['2028-01-10', '09:00', '17:00'],
      ['2028-01-11', '09:00', '13:30'],
      ['2028-01-12', '09:00', '09:50', cleaning],
    ])
    // Pending hours are not proposed.
    const pending = await call.person('pending@example.com')
    await call.ok('POST', '/timesheet', { staff_id: pending.id, location_id: location, service_id: service, date: '2028-01-13', start: '09:00', end: '10:00' })
    const proposal = await call.ok('GET', `/invoice/proposal?location_id=${location}&period_from=2028-01-01&period_to=2028-01-31`)
    expect(proposal.timesheets.map((row: { id: string }) => row.id).sort()).toEqual([...ids].sort())
    expect(proposal.terms_days).toBe(30)
    expect(proposal.lines).toEqual([
      { kind: 'hours', service_id: cleaning, description: 'Cleaning', minutes: 50, quantity: '0.83', unit_price_cents: 2999, amount_cents: 2499, provincial_exempt: false },
      { kind: 'hours', service_id: service, description: 'Front desk', minutes: 750, quantity: '12.5', unit_price_cents: 6000, amount_cents: 75000, provincial_exempt: false },
    ])

    const invoice = await draft(location, { items: [{ description: 'Parking', quantity: '2', unit_price_cents: 1250 }], notes: 'Thank you' })
    expect(invoice).toMatchObject({
      number: null,
      status: 'draft',
      overdue: false,
      issue_date: null,
      // Net 30 from the business's day (February 1 in Toronto).
      due_date: '2028-03-02',
      subtotal_cents: 2499 + 75000 + 2500,
      taxes: [{ code: 'HST', label: 'hst', percent: '13', base_cents: 79999, amount_cents: 10400, registration_number: null }],
      tax_cents: 10400,
      total_cents: 79999 + 10400,
      paid_cents: 0,
      balance_cents: 90399,
      notes: 'Thank you',
      allowed_events: ['invoice.send', 'invoice.void'],
    })
    expect(invoice.timesheet_ids.sort()).toEqual([...ids].sort())
    expect(invoice.lines.at(-1)).toEqual({ kind: 'item', service_id: null, description: 'Parking', minutes: null, quantity: '2', unit_price_cents: 1250, amount_cents: 2500, provincial_exempt: false })
    expect(await auditRows(t, owner.business_id, 'invoices.create')).toContainEqual(expect.objectContaining({ record_id: invoice.id }))
  })

  it('bills one line per shift when asked', async () => {
    const location = await newClient()
    await approvedHours(location, [
      ['2028-01-10', '09:00', '17:00'],
      ['2028-01-11', '22:00', '02:00'],
    ])
    const invoice = await draft(location, { per_shift: true })
    expect(invoice.lines.map((line: { description: string; minutes: number }) => [line.description, line.minutes])).toEqual([
      [`Front desk — 2028-01-10 09:00–17:00 · sam${people} Staff`, 480],
      [`Front desk — 2028-01-11 22:00–02:00 · sam${people} Staff`, 240],
    ])
  })

  it('bills hours once: a second invoice gets none of them, naming them is refused, and the timesheet cannot be reopened', async () => {
    const location = await newClient()
    const [id] = await approvedHours(location, [['2028-01-14', '09:00', '12:00']])
    const first = await draft(location)
    expect(first.timesheet_ids).toEqual([id])
    const second = await draft(location)
    expect(second.timesheet_ids).toEqual([])
    expect(second.subtotal_cents).toBe(0)
    const refused = await call.refused(422, 'timesheets_unavailable', 'POST', '/invoice', { location_id: location, ...JANUARY, timesheet_ids: [id] })
    expect(refused.details).toEqual({ timesheet_ids: [id] })
    const timesheet = await call.ok('GET', `/timesheet/${id}`)
    await call.refused(422, 'invoiced', 'POST', `/timesheet/${id}/events`, { type: 'timesheet.reopen', version: timesheet.version })
  })

  it('changes only as a draft, with the version read; a new period bills its hours again', async () => {
    const location = await newClient()
    await approvedHours(location, [
      ['2028-01-05', '09:00', '11:00'],
      ['2028-01-20', '09:00', '10:00'],
    ])
    const invoice = await draft(location)
    expect(invoice.subtotal_cents).toBe(18000)
    const changed = await call.ok('PUT', `/invoice/${invoice.id}`, { version: invoice.version, period_from: '2028-01-15', discount_cents: 1000, terms: 'Net 15' })
    expect(changed).toMatchObject({ period_from: '2028-01-15', subtotal_cents: 6000, discount_cents: 1000, tax_cents: 650, total_cents: 5650, terms: 'Net 15', version: invoice.version + 1 })
    expect(changed.timesheet_ids).toHaveLength(1)
    // Its audit row keeps the lines before and after, not only the totals.
    const audited = (await auditRows(t, owner.business_id, 'invoices.update')).filter((row) => row.record_id === invoice.id).at(-1)
    expect((audited?.before as { lines: { amount_cents: number }[] }).lines.map((line) => line.amount_cents)).toEqual([18000])
    expect((audited?.after as { lines: unknown[] }).lines).toEqual([expect.objectContaining({ kind: 'hours', quantity: '1', amount_cents: 6000, provincial_exempt: false })])
    // The January 5 hours are free again for another invoice.
    expect((await draft(location, { period_to: '2028-01-10' })).subtotal_cents).toBe(12000)
    await call.refused(409, 'stale_version', 'PUT', `/invoice/${invoice.id}`, { version: invoice.version, notes: 'late' })
    await call.refused(422, 'discount_too_large', 'PUT', `/invoice/${invoice.id}`, { version: changed.version, discount_cents: 6001 })
    // Edited, the draft's own hours are proposed beside the free ones.
    const own = await call.ok('GET', `/invoice/proposal?location_id=${location}&period_from=2028-01-01&period_to=2028-01-31&invoice_id=${invoice.id}`)
    expect(own.timesheets.map((row: { id: string }) => row.id)).toContain(changed.timesheet_ids[0])
    const free = await call.ok('GET', `/invoice/proposal?location_id=${location}&period_from=2028-01-01&period_to=2028-01-31`)
    expect(free.timesheets.map((row: { id: string }) => row.id)).not.toContain(changed.timesheet_ids[0])
    const after = await event(changed, { type: 'invoice.send' })
    expect(after.statusCode).toBe(200)
    await call.refused(422, 'invoice_not_editable', 'PUT', `/invoice/${invoice.id}`, { version: after.json().data.version, notes: 'late' })
  })

  it('refuses bad input with 400 and unknown ids with 404', async () => {
    await call.refused(400, 'validation_failed', 'POST', '/invoice', { location_id: 'nope', ...JANUARY })
    await call.refused(400, 'validation_failed', 'POST', '/invoice', { location_id: randomUUID(), period_from: '2028-02-01', period_to: '2028-01-01' })
    await call.refused(400, 'validation_failed', 'POST', '/invoice', { location_id: randomUUID(), ...JANUARY, items: [{ description: 'x', quantity: '1e3', unit_price_cents: 1 }] })
    await call.refused(422, 'validation_failed', 'POST', '/invoice', { location_id: randomUUID(), ...JANUARY })
    await call.refused(404, 'not_found', 'GET', `/invoice/${randomUUID()}`)
  })
})

describe('due dates', () => {
  it('are never before the invoice\'s date: refused when chosen so, and a draft gone past its due date is not sent', async () => {
    const location = await newClient()
    const items = [{ description: 'Keys', quantity: '1', unit_price_cents: 5000 }]
    // Chosen with the invoice's date: the contract refuses it.
    const early = await call.refused(400, 'validation_failed', 'POST', '/invoice', { location_id: location, ...JANUARY, items, issue_date: '2028-02-05', due_date: '2028-02-04' })
    expect(early.details).toEqual({ due_date: 'Make it due on or after the invoice date' })
    // Without one, the invoice is dated the day it is sent, today at the earliest (February 1).
    const past = await call.refused(422, 'validation_failed', 'POST', '/invoice', { location_id: location, ...JANUARY, items, due_date: '2028-01-31' })
    expect(past.details).toEqual({ due_date: 'Make it due on or after the invoice date' })
    // Backdated, an invoice may be due in the past: after its own date.
    expect((await draft(location, { items, issue_date: '2028-01-15', due_date: '2028-01-20' })).due_date).toBe('2028-01-20')
    const invoice = await draft(location, { items, due_date: '2028-02-10' })
    await call.refused(422, 'validation_failed', 'PUT', `/invoice/${invoice.id}`, { version: invoice.version, due_date: '2028-01-10' })
    try {
      clock.set('2028-02-20T15:00:00Z')
      // Left alone, the draft still changes in other ways; sent today, it would be overdue at once.
      const noted = await call.ok('PUT', `/invoice/${invoice.id}`, { version: invoice.version, notes: 'Keys to the east door' })
      const refused = await event(noted, { type: 'invoice.send' })
      expect(refused.statusCode).toBe(422)
      expect(refused.json()).toMatchObject({ code: 'invoice_due_before_issue', details: { due_date: '2028-02-10', issue_date: '2028-02-20' } })
      const moved = await call.ok('PUT', `/invoice/${invoice.id}`, { version: noted.version, due_date: '2028-03-20' })
      const sentNow = await event(moved, { type: 'invoice.send' })
      expect(sentNow.statusCode).toBe(200)
      expect(sentNow.json().data).toMatchObject({ issue_date: '2028-02-20', due_date: '2028-03-20', overdue: false })
    } finally {
      clock.set('2028-02-01T15:00:00Z')
    }
  })

  it('is due by the payment terms counted from the day it is sent when no day was chosen, and back on terms when the chosen day is cleared', async () => {
    const location = await newClient()
    const items = [{ description: 'Keys', quantity: '1', unit_price_cents: 5000 }]
    const onTerms = await draft(location, { items })
    expect(onTerms).toMatchObject({ due_date: '2028-03-02', due_on_terms: true })
    const chosen = await draft(location, { items, due_date: '2028-03-15' })
    expect(chosen).toMatchObject({ due_on_terms: false })
    try {
      clock.set('2028-02-21T15:00:00Z')
      // Sent twenty days later: due thirty days after that, not ten.
      const sent = await event(onTerms, { type: 'invoice.send' })
      expect(sent.json().data).toMatchObject({ issue_date: '2028-02-21', due_date: '2028-03-22', due_on_terms: true })
      // A chosen day stays as chosen; cleared (null), the terms count again.
      const cleared = await call.ok('PUT', `/invoice/${chosen.id}`, { version: chosen.version, due_date: null })
      expect(cleared).toMatchObject({ due_date: '2028-03-22', due_on_terms: true })
    } finally {
      clock.set('2028-02-01T15:00:00Z')
    }
  })
})

describe('taxes', () => {
  it('bring no invoice past $1,000,000.00: refused by name, where the figures used to overflow into a bare 400', async () => {
    const toronto = await newClient('ON')
    const huge = await call.refused(422, 'invoice_too_large', 'POST', '/invoice', { location_id: toronto, ...JANUARY, items: [{ description: 'Towers', quantity: '1000', unit_price_cents: 10_000_000 }] })
    expect(huge.details).toEqual({ total_cents: 'At most 100000000' })
    // $884,900.00 and 13 % HST: $999,937.00, under the most one invoice may come to.
    const largest = await draft(toronto, { items: [{ description: 'Towers', quantity: '8.849', unit_price_cents: 10_000_000 }] })
    expect(largest.total_cents).toBe(99_993_700)
  })

  it('are refused, not guessed, for a date before Rota knows the province\'s sales tax: on creating and on changing the date', async () => {
    const toronto = await newClient('ON')
    const items = [{ description: 'Keys', quantity: '1', unit_price_cents: 10000 }]
    const early = await call.refused(422, 'invoice_before_tax_table', 'POST', '/invoice', { location_id: toronto, ...JANUARY, items, issue_date: '2010-06-30' })
    expect(early.details).toEqual({ issue_date: "On or after 2010-07-01, the first day Rota knows ON's sales tax" })
    const invoice = await draft(toronto, { items, issue_date: '2010-07-01' })
    expect(invoice.taxes).toMatchObject([{ code: 'HST', percent: '13', amount_cents: 1300 }])
    await call.refused(422, 'invoice_before_tax_table', 'PUT', `/invoice/${invoice.id}`, { version: invoice.version, issue_date: '2009-05-05' })
  })

  it('are each their own line from the client\'s province, with the business\'s registration numbers', async () => {
    const settings = await call.ok('GET', '/settings')
    await call.ok('PUT', '/settings', { version: settings.version, gst_hst_number: '123456789 RT0001', qst_number: '1234567890 TQ0001' })
    const quebec = await newClient('QC')
    await approvedHours(quebec, [['2028-01-10', '09:00', '19:00']])
    const invoice = await draft(quebec, { items: [{ description: 'Books', quantity: '1', unit_price_cents: 5000, provincial_exempt: true }] })
    expect(invoice.taxes).toEqual([
      { code: 'GST', label: 'gst', percent: '5', base_cents: 65000, amount_cents: 3250, registration_number: '123456789 RT0001' },
      { code: 'QST', label: 'qst', percent: '9.975', base_cents: 60000, amount_cents: 5985, registration_number: '1234567890 TQ0001' },
    ])
    expect(invoice.total_cents).toBe(65000 + 3250 + 5985)
    const bc = await newClient('BC')
    await approvedHours(bc, [['2028-01-10', '09:00', '10:00']])
    expect((await draft(bc)).taxes.map((tax: { code: string; amount_cents: number; registration_number: string | null }) => [tax.code, tax.amount_cents, tax.registration_number])).toEqual([
      ['GST', 300, '123456789 RT0001'],
      ['PST', 420, null],
    ])
  })
})

describe('a service exempt from the provincial sales tax', () => {
  it('bills its hours with GST only in BC, PST on the rest, and marks them on the document', async () => {
    const care = await call.ok('POST', '/service', { name: 'Home care', bill_rate_cents: 5000, pay_rate_cents: 2500, provincial_exempt: true })
    const bc = await newClient('BC')
    // Two hours of front desk ($120.00) and three of home care ($150.00).
    await approvedHours(bc, [
      ['2028-01-10', '09:00', '11:00'],
      ['2028-01-11', '09:00', '12:00', care.id],
    ])
    const proposal = await call.ok('GET', `/invoice/proposal?location_id=${bc}&period_from=2028-01-01&period_to=2028-01-31`)
    expect(proposal.timesheets.map((row: { service: object }) => row.service)).toEqual([
      { id: service, name: 'Front desk', provincial_exempt: false },
      { id: care.id, name: 'Home care', provincial_exempt: true },
    ])
    const exemptLines = (invoice: { lines: { description: string; provincial_exempt: boolean }[] }) => invoice.lines.map((line) => [line.description, line.provincial_exempt])
    expect(exemptLines(proposal)).toEqual([
      ['Front desk', false],
      ['Home care', true],
    ])
    const taxes = (invoice: { taxes: { code: string; base_cents: number; amount_cents: number }[] }) => invoice.taxes.map((tax) => [tax.code, tax.base_cents, tax.amount_cents])

    const invoice = await draft(bc)
    expect(exemptLines(invoice)).toEqual([
      ['Front desk', false],
      ['Home care', true],
    ])
    expect(taxes(invoice)).toEqual([
      ['GST', 27000, 1350],
      ['PST', 12000, 840],
    ])
    expect(invoice.total_cents).toBe(27000 + 1350 + 840)
    // One line per shift is exempt alike.
    const perShift = await call.ok('PUT', `/invoice/${invoice.id}`, { version: invoice.version, per_shift: true })
    expect(perShift.lines.map((line: { provincial_exempt: boolean }) => line.provincial_exempt)).toEqual([false, true])
    expect(taxes(perShift)).toEqual(taxes(invoice))

    // A draft priced again follows the service as it is now.
    await call.ok('PUT', `/service/${care.id}`, { provincial_exempt: false, version: care.version })
    const taxed = await call.ok('PUT', `/invoice/${invoice.id}`, { version: perShift.version, per_shift: false })
    expect(taxes(taxed)).toEqual([
      ['GST', 27000, 1350],
      ['PST', 27000, 1890],
    ])
    const again = await call.ok('PUT', `/service/${care.id}`, { provincial_exempt: true, version: care.version + 1 })
    const repriced = await call.ok('PUT', `/invoice/${invoice.id}`, { version: taxed.version, notes: 'Thank you' })
    expect(taxes(repriced)).toEqual(taxes(invoice))

    // Sent, its lines are kept as they were billed: a later change to the service leaves it alone.
    const response = await event(repriced, { type: 'invoice.send' })
    expect(response.statusCode, response.body).toBe(200)
    await call.ok('PUT', `/service/${care.id}`, { provincial_exempt: false, version: again.version })
    const kept = await call.ok('GET', `/invoice/${invoice.id}`)
    expect(exemptLines(kept)).toEqual([
      ['Front desk', false],
      ['Home care', true],
    ])
    expect(taxes(kept)).toEqual(taxes(invoice))

    const link = await call.ok('GET', `/invoice/${invoice.id}/link`)
    const text = (await shownText((await t.request({ method: 'GET', url: new URL(link.pdf_url).pathname })).rawPayload)).join('\n')
    expect(text).toContain('Home care *')
    expect(text).toContain('* Exempt from PST')
    expect(text).not.toContain('Front desk *')
  })
})

describe('numbers', () => {
  it('are allocated on the first send, in order, without gaps, even for 20 sends at once', async () => {
    const settings = await call.ok('GET', '/settings')
    await call.ok('PUT', '/settings', { version: settings.version, invoice_prefix: 'TST-', next_invoice_number: 500 })
    const location = await newClient()
    const drafts = []
    for (let index = 0; index < 20; index += 1) drafts.push(await draft(location, { items: [{ description: `Item ${index}`, quantity: '1', unit_price_cents: 1000 }] }))
    // An invoice of nothing is refused and takes no number.
    const empty = await draft(location)
    await call.refused(422, 'invoice_empty', 'POST', `/invoice/${empty.id}/events`, { type: 'invoice.send', version: empty.version })
    const answers = await Promise.all(drafts.map((invoice) => call.api('POST', `/invoice/${invoice.id}/events`, { type: 'invoice.send', version: invoice.version })))
    expect(answers.map((response) => response.statusCode)).toEqual(drafts.map(() => 200))
    const numbers = answers.map((response) => response.json().data.number as string).sort()
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => `TST-${String(500 + index).padStart(6, '0')}`))
    expect((await call.ok('GET', '/settings')).next_invoice_number).toBe(520)
    const one = answers[0]!.json().data
    expect(one).toMatchObject({ status: 'sent', issue_date: '2028-02-01', allowed_events: ['invoice.payment', 'invoice.void'] })
    expect(one.sent_at).toBe(clock.now().toISOString())
    // Found by its number.
    const found = await call.ok('GET', `/invoice?q=${one.number}`)
    expect(found.rows.map((row: { id: string }) => row.id)).toEqual([one.id])
  })
})

describe('the next invoice number', () => {
  const item = { items: [{ description: 'Item', quantity: '1', unit_price_cents: 1000 }] }
  const settingsVersion = async () => (await call.ok('GET', '/settings')).version as number

  it('cannot be set at or below a number its prefix already issued (422 invoice_number_used, naming the highest)', async () => {
    await call.ok('PUT', '/settings', { version: await settingsVersion(), invoice_prefix: 'NUM-', next_invoice_number: 1 })
    const location = await newClient()
    await sent(location, item)
    expect((await sent(location, item)).number).toBe('NUM-000002')
    for (const next of [1, 2]) {
      const refused = await call.refused(422, 'invoice_number_used', 'PUT', '/settings', { version: await settingsVersion(), next_invoice_number: next })
      expect(refused).toMatchObject({
        message: 'This invoice number is already used: set the next invoice number above the highest one issued.',
        details: { next_invoice_number: 'Use a number above 2: NUM-000002 is already issued', highest_issued: 'NUM-000002' },
      })
    }
    expect((await call.ok('GET', '/settings')).next_invoice_number).toBe(3)
    // Another prefix starts its own sequence; coming back to this one at 1 would repeat its numbers.
    await call.ok('PUT', '/settings', { version: await settingsVersion(), invoice_prefix: 'NEW-', next_invoice_number: 1 })
    await call.refused(422, 'invoice_number_used', 'PUT', '/settings', { version: await settingsVersion(), invoice_prefix: 'NUM-' })
    await call.ok('PUT', '/settings', { version: await settingsVersion(), invoice_prefix: 'NUM-', next_invoice_number: 10 })
    // Other settings still save while the number stands.
    await call.ok('PUT', '/settings', { version: await settingsVersion(), business_name: 'Numbered Inc.' })
  })

  it('names the number a send would repeat, set below it before the settings refused that, and keeps it free', async () => {
    await call.ok('PUT', '/settings', { version: await settingsVersion(), invoice_prefix: 'OLD-', next_invoice_number: 1 })
    const location = await newClient()
    await sent(location, item)
    await sent(location, item)
    // As a business could have set it before: straight in the database.
    await t.db.update(settingsTable).set({ next_invoice_number: 2 }).where(eq(settingsTable.business_id, owner.business_id))
    const invoice = await draft(location, item)
    const response = await event(invoice, { type: 'invoice.send' })
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ code: 'invoice_number_used', details: { number: 'OLD-000002', highest_issued: 'OLD-000002' } })
    expect(await call.ok('GET', `/invoice/${invoice.id}`)).toMatchObject({ status: 'draft', number: null })
    expect((await call.ok('GET', '/settings')).next_invoice_number).toBe(2)
    await call.ok('PUT', '/settings', { version: await settingsVersion(), next_invoice_number: 3 })
    expect((await sent(location, item)).number).toBe('OLD-000003')
  })
})

describe('an event the invoice does not allow', () => {
  it('says it is not possible in the invoice’s state, not that it changed since it was opened', async () => {
    const location = await newClient()
    const invoice = await draft(location, { items: [{ description: 'x', quantity: '1', unit_price_cents: 100 }] })
    const payment = { type: 'invoice.payment', version: invoice.version, amount_cents: 100, paid_on: '2028-02-01', method: 'cash' }
    const english = await call.api('POST', `/invoice/${invoice.id}/events`, payment)
    expect(english.statusCode).toBe(422)
    expect(english.json()).toEqual({
      code: 'transition_not_allowed',
      message: 'This action is not possible in the record’s current state.',
      details: { status: 'draft', event: 'invoice.payment', allowed: ['invoice.send', 'invoice.void'] },
    })
    for (const [language, words] of [['fr', 'Cette action n’est pas possible dans l’état actuel de l’élément.'], ['es', 'Esta acción no es posible en el estado actual del registro.']]) {
      const answer = await t.request({ method: 'POST', url: `/api/v1/invoice/${invoice.id}/events`, headers: { ...bearer(owner.tokens.token), 'accept-language': language! }, payload: payment })
      expect(answer.json().message).toBe(words)
    }
    const stale = await call.api('POST', `/invoice/${invoice.id}/events`, { type: 'invoice.send', version: invoice.version + 1 })
    expect(stale.json()).toMatchObject({ code: 'stale_version', message: 'Someone else changed this record. Reload it and try again.' })
  })
})

describe('payments, overdue and void', () => {
  it('takes partial payments, refuses one over the balance, and is paid in full', async () => {
    const location = await newClient()
    await approvedHours(location, [['2028-01-10', '09:00', '17:00']])
    const invoice = await sent(location)
    expect(invoice.total_cents).toBe(54240)
    const partial = await event(invoice, { type: 'invoice.payment', amount_cents: 20000, paid_on: '2028-01-30', method: 'e_transfer', reference: 'ABC123' })
    expect(partial.statusCode, partial.body).toBe(200)
    expect(partial.json().data).toMatchObject({ status: 'partially_paid', paid_cents: 20000, balance_cents: 34240 })
    // Voiding now would lose the $200 received: refused, and not offered.
    expect(partial.json().data.allowed_events).toEqual(['invoice.payment', 'invoice.payment_reverse'])
    const lost = await event(invoice, { type: 'invoice.void', reason: 'Wrong client' })
    expect(lost.statusCode).toBe(422)
    expect(lost.json()).toMatchObject({ code: 'invoice_has_payments', details: { paid_cents: 20000 } })
    // The test's today is 2028-02-01 in Toronto: a payment dated tomorrow has not happened.
    const ahead = await event(invoice, { type: 'invoice.payment', amount_cents: 100, paid_on: '2028-02-02', method: 'cheque' })
    expect(ahead.statusCode).toBe(422)
    expect(ahead.json()).toMatchObject({ code: 'payment_in_future' })
    const over = await event(invoice, { type: 'invoice.payment', amount_cents: 34241, paid_on: '2028-01-31', method: 'cheque' })
    expect(over.statusCode).toBe(422)
    expect(over.json()).toMatchObject({ code: 'overpayment', details: { balance_cents: 34240 } })
    const rest = await event(invoice, { type: 'invoice.payment', amount_cents: 34240, paid_on: '2028-02-01', method: 'cheque', reference: null })
    const paid = rest.json().data
    expect(paid).toMatchObject({ status: 'paid', paid_cents: 54240, balance_cents: 0, allowed_events: ['invoice.payment_reverse'] })
    expect(paid.payments.map((payment: { amount_cents: number; method: string; reference: string | null }) => [payment.amount_cents, payment.method, payment.reference])).toEqual([
      [20000, 'e_transfer', 'ABC123'],
      [34240, 'cheque', null],
    ])
    // Paid in full, it says so: nothing changed since it was opened, and reloading would not help.
    const again = await event(invoice, { type: 'invoice.payment', amount_cents: 1, paid_on: '2028-02-01', method: 'cash' })
    expect(again.statusCode).toBe(422)
    expect(again.json()).toMatchObject({ code: 'invoice_already_paid', message: 'This invoice is already paid in full: nothing is left to pay.' })
    const voided = await event(invoice, { type: 'invoice.void', reason: 'Too late' })
    expect(voided.statusCode).toBe(422)
    expect(voided.json()).toMatchObject({ code: 'transition_not_allowed', details: { status: 'paid', event: 'invoice.void', allowed: ['invoice.payment_reverse'] } })
    const draftInvoice = await draft(location, { items: [{ description: 'x', quantity: '1', unit_price_cents: 100 }] })
    const early = await event(draftInvoice, { type: 'invoice.payment', amount_cents: 100, paid_on: '2028-02-01', method: 'cash' })
    expect(early.json()).toMatchObject({ code: 'transition_not_allowed', details: { status: 'draft' } })
  })

  it('takes back a payment recorded in error, saying why: kept and marked, owed again, and never twice', async () => {
    const location = await newClient()
    await approvedHours(location, [['2028-01-10', '09:00', '17:00']])
    const invoice = await sent(location)
    const first = (await event(invoice, { type: 'invoice.payment', amount_cents: 20000, paid_on: '2028-01-30', method: 'cheque' })).json().data
    const paid = (await event(invoice, { type: 'invoice.payment', amount_cents: 34240, paid_on: '2028-02-01', method: 'e_transfer' })).json().data
    expect(paid.status).toBe('paid')
    const wrong = paid.payments[1]
    await call.refused(400, 'validation_failed', 'POST', `/invoice/${invoice.id}/events`, { type: 'invoice.payment_reverse', version: paid.version, payment_id: wrong.id })
    const back = await event(invoice, { type: 'invoice.payment_reverse', payment_id: wrong.id, reason: 'Entered on the wrong invoice' })
    expect(back.statusCode, back.body).toBe(200)
    expect(back.json()).toMatchObject({ message: 'Payment taken back: the invoice owes it again.', data: { status: 'partially_paid', paid_cents: 20000, balance_cents: 34240 } })
    expect(back.json().data.payments.map((payment: { id: string; reversed: { reason: string } | null }) => [payment.id, payment.reversed?.reason ?? null])).toEqual([
      [first.payments[0].id, null],
      [wrong.id, 'Entered on the wrong invoice'],
    ])
    const twice = await event(invoice, { type: 'invoice.payment_reverse', payment_id: wrong.id, reason: 'Again' })
    expect(twice.json()).toMatchObject({ code: 'payment_not_found' })
    // The first taken back too, nothing is paid: it may be voided again.
    const none = (await event(invoice, { type: 'invoice.payment_reverse', payment_id: first.payments[0].id, reason: 'Cheque bounced' })).json().data
    expect(none).toMatchObject({ status: 'sent', paid_cents: 0, allowed_events: ['invoice.payment', 'invoice.void'] })
    const row = (await auditRows(t, owner.business_id, 'invoices.payment_reverse')).filter((entry) => entry.record_id === invoice.id).at(-1)
    expect(row).toMatchObject({ after: { paid_cents: 0, payment_reversed: { amount_cents: 20000, reason: 'Cheque bounced' } } })
  })

  it('is overdue once its due date has passed with a balance, in the business\'s time zone', async () => {
    const location = await newClient()
    await approvedHours(location, [['2028-01-10', '09:00', '10:00']])
    const invoice = await sent(location, { due_date: '2028-02-10' })
    try {
      // 23:30 on February 10 in Toronto is already the 11th in UTC: not overdue yet.
      clock.set('2028-02-11T04:30:00Z')
      expect((await call.ok('GET', `/invoice/${invoice.id}`)).overdue).toBe(false)
      clock.set('2028-02-11T05:30:00Z')
      expect((await call.ok('GET', `/invoice/${invoice.id}`)).overdue).toBe(true)
      const overdue = await call.ok('GET', `/invoice?filter[overdue]=true&filter[client]=${location}`)
      expect(overdue.rows.map((row: { id: string }) => row.id)).toEqual([invoice.id])
      expect((await call.ok('GET', `/invoice?filter[overdue]=false&filter[client]=${location}`)).count).toBe(0)
    } finally {
      clock.set('2028-02-01T15:00:00Z')
    }
  })

  it('void releases the hours for another invoice', async () => {
    const location = await newClient()
    const ids = await approvedHours(location, [['2028-01-10', '09:00', '10:00']])
    const invoice = await sent(location)
    const voided = await event(invoice, { type: 'invoice.void', reason: 'Wrong client' })
    expect(voided.json().data).toMatchObject({ status: 'void', void_reason: 'Wrong client', timesheet_ids: [], balance_cents: 0, allowed_events: [] })
    expect(voided.json().data.number).toBe(invoice.number)
    expect((await draft(location)).timesheet_ids).toEqual(ids)
    const history = await call.ok('GET', `/invoice/${invoice.id}/history`)
    expect(history.rows.map((row: { action: string }) => row.action)).toEqual(['invoices.void', 'invoices.send', 'invoices.create'])
  })
})

describe('the client\'s link', () => {
  it('opens that sent invoice only, records the view, serves the PDF, and stops working once renewed', async () => {
    const location = await newClient()
    await approvedHours(location, [['2028-01-10', '09:00', '17:00']])
    const invoice = await sent(location)
    const link = await call.ok('GET', `/invoice/${invoice.id}/link`)
    const path = new URL(link.url).pathname
    expect(path).toMatch(new RegExp(`^/frontend/invoice/[^/]+/${invoice.id}$`))
    const credentials = path.split('/')[3]!
    const open = (creds: string, id: string) => t.request({ method: 'GET', url: `/api/v1/public/invoice/${creds}/${id}` })

    const seen = await open(credentials, invoice.id)
    expect(seen.statusCode, seen.body).toBe(200)
    expect(seen.json().data).toMatchObject({ id: invoice.id, number: invoice.number, total_cents: invoice.total_cents, view_count: 1 })
    expect(seen.json().data).not.toHaveProperty('allowed_events')
    expect(seen.json().data).not.toHaveProperty('timesheet_ids')
    expect((await call.ok('GET', `/invoice/${invoice.id}`)).viewed_at).toBe(clock.now().toISOString())

    const settings = await call.ok('GET', '/settings')
    await call.ok('PUT', '/settings', { version: settings.version, gst_hst_number: '123456789 RT0001', qst_number: '1234567890 TQ0001' })
    const pdf = await t.request({ method: 'GET', url: new URL(link.pdf_url).pathname })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const text = (await shownText(pdf.rawPayload)).join('\n')
    expect(text).toContain(`Invoice ${invoice.number}`)
    expect(text).toContain('Front desk')
    expect(text).toContain('$542.40')
    // An Ontario invoice charges no QST: the business's QST number is not on it.
    expect(text).toContain('GST/HST No. 123456789 RT0001')
    expect(text).not.toContain('QST')
    const french = (await shownText((await t.request({ method: 'GET', url: `${new URL(link.pdf_url).pathname}?lang=fr` })).rawPayload)).join('\n')
    expect(french).toContain(`Facture ${invoice.number}`)
    expect(french).toContain('TVH (13 %)')
    expect(french).toContain('542,40\u00a0$')

    // Tampered, another invoice's id, another business's invoice: 404 alike.
    const tampered = `${credentials.slice(0, -2)}${credentials.endsWith('AA') ? 'BB' : 'AA'}`
    expect((await open(tampered, invoice.id)).statusCode).toBe(404)
    const second = await sent(location, { items: [{ description: 'x', quantity: '1', unit_price_cents: 100 }] })
    expect((await open(credentials, second.id)).statusCode).toBe(404)
    const stranger = timesheetApi(t, other)
    const theirs = (await stranger.ok('POST', '/location', { name: 'Elsewhere', street: '1 Main St', ...CLIENTS.ON })).id
    const theirInvoice = await stranger.ok('POST', '/invoice', { location_id: theirs, ...JANUARY, items: [{ description: 'x', quantity: '1', unit_price_cents: 100 }] })
    expect((await open(credentials, theirInvoice.id)).statusCode).toBe(404)
    expect((await open('garbage', invoice.id)).statusCode).toBe(404)

    const renewed = await call.ok('POST', `/invoice/${invoice.id}/link`)
    expect(renewed.url).not.toBe(link.url)
    expect((await open(credentials, invoice.id)).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: new URL(link.pdf_url).pathname })).statusCode).toBe(404)
    const again = await open(new URL(renewed.url).pathname.split('/')[3]!, invoice.id)
    expect(again.statusCode).toBe(200)
    expect(again.json().data.view_count).toBe(2)
  })

  it('is not given for a draft, and stops when the invoice is void', async () => {
    const location = await newClient()
    const invoice = await draft(location, { items: [{ description: 'x', quantity: '1', unit_price_cents: 100 }] })
    await call.refused(404, 'not_found', 'GET', `/invoice/${invoice.id}/link`)
    const response = await event(invoice, { type: 'invoice.send' })
    const link = await call.ok('GET', `/invoice/${invoice.id}/link`)
    await event(response.json().data, { type: 'invoice.void', reason: 'Duplicate' })
    expect((await t.request({ method: 'GET', url: `/api/v1${new URL(link.url).pathname.replace('/frontend', '/public')}` })).statusCode).toBe(404)
  })
})

/** A multipart upload of one file to the store's `folder` as `token`'s business; answers the stored file's id. */
async function upload(token: string, bytes: Buffer, folder = 'logos') {
  const grant = await t.request({ method: 'GET', url: `/api/v1/upload_sign_url?folder=${folder}`, headers: bearer(token) })
  const boundary = 'rotalogo'
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="logo"\r\ncontent-type: application/octet-stream\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const stored = await t.request({ method: 'POST', url: grant.json().data.url, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } })
  expect(stored.statusCode, stored.body).toBe(201)
  return stored.json().data.id as string
}

/** A 2 × 1 PNG, and a GIF (which a PDF does not carry as it is). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4z8AARAAI/gH/xp559wAAAABJRU5ErkJggg==', 'base64')
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=', 'base64')
const images = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0

describe('the business\'s logo on the PDF', () => {
  it('heads the invoice when the business uploaded one as PNG or JPEG; a GIF or another business\'s file leaves the name alone', async () => {
    const stranger = timesheetApi(t, other)
    const location = await newClient()
    const invoice = await sent(location, { items: [{ description: 'Logo test', quantity: '1', unit_price_cents: 100 }] })
    const pdf = async () => (await t.request({ method: 'GET', url: `/api/v1/invoice/${invoice.id}/pdf`, headers: bearer(owner.tokens.token) })).rawPayload
    const useLogo = async (logo: string | null) => {
      const settings = await call.ok('GET', '/settings')
      await call.ok('PUT', '/settings', { version: settings.version, business_logo: logo })
    }
    try {
      expect(images(await pdf())).toBe(0)
      await useLogo(await upload(owner.tokens.token, PNG))
      const withLogo = await pdf()
      expect(images(withLogo)).toBe(1)
      expect(await shownText(withLogo)).toContain(`Invoice ${invoice.number}`)
      // Through the client's link too.
      const link = await call.ok('GET', `/invoice/${invoice.id}/link`)
      expect(images((await t.request({ method: 'GET', url: new URL(link.pdf_url).pathname })).rawPayload)).toBe(1)
      await useLogo(await upload(owner.tokens.token, GIF))
      expect(images(await pdf())).toBe(0)
      await useLogo(await upload(other.tokens.token, PNG))
      expect(images(await pdf())).toBe(0)
      await useLogo(await upload(owner.tokens.token, PNG, 'avatars'))
      expect(images(await pdf())).toBe(0)
      await useLogo('../../etc/passwd')
      expect(images(await pdf())).toBe(0)
      expect((await stranger.ok('GET', '/settings')).business_logo).toBeNull()
    } finally {
      await useLogo(null)
    }
  })
})

describe('the business\'s address', () => {
  it('is under the business\'s name on the invoice, its client\'s page and its PDF, and leaves them when cleared', async () => {
    const location = await newClient()
    const invoice = await sent(location, { items: [{ description: 'Address test', quantity: '1', unit_price_cents: 100 }] })
    const link = await call.ok('GET', `/invoice/${invoice.id}/link`)
    const page = async () => (await t.request({ method: 'GET', url: new URL(link.url).pathname.replace('/frontend/', '/api/v1/public/') })).json().data
    const pdf = async () => (await shownText((await t.request({ method: 'GET', url: new URL(link.pdf_url).pathname })).rawPayload)).join('\n')
    const useAddress = async (address: Record<string, string>) => {
      const settings = await call.ok('GET', '/settings')
      await call.ok('PUT', '/settings', { version: settings.version, ...address })
    }
    try {
      await useAddress({ business_street: '1200 Burrard St', business_city: 'Vancouver', business_province: 'BC', business_postal_code: 'v6z2c7', business_phone: '604 555 0199' })
      const address = { street: '1200 Burrard St', city: 'Vancouver', province: 'BC', postal_code: 'V6Z 2C7', phone: '604-555-0199' }
      expect((await call.ok('GET', `/invoice/${invoice.id}`)).issuer.address).toEqual(address)
      expect((await page()).issuer.address).toEqual(address)
      const text = await pdf()
      expect(text).toContain('1200 Burrard St')
      expect(text).toContain('Vancouver BC V6Z 2C7')
      expect(text).toContain('Tel. 604-555-0199')
    } finally {
      await useAddress({ business_street: '', business_city: '', business_province: '', business_postal_code: '', business_phone: '' })
    }
    expect((await page()).issuer.address).toEqual({ street: null, city: null, province: null, postal_code: null, phone: null })
    expect(await pdf()).not.toContain('Burrard')
  })
})

describe('tenancy and permissions', () => {
  it('hides another business\'s invoices and clients, and lets a manager only read', async () => {
    const location = await newClient()
    const invoice = await draft(location, { items: [{ description: 'x', quantity: '1', unit_price_cents: 100 }] })
    const stranger = timesheetApi(t, other)
    await stranger.refused(404, 'not_found', 'GET', `/invoice/${invoice.id}`)
    await stranger.refused(404, 'not_found', 'PUT', `/invoice/${invoice.id}`, { version: 1, notes: 'x' })
    await stranger.refused(404, 'not_found', 'POST', `/invoice/${invoice.id}/events`, { type: 'invoice.void', version: 1, reason: 'x' })
    await stranger.refused(404, 'not_found', 'GET', `/invoice/${invoice.id}/history`)
    await stranger.refused(422, 'validation_failed', 'POST', '/invoice', { location_id: location, ...JANUARY })
    expect((await stranger.ok('GET', '/invoice')).rows.map((row: { id: string }) => row.id)).not.toContain(invoice.id)
    const pdf = await t.request({ method: 'GET', url: `/api/v1/invoice/${invoice.id}/pdf`, headers: bearer(other.tokens.token) })
    expect(pdf.statusCode).toBe(404)

    const manager = await call.person('mia@example.com', 'Manager')
    const seen = await call.ok('GET', `/invoice/${invoice.id}`, undefined, manager.token)
    expect(seen.allowed_events).toEqual([])
    await call.refused(403, 'forbidden', 'POST', `/invoice/${invoice.id}/events`, { type: 'invoice.send', version: seen.version }, manager.token)
    await call.refused(403, 'forbidden', 'POST', '/invoice', { location_id: location, ...JANUARY }, manager.token)
    const staff = await call.person('stan@example.com', 'Staff')
    await call.refused(403, 'forbidden', 'GET', '/invoice', undefined, staff.token)
    const theirPdf = await t.request({ method: 'GET', url: `/api/v1/invoice/${invoice.id}/pdf`, headers: bearer(staff.token) })
    expect(theirPdf.statusCode).toBe(403)
    expect((await t.request({ method: 'GET', url: `/api/v1/invoice/${invoice.id}/pdf` })).statusCode).toBe(401)
    const own = await t.request({ method: 'GET', url: `/api/v1/invoice/${invoice.id}/pdf`, headers: bearer(owner.tokens.token) })
    expect(own.statusCode).toBe(200)
    expect((await shownText(own.rawPayload)).join('\n')).toContain('DRAFT')
  })
})

describe('the report', () => {
  it('sums revenue by month and client and ages what is owed', async () => {
    const stranger = timesheetApi(t, other)
    const location = (await stranger.ok('POST', '/location', { name: 'Aged', street: '1 Main St', ...CLIENTS.ON })).id
    const make = async (issue: string, due: string, cents: number) => {
      const invoice = await stranger.ok('POST', '/invoice', { location_id: location, ...JANUARY, issue_date: issue, due_date: due, items: [{ description: 'x', quantity: '1', unit_price_cents: cents }] })
      return (await stranger.ok('POST', `/invoice/${invoice.id}/events`, { type: 'invoice.send', version: invoice.version }))
    }
    await make('2027-11-01', '2027-11-01', 1000) // 92 days late on February 1
    await make('2027-12-15', '2027-12-20', 2000) // 43 days late
    await make('2028-01-20', '2028-01-25', 3000) // 7 days late
    const current = await make('2028-01-25', '2028-02-24', 4000)
    await stranger.ok('POST', `/invoice/${current.id}/events`, { type: 'invoice.payment', version: current.version, amount_cents: 1000, paid_on: '2028-01-30', method: 'cash' })
    const report = await stranger.ok('GET', '/report/invoice?from=2027-12-01&to=2028-01-31')
    expect(report.revenue).toEqual([
      { month: '2027-12', client: { id: location, name: 'Aged' }, invoices: 1, subtotal_cents: 2000, total_cents: 2260, paid_cents: 0 },
      { month: '2028-01', client: { id: location, name: 'Aged' }, invoices: 2, subtotal_cents: 7000, total_cents: 7910, paid_cents: 1000 },
    ])
    expect(report.aging).toEqual({ current: 3520, '1_30': 3390, '31_60': 2260, '61_90': 0, '90_plus': 1130 })
    expect(report.outstanding_cents).toBe(3520 + 3390 + 2260 + 1130)
  })
})
