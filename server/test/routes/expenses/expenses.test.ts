import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { registerBusiness, type Owner } from '../../helpers/business.ts'
import { timesheetApi } from '../../helpers/timesheets.ts'

let t: TestApp
let owner: Owner
let other: Owner
let call: ReturnType<typeof timesheetApi>
let location: string

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  other = await registerBusiness(t)
  call = timesheetApi(t, owner)
  location = (await call.ok('POST', '/location', { name: 'Harbour Tower', street: '290 Bremner Blvd', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' })).id
})
afterAll(() => t.close())

/** A multipart body with one file, as a browser's form sends it. */
function form(bytes: Buffer, filename: string, type: string) {
  const boundary = `----rota${Math.random().toString(16).slice(2)}`
  const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: ${type}\r\n\r\n`)
  return { payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

/** Uploads bytes to the receipts folder as `token`; answers the upload's response. */
async function uploadReceipt(token: string, bytes = PDF, folder = 'receipts') {
  const grant = await t.request({ method: 'GET', url: `/api/v1/upload_sign_url?folder=${folder}`, headers: { authorization: `Bearer ${token}` } })
  return t.request({ method: 'POST', url: grant.json().data.url, ...form(bytes, 'receipt.pdf', 'application/pdf') })
}

describe('submitting a claim', () => {
  it('prices mileage at the business’s rate per kilometre, exactly, and keeps the rate it used', async () => {
    const sam = await call.person('sam@example.com')
    await call.ok('PUT', '/settings', { mileage_rate_cents: 70 })
    const claim = await call.ok('POST', '/expense', { date: '2026-03-09', category: 'mileage', description: 'Site visit', distance_km: '42.5', location_id: location }, sam.token)
    expect(claim).toMatchObject({
      staff: { id: sam.id },
      category: 'mileage',
      distance_km: '42.5',
      mileage_rate_cents: 70,
      amount_cents: 2975,
      tax_cents: 0,
      total_cents: 2975,
      location: { id: location, name: 'Harbour Tower' },
      billable: true,
      status: 'submitted',
      locked: false,
      allowed_events: [],
      version: 1,
    })
    // The rate changing later does not reprice a claim already made.
    await call.ok('PUT', '/settings', { mileage_rate_cents: 72 })
    const edited = await call.ok('PUT', `/expense/${claim.id}`, { version: 1, description: 'Site visit, two buildings' }, sam.token)
    expect(edited).toMatchObject({ amount_cents: 2975, mileage_rate_cents: 70, version: 2 })
    // Made another kind of claim, it needs its own amount: the distance's price is no price of supplies.
    const unpriced = await call.refused(422, 'validation_failed', 'PUT', `/expense/${claim.id}`, { version: 2, category: 'supplies' }, sam.token)
    expect(unpriced.details).toEqual({ amount_cents: 'Required' })
    await call.refused(422, 'validation_failed', 'PUT', `/expense/${claim.id}`, { version: 2, amount_cents: 100 }, sam.token)
    const manager = await call.ok('GET', `/expense/${claim.id}`)
    expect(manager.allowed_events.sort()).toEqual(['expense.approve', 'expense.reject'])
    expect((await auditRows(t, owner.business_id, 'expenses.create')).at(-1)).toMatchObject({ record_id: claim.id, after: { staff_id: sam.id, total_cents: 2975 } })
  })

  it('adds tax to an amount typed by hand; a claim without a client is not billable', async () => {
    const ana = await call.person('ana@example.com')
    const claim = await call.ok('POST', '/expense', { date: '2026-03-10', category: 'meals', description: 'Team lunch', amount_cents: 4500, tax_cents: 585, billable: true }, ana.token)
    expect(claim).toMatchObject({ amount_cents: 4500, tax_cents: 585, total_cents: 5085, location: null, billable: false, distance_km: null })
  })

  it('names what is wrong: 400 for a missing amount or distance, an amount of nothing, a tax above the amount, 422 for an unknown client or a date to come', async () => {
    const lee = await call.person('lee@example.com')
    for (const [body, field] of [
      [{ date: '2026-03-10', category: 'mileage', description: 'Trip' }, 'distance_km'],
      [{ date: '2026-03-10', category: 'supplies', description: 'Mop' }, 'amount_cents'],
      [{ date: '2026-03-10', category: 'mileage', description: 'Trip', distance_km: '1.25' }, 'distance_km'],
      [{ date: '2026-03-10', category: 'travel', description: 'Trip', amount_cents: 5 }, 'category'],
      [{ date: '2026-03-10', category: 'meals', description: 'Trip', amount_cents: 4.5 }, 'amount_cents'],
      [{ date: '2026-03-10', category: 'meals', description: 'Nothing', amount_cents: 0 }, 'amount_cents'],
      [{ date: '2026-03-10', category: 'supplies', description: 'Mop', amount_cents: 100, tax_cents: 5000 }, 'tax_cents'],
      [{ date: '2100-01-01', category: 'supplies', description: 'Mop', amount_cents: 100 }, 'date'],
      // Mileage is priced from its distance, anything else is not: the other kind's field is refused, not dropped.
      [{ date: '2026-03-10', category: 'mileage', description: 'Trip', distance_km: '12', amount_cents: 500 }, 'amount_cents'],
      [{ date: '2026-03-10', category: 'supplies', description: 'Mop', amount_cents: 100, distance_km: '12' }, 'distance_km'],
    ] as const) {
      const response = await call.api('POST', '/expense', body, lee.token)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json().details).toHaveProperty([field])
    }
    await call.refused(422, 'location_not_found', 'POST', '/expense', { date: '2026-03-10', category: 'meals', description: 'Lunch', amount_cents: 100, location_id: randomUUID() }, lee.token)
    // Money not yet spent is not claimed: a date after today (on the business's clock) is refused.
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)
    const ahead = await call.refused(422, 'expense_in_future', 'POST', '/expense', { date: tomorrow, category: 'supplies', description: 'Mop', amount_cents: 100 }, lee.token)
    expect(ahead.details).toEqual({ date: 'After today' })
  })
})

describe('receipts', () => {
  it('takes a PDF or an image sniffed by its bytes, refuses anything else, another business’s file and an avatar', async () => {
    const kim = await call.person('kim@example.com')
    const uploaded = await uploadReceipt(kim.token)
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    expect(uploaded.json().data).toMatchObject({ content_type: 'application/pdf', size: PDF.length })
    const receipt = uploaded.json().data.id

    // Bytes that are not a PDF or an image, whatever they claim to be.
    expect((await uploadReceipt(kim.token, Buffer.from('<html><script>alert(1)</script></html>'))).statusCode).toBe(415)
    // An avatar grant does not take a PDF.
    expect((await uploadReceipt(kim.token, PDF, 'avatars')).statusCode).toBe(415)
    // Larger than the store takes.
    expect((await uploadReceipt(kim.token, Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]))).statusCode).toBe(413)

    const claim = await call.ok('POST', '/expense', { date: '2026-03-11', category: 'supplies', description: 'Mop heads', amount_cents: 1999, receipt_id: receipt }, kim.token)
    expect(claim.receipt).toEqual({ id: receipt, content_type: 'application/pdf', size: PDF.length })
    const served = await t.request({ method: 'GET', url: `/api/v1/file/${receipt}` })
    expect(served.headers['content-type']).toBe('application/pdf')
    expect(served.headers['content-security-policy']).toContain('sandbox')

    const stranger = timesheetApi(t, other)
    const theirs = await uploadReceipt(other.tokens.token)
    expect(theirs.statusCode).toBe(201)
    await stranger.ok('GET', '/expense')
    await call.refused(422, 'receipt_not_found', 'POST', '/expense', { date: '2026-03-11', category: 'supplies', description: 'Mop', amount_cents: 100, receipt_id: theirs.json().data.id }, kim.token)
    await call.refused(422, 'receipt_not_found', 'PUT', `/expense/${claim.id}`, { version: claim.version, receipt_id: theirs.json().data.id }, kim.token)
    await call.refused(422, 'receipt_not_found', 'POST', '/expense', { date: '2026-03-11', category: 'supplies', description: 'Mop', amount_cents: 100, receipt_id: randomUUID() }, kim.token)
  })
})

describe('who sees and decides what', () => {
  it('shows staff their own claims, a manager everyone’s; another business’s claim is 404', async () => {
    const mia = await call.person('mia@example.com')
    const noa = await call.person('noa@example.com')
    const mine = await call.ok('POST', '/expense', { date: '2026-03-12', category: 'other', description: 'Parking', amount_cents: 1200 }, mia.token)
    await call.ok('POST', '/expense', { date: '2026-03-12', category: 'other', description: 'Parking', amount_cents: 1300 }, noa.token)
    const seen = await call.ok('GET', '/expense?page_size=100', undefined, mia.token)
    expect(seen.rows.every((row: { staff: { id: string } }) => row.staff.id === mia.id)).toBe(true)
    expect(seen.count).toBe(1)
    const all = await call.ok('GET', '/expense?page_size=100&filter[status]=submitted')
    expect(all.rows.map((row: { staff: { id: string } }) => row.staff.id)).toEqual(expect.arrayContaining([mia.id, noa.id]))

    await call.refused(404, 'not_found', 'GET', `/expense/${mine.id}`, undefined, noa.token)
    await call.refused(404, 'not_found', 'PUT', `/expense/${mine.id}`, { version: 1, description: 'Mine now' }, noa.token)
    const stranger = timesheetApi(t, other)
    await stranger.refused(404, 'not_found', 'GET', `/expense/${mine.id}`)
    await stranger.refused(404, 'not_found', 'POST', `/expense/${mine.id}/events`, { type: 'expense.approve', version: 1 })
    // Staff may not approve (no expenses:update), nor claim for someone else.
    await call.refused(403, 'forbidden', 'POST', `/expense/${mine.id}/events`, { type: 'expense.approve', version: 1 }, noa.token)
    await call.refused(403, 'forbidden', 'POST', '/expense', { staff_id: mia.id, date: '2026-03-12', category: 'other', description: 'Parking', amount_cents: 1 }, noa.token)
  })

  it('approves and rejects with a reason through the machine; the person is told; a decided claim no longer changes', async () => {
    const ola = await call.person('ola@example.com')
    const manager = await call.person('manager@example.com', 'Manager')
    const first = await call.ok('POST', '/expense', { date: '2026-03-13', category: 'meals', description: 'Dinner', amount_cents: 3000 }, ola.token)
    const second = await call.ok('POST', '/expense', { date: '2026-03-13', category: 'meals', description: 'Snacks', amount_cents: 800 }, ola.token)
    const approved = await call.ok('POST', `/expense/${first.id}/events`, { type: 'expense.approve', version: 1 }, manager.token)
    expect(approved).toMatchObject({ status: 'approved', decided_by: { id: manager.id }, allowed_events: ['expense.reimburse'], version: 2 })
    await call.refused(409, 'stale_version', 'POST', `/expense/${first.id}/events`, { type: 'expense.reimburse', version: 1 }, manager.token)
    const refused = await call.refused(422, 'transition_not_allowed', 'POST', `/expense/${first.id}/events`, { type: 'expense.reject', version: 2, reason: 'Too late' }, manager.token)
    expect(refused.details).toEqual({ status: 'approved', event: 'expense.reject', allowed: ['expense.reimburse'] })
    expect((await call.api('POST', `/expense/${second.id}/events`, { type: 'expense.reject', version: 1 }, manager.token)).statusCode).toBe(400)
    const rejected = await call.ok('POST', `/expense/${second.id}/events`, { type: 'expense.reject', version: 1, reason: 'No receipt' }, manager.token)
    expect(rejected).toMatchObject({ status: 'rejected', decision_note: 'No receipt', allowed_events: [] })
    await call.refused(422, 'expense_not_editable', 'PUT', `/expense/${first.id}`, { version: 2, description: 'Changed' }, ola.token)
    await call.refused(422, 'expense_not_editable', 'DELETE', `/expense/${second.id}`, undefined, ola.token)
    const told = await call.ok('GET', '/notification', undefined, ola.token)
    expect(told.rows.map((row: { model: string; operation: string }) => `${row.model}.${row.operation}`)).toEqual(expect.arrayContaining(['expenses.approve', 'expenses.reject']))
    const history = await call.ok('GET', `/expense/${second.id}/history`, undefined, ola.token)
    expect(history.rows.map((row: { action: string }) => row.action)).toEqual(['expenses.reject', 'expenses.create'])
  })

  it('lets a manager not approve their own claim, an administrator yes; bulk approval is all or none', async () => {
    const manager = await call.person('boss@example.com', 'Manager')
    const own = await call.ok('POST', '/expense', { date: '2026-03-14', category: 'other', description: 'Taxi', amount_cents: 2500 }, manager.token)
    expect(own.allowed_events).toEqual([])
    await call.refused(403, 'forbidden', 'POST', `/expense/${own.id}/events`, { type: 'expense.approve', version: 1 }, manager.token)
    const pat = await call.person('pat@example.com')
    const a = await call.ok('POST', '/expense', { date: '2026-03-14', category: 'other', description: 'Bus', amount_cents: 325 }, pat.token)
    const refused = await call.refused(403, 'forbidden', 'POST', '/expense/events', { type: 'expense.approve', ids: [a.id, own.id] }, manager.token)
    expect(refused.details).toMatchObject({ id: own.id })
    expect((await call.ok('GET', `/expense/${a.id}`)).status).toBe('submitted')
    const done = await call.ok('POST', '/expense/events', { type: 'expense.approve', ids: [a.id, own.id] })
    expect(done.expenses.map((row: { status: string }) => row.status)).toEqual(['approved', 'approved'])
  })

  it('lets a person withdraw their submitted claim', async () => {
    const rae = await call.person('rae@example.com')
    const claim = await call.ok('POST', '/expense', { date: '2026-03-15', category: 'other', description: 'Oops', amount_cents: 100 }, rae.token)
    await call.ok('DELETE', `/expense/${claim.id}`, undefined, rae.token)
    await call.refused(404, 'not_found', 'GET', `/expense/${claim.id}`, undefined, rae.token)
  })
})
