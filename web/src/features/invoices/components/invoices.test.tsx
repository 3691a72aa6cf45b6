import { addLocalDays, localDateOf, type Invoice, type InvoiceProposal, type InvoiceReport, type Profile, type PublicInvoice } from '@rota/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminProfile, fakeServer, managerProfile } from '../../../testing/fake-server.ts'
import { businessAddress } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const CLIENT = uuid(501)

/** A sent Ontario invoice: 12.5 h of Front desk at $60 and 0.83 h of Cleaning, HST 13 %. */
function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: uuid(1),
    number: 'INV-000042',
    status: 'sent',
    overdue: false,
    client: { id: CLIENT, name: 'Harbour Tower', contact_person: 'Anne', email: 'anne@harbour.test', street: '290 Bremner Blvd', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' },
    issuer: { name: 'Maple Cleaning', logo: null, address: businessAddress({ street: null, city: null, province: null, postal_code: null, phone: null }), gst_hst_number: '123456789 RT0001', qst_number: null, locale: 'en' },
    period_from: '2026-03-01',
    period_to: '2026-03-31',
    issue_date: '2026-04-01',
    due_date: '2026-05-01',
    due_on_terms: false,
    per_shift: false,
    lines: [
      { kind: 'hours', service_id: uuid(601), description: 'Cleaning', minutes: 50, quantity: '0.83', unit_price_cents: 2999, amount_cents: 2499, provincial_exempt: false },
      { kind: 'hours', service_id: uuid(602), description: 'Front desk', minutes: 750, quantity: '12.5', unit_price_cents: 6000, amount_cents: 75000, provincial_exempt: false },
    ],
    timesheet_ids: [uuid(801), uuid(802)],
    expense_ids: [],
    subtotal_cents: 77499,
    discount_cents: 0,
    taxes: [{ code: 'HST', label: 'hst', percent: '13', base_cents: 77499, amount_cents: 10075, registration_number: '123456789 RT0001' }],
    tax_cents: 10075,
    total_cents: 87574,
    paid_cents: 0,
    balance_cents: 87574,
    payments: [],
    notes: null,
    terms: 'Net 30',
    sent_at: '2026-04-01T14:00:00.000Z',
    viewed_at: null,
    view_count: 0,
    void_reason: null,
    allowed_events: ['invoice.payment', 'invoice.void'],
    created_at: '2026-04-01T13:00:00.000Z',
    updated_at: '2026-04-01T14:00:00.000Z',
    version: 2,
    ...overrides,
  }
}

const summary = ({ lines: _lines, payments: _payments, timesheet_ids: _ids, expense_ids: _expenses, taxes: _taxes, issuer: _issuer, ...rest }: Invoice) => rest
const LINK = { url: `http://rota.test/frontend/invoice/creds/${uuid(1)}`, pdf_url: `http://rota.test/api/v1/public/invoice/creds/${uuid(1)}/pdf` }

afterEach(() => vi.restoreAllMocks())

describe('the invoices list', () => {
  it('shows number, client, status (overdue derived), total and balance, and opens the preview', async () => {
    const late = invoice({ id: uuid(2), number: 'INV-000041', overdue: true, paid_cents: 7574, balance_cents: 80000, status: 'partially_paid' })
    const server = fakeServer({
      'GET /invoice': () => ({ body: { data: { count: 2, rows: [summary(invoice()), summary(late)] } } }),
      'GET /location': () => ({ body: { data: { count: 0, rows: [] } } }),
      'GET /invoice/{id}': () => ({ body: { data: invoice() } }),
      'GET /invoice/{id}/link': () => ({ body: { data: LINK } }),
      'GET /invoice/{id}/history': () => ({ body: { data: { count: 0, rows: [] } } }),
    })
    const { current } = renderApp('/finances/invoices', { user: adminProfile as Profile, server })
    const table = await screen.findByRole('table', { name: 'Invoices' })
    await within(table).findByText('INV-000041')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['INV-000042', 'Harbour Tower', 'Mar 1, 2026 – Mar 31, 2026', 'May 1, 2026', 'Sent', '$875.74', '$875.74'],
      ['INV-000041', 'Harbour Tower', 'Mar 1, 2026 – Mar 31, 2026', 'May 1, 2026', 'Overdue', '$875.74', '$800.00'],
    ])
    await userEvent.setup().click(within(table).getByRole('button', { name: 'INV-000042' }))
    await waitFor(() => expect(current()).toBe(`/finances/invoices/preview/${uuid(1)}`))
    expect(await screen.findByRole('heading', { level: 1, name: /Invoice INV-000042/ })).toBeVisible()
  })
})

/** A preview's server: the invoice as it stands, its link, no history, and each event moving it on as `next` says. */
function previewServer(first: Invoice, next: (event: { type: string; amount_cents?: number }) => Invoice = () => first, message?: string) {
  let current = first
  return fakeServer({
    'GET /invoice/{id}': () => ({ body: { data: current } }),
    'GET /invoice/{id}/link': () => ({ body: { data: LINK } }),
    'GET /invoice/{id}/history': () => ({ body: { data: { count: 0, rows: [] } } }),
    'POST /invoice/{id}/events': ({ body }) => {
      current = next(body as { type: string; amount_cents?: number })
      return { body: { data: current, ...(message ? { message } : {}) } }
    },
  })
}

describe('the preview', () => {
  it('asks before replacing the client’s link, saying the one they were sent stops working', async () => {
    const server = previewServer(invoice())
    const renewed = { ...LINK, url: `${LINK.url}-new` }
    server.on('POST /invoice/{id}/link', () => ({ body: { data: renewed } }))
    renderApp(`/finances/invoices/preview/${uuid(1)}`, { user: adminProfile as Profile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Replace the link' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Replace the client’s link?' })
    expect(ask).toHaveTextContent('The link the client was sent stops working at once.')
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }))
    expect(server.called('POST /invoice/{id}/link')).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Replace the link' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Replace the link' }))
    await waitFor(() => expect(server.called('POST /invoice/{id}/link')).toHaveLength(1))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })

  it('takes back a payment recorded in error, asking why, and shows it struck through with the reason', async () => {
    const payment = { id: uuid(902), paid_on: '2026-04-10', amount_cents: 87574, method: 'cheque' as const, reference: null, created_at: '2026-04-10T15:00:00.000Z', reversed: null }
    const server = previewServer(
      invoice({ status: 'paid', paid_cents: 87574, balance_cents: 0, payments: [payment], allowed_events: ['invoice.payment_reverse'] }),
      () => invoice({ status: 'sent', paid_cents: 0, balance_cents: 87574, version: 4, payments: [{ ...payment, reversed: { at: '2026-04-11T15:00:00.000Z', reason: 'Wrong invoice' } }], allowed_events: ['invoice.payment', 'invoice.void'] }),
      'Payment taken back: the invoice owes it again.',
    )
    renderApp(`/finances/invoices/preview/${uuid(1)}`, { user: adminProfile as Profile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Take back this payment' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Take back the payment of $875.74?' })
    await user.click(within(ask).getByRole('button', { name: 'Take back this payment' }))
    expect(server.called('POST /invoice/{id}/events')).toHaveLength(0)
    await user.type(within(ask).getByLabelText(/Why is it taken back/), 'Wrong invoice')
    await user.click(within(ask).getByRole('button', { name: 'Take back this payment' }))
    await waitFor(() => expect(server.called('POST /invoice/{id}/events')[0]?.body).toEqual({ type: 'invoice.payment_reverse', version: 2, payment_id: uuid(902), reason: 'Wrong invoice' }))
    expect(await screen.findByText('Taken back: Wrong invoice')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Take back this payment' })).toBeNull()
  })

  it('shows the document as the PDF does, records a payment, and refuses one over the balance before asking', async () => {
    const server = previewServer(
      invoice(),
      ({ amount_cents: paid = 0 }) =>
        invoice({ status: 'partially_paid', paid_cents: paid, balance_cents: 87574 - paid, version: 3, payments: [{ id: uuid(901), paid_on: '2026-04-10', amount_cents: paid, method: 'cheque', reference: '123', created_at: '2026-04-10T15:00:00.000Z', reversed: null }] }),
      'Payment recorded.',
    )
    renderApp(`/finances/invoices/preview/${uuid(1)}`, { user: adminProfile as Profile, server })
    const document = await screen.findByRole('article', { name: 'Invoice INV-000042' })
    expect(within(document).getByText('GST/HST No. 123456789 RT0001')).toBeVisible()
    expect(within(document).getByText('HST (13 %) — No. 123456789 RT0001')).toBeVisible()
    expect(within(document).getByText('12 h 30 min')).toBeVisible()
    // The total and the balance due.
    expect(within(document).getAllByText('$875.74', { selector: 'dd' })).toHaveLength(2)
    expect(await screen.findByRole('link', { name: 'Download the PDF' })).toHaveAttribute('href', `${LINK.pdf_url}?lang=en`)
    expect(screen.getByRole('textbox', { name: "The client's link" })).toHaveValue(LINK.url)
    // Send is no longer offered: the machine's allowed events make the buttons.
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Void' })).toBeVisible()

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Record a payment' }))
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' })
    await waitFor(() => expect(within(dialog).getByLabelText(/^Amount/)).toHaveFocus())
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ })
    expect(amount).toHaveValue('875.74')
    await user.clear(amount)
    await user.type(amount, '900')
    expect(within(dialog).getByText('More than the balance due ($875.74)')).toBeVisible()
    expect(within(dialog).getByRole('button', { name: 'Record a payment' })).toBeDisabled()
    await user.clear(amount)
    await user.type(amount, '500')
    const paidOn = within(dialog).getByLabelText(/Paid on/)
    const today = (paidOn as HTMLInputElement).value
    fireEvent.change(paidOn, { target: { value: '2999-01-01' } })
    expect(within(dialog).getByText('A payment is recorded once received: choose today or an earlier day.')).toBeVisible()
    expect(within(dialog).getByRole('button', { name: 'Record a payment' })).toBeDisabled()
    fireEvent.change(paidOn, { target: { value: today } })
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Method' }), 'Cheque')
    await user.type(within(dialog).getByRole('textbox', { name: /Reference/ }), '123')
    await user.click(within(dialog).getByRole('button', { name: 'Record a payment' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.called('POST /invoice/{id}/events')[0]!.body).toMatchObject({ type: 'invoice.payment', version: 2, amount_cents: 50000, method: 'cheque', reference: '123' })
    expect(await screen.findByText('Partially paid')).toBeVisible()
    expect(screen.getByRole('region', { name: 'Payments' })).toHaveTextContent('$500.00')
  })

  it('reads the amount as the reader writes it: 1,500 is thousands in English, and 0,005 is never five dollars', async () => {
    const server = previewServer(invoice(), () => invoice(), 'Payment recorded.')
    renderApp(`/finances/invoices/preview/${uuid(1)}`, { user: adminProfile as Profile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Record a payment' }))
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' })
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ })
    await user.clear(amount)
    await user.type(amount, '1,500')
    expect(within(dialog).getByText('More than the balance due ($875.74)')).toBeVisible()
    await user.clear(amount)
    await user.type(amount, '0,005')
    expect(within(dialog).getByText('Enter an amount above zero, such as 45.50')).toBeVisible()
    expect(within(dialog).getByRole('button', { name: 'Record a payment' })).toBeDisabled()

    const { default: i18next } = await import('i18next')
    await i18next.changeLanguage('fr')
    const french = within(dialog).getByRole('textbox', { name: /Montant/ })
    await user.clear(french)
    await user.type(french, '500,005')
    expect(within(dialog).getByText('Entrez un montant supérieur à zéro, comme 45,50')).toBeVisible()
    await user.clear(french)
    await user.type(french, '500,50')
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer un paiement' }))
    await waitFor(() => expect(server.called('POST /invoice/{id}/events')).toHaveLength(1))
    expect(server.called('POST /invoice/{id}/events')[0]!.body).toMatchObject({ type: 'invoice.payment', amount_cents: 50050 })
  })

  it('sends a draft after saying who will get it, and voids with a reason', async () => {
    const draft = invoice({ status: 'draft', number: null, issue_date: null, sent_at: null, allowed_events: ['invoice.send', 'invoice.void'], version: 1 })
    const server = previewServer(draft, ({ type }) =>
      type === 'invoice.send' ? invoice({ version: 2 }) : invoice({ status: 'void', void_reason: 'Wrong client', allowed_events: [], balance_cents: 0, version: 3 }),
    )
    renderApp(`/finances/invoices/preview/${uuid(1)}`, { user: adminProfile as Profile, server })
    expect(await screen.findByRole('article', { name: 'Invoice Draft' })).toBeVisible()
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/finances/invoices/edit/${uuid(1)}`)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Send' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Send this invoice?' })
    expect(ask).toHaveTextContent('anne@harbour.test')
    await user.click(within(ask).getByRole('button', { name: 'Send' }))
    expect(await screen.findByRole('article', { name: 'Invoice INV-000042' })).toBeVisible()
    expect(server.called('POST /invoice/{id}/events')[0]!.body).toEqual({ type: 'invoice.send', version: 1 })
    // The history is read again: it now has the sending.
    await waitFor(() => expect(server.called('GET /invoice/{id}/history').length).toBeGreaterThan(1))

    await user.click(screen.getByRole('button', { name: 'Void' }))
    const reason = await screen.findByRole('textbox', { name: /Why void it/ })
    await user.type(reason, 'Wrong client')
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Void' }))
    await waitFor(() => expect(server.called('POST /invoice/{id}/events')).toHaveLength(2))
    expect(server.called('POST /invoice/{id}/events')[1]!.body).toEqual({ type: 'invoice.void', version: 2, reason: 'Wrong client' })
  })

  it('voids a draft saying no number is used, and names it without one afterwards', async () => {
    const unsent = { number: null, issue_date: null, sent_at: null }
    const server = previewServer(invoice({ status: 'draft', ...unsent, allowed_events: ['invoice.send', 'invoice.void'], version: 1 }), () =>
      invoice({ status: 'void', ...unsent, void_reason: 'Wrong client', allowed_events: [], balance_cents: 0, version: 2 }),
    )
    renderApp(`/finances/invoices/preview/${uuid(1)}`, { user: adminProfile as Profile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Void' }))
    const ask = await screen.findByRole('alertdialog')
    expect(ask).toHaveTextContent('A draft has no number: none is used.')
    await user.type(within(ask).getByRole('textbox', { name: /Why void it/ }), 'Wrong client')
    await user.click(within(ask).getByRole('button', { name: 'Void' }))
    expect(await screen.findByRole('article', { name: 'Invoice (no number)' })).toBeVisible()
  })

  it('tells its history as what happened, and by whom', async () => {
    const olive = { id: uuid(9), name: 'Olive Owner' }
    const entry = (id: number, action: string) => ({ id, action, actor: olive, created_at: '2026-03-05T15:00:00Z', changes: [] })
    const server = fakeServer({
      'GET /invoice/{id}': () => ({ body: { data: invoice() } }),
      'GET /invoice/{id}/link': () => ({ body: { data: LINK } }),
      'GET /invoice/{id}/history': () => ({ body: { data: { count: 3, rows: [entry(3, 'invoices.payment'), entry(2, 'invoices.send'), entry(1, 'invoices.create')] } } }),
    })
    renderApp(`/finances/invoices/preview/${uuid(1)}`, { user: adminProfile as Profile, server })
    const list = await screen.findByRole('list', { name: 'Changes, newest first' })
    await within(list).findByText('Sent')
    expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual(['Payment recorded by Olive Owner', 'Sent by Olive Owner', 'Created by Olive Owner'])
  })

  it('names each field of its history in words, the due date by the terms too', async () => {
    const created = { id: 1, action: 'invoices.create', actor: { id: uuid(9), name: 'Olive Owner' }, created_at: '2026-03-05T15:00:00Z', changes: [{ field: 'due_on_terms', before: null, after: true }] }
    const server = fakeServer({
      'GET /invoice/{id}': () => ({ body: { data: invoice() } }),
      'GET /invoice/{id}/link': () => ({ body: { data: LINK } }),
      'GET /invoice/{id}/history': () => ({ body: { data: { count: 1, rows: [created] } } }),
    })
    renderApp(`/finances/invoices/preview/${uuid(1)}`, { user: adminProfile as Profile, server })
    const list = await screen.findByRole('list', { name: 'Changes, newest first' })
    expect(await within(list).findByText('Due by the payment terms')).toBeVisible()
    expect(within(list).queryByText('due_on_terms')).toBeNull()
  })

  it('says there is no such invoice, for an address naming none or one that is gone', async () => {
    const server = fakeServer({ 'GET /invoice/{id}': () => ({ status: 404, body: { message: 'Not found.', code: 'not_found' } }) })
    const { unmount } = renderApp('/finances/invoices/preview/nonexistent', { user: adminProfile as Profile, server })
    expect(await screen.findByText(/There is no invoice at this address/)).toBeVisible()
    expect(server.called('GET /invoice/{id}')).toHaveLength(0)
    unmount()
    renderApp(`/finances/invoices/preview/${uuid(7)}`, { user: adminProfile as Profile, server })
    expect(await screen.findByText(/There is no invoice at this address/)).toBeVisible()
  })

  it('offers a reader without invoices:update no buttons of the lifecycle', async () => {
    const server = previewServer(invoice({ allowed_events: [] }))
    const reader = { ...managerProfile, permissions: [...managerProfile.permissions, { model_name: 'invoices' as const, name: 'Invoices', read: true, create: false, update: false, delete: false }] }
    renderApp(`/finances/invoices/preview/${uuid(1)}`, { user: reader, server })
    await screen.findByRole('article', { name: 'Invoice INV-000042' })
    expect(screen.queryByRole('button', { name: 'Record a payment' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Replace the link' })).toBeNull()
  })
})

describe('the editor', () => {
  it('proposes the client\'s approved hours, totals them live with the province\'s taxes, and creates the draft', async () => {
    const proposal: InvoiceProposal = {
      client: invoice().client,
      timesheets: [
        { id: uuid(801), date: '2026-03-02', start: '09:00', end: '17:00', staff: 'Sam Li', service: { id: uuid(602), name: 'Front desk', provincial_exempt: false }, minutes: 480, rate_cents: 6000 },
        { id: uuid(802), date: '2026-03-03', start: '09:00', end: '13:30', staff: 'Sam Li', service: { id: uuid(602), name: 'Front desk', provincial_exempt: false }, minutes: 270, rate_cents: 6000 },
      ],
      expenses: [],
      lines: [],
      terms_days: 30,
    }
    const server = fakeServer({
      'GET /location': () => ({ body: { data: { count: 1, rows: [{ id: CLIENT, name: 'Harbour Tower' }] } } }),
      'GET /invoice/proposal': () => ({ body: { data: proposal } }),
      'POST /invoice': () => ({ status: 201, body: { data: invoice({ status: 'draft', number: null }) } }),
      'GET /invoice/{id}': () => ({ body: { data: invoice({ status: 'draft', number: null }) } }),
      'GET /invoice/{id}/history': () => ({ body: { data: { count: 0, rows: [] } } }),
    })
    // The clients' select reads a page of clients (only their id and name matter here).
    server.on('GET /location', () => ({ body: { data: { count: 1, rows: [locationRow()] } } }))
    const { current } = renderApp('/finances/invoices/create', { user: adminProfile as Profile, server })
    const user = userEvent.setup()
    await screen.findByRole('option', { name: 'Harbour Tower' })
    await user.selectOptions(screen.getByRole('combobox', { name: /Client/ }), 'Harbour Tower')
    const from = screen.getByLabelText(/Period from/)
    await user.clear(from)
    await user.type(from, '2026-03-01')
    const to = screen.getByLabelText(/Period to/)
    await user.clear(to)
    await user.type(to, '2026-03-31')
    const totals = await screen.findByRole('region', { name: 'Totals' })
    // 12.5 h at $60 = $750.00, HST 13 % = $97.50.
    await waitFor(() => expect(within(totals).getByText('$847.50')).toBeVisible())
    expect(within(totals).getByText('HST (13 %)')).toBeVisible()

    await user.click(screen.getByRole('checkbox', { name: /Mar 3, 2026/ }))
    await waitFor(() => expect(within(totals).getByText('$542.40')).toBeVisible())
    await user.click(screen.getByRole('button', { name: 'Add an item' }))
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Parking')
    await user.type(screen.getByRole('textbox', { name: 'Unit price' }), '12.50')
    // $480.00 + $12.50 = $492.50, HST $64.03.
    await waitFor(() => expect(within(totals).getByText('$556.53')).toBeVisible())
    await user.click(screen.getByRole('button', { name: 'Create the draft' }))
    await waitFor(() => expect(current()).toBe(`/finances/invoices/preview/${uuid(1)}`))
    expect(server.called('POST /invoice')[0]!.body).toMatchObject({
      location_id: CLIENT,
      period_from: '2026-03-01',
      period_to: '2026-03-31',
      timesheet_ids: [uuid(801)],
      items: [{ description: 'Parking', quantity: '1', unit_price_cents: 1250, provincial_exempt: false }],
      discount_cents: 0,
    })
  })
})

/** The editor of a new invoice for Harbour Tower (no hours to bill) with one item typed: keys at $50. */
async function newInvoiceOfKeys() {
  const server = fakeServer({
    'GET /location': () => ({ body: { data: { count: 1, rows: [locationRow()] } } }),
    'GET /invoice/proposal': () => ({ body: { data: { client: invoice().client, timesheets: [], expenses: [], lines: [], terms_days: 30 } } }),
    'POST /invoice': () => ({ status: 201, body: { data: invoice({ status: 'draft', number: null }) } }),
  })
  renderApp('/finances/invoices/create', { user: adminProfile as Profile, server })
  const user = userEvent.setup()
  await screen.findByRole('option', { name: 'Harbour Tower' })
  await user.selectOptions(screen.getByRole('combobox', { name: /Client/ }), 'Harbour Tower')
  await user.click(screen.getByRole('button', { name: 'Add an item' }))
  await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Keys')
  await user.type(screen.getByRole('textbox', { name: 'Unit price' }), '50')
  return { server, user }
}

describe('the editor\'s due date', () => {
  it('is refused before the invoice\'s date, which would make the invoice overdue the day it is sent', async () => {
    const { server, user } = await newInvoiceOfKeys()
    await user.type(screen.getByLabelText(/Invoice date/), '2026-04-10')
    // Its field shows the default due date until one is chosen: a date picker sets the whole value at once.
    const due = screen.getByLabelText(/Due date/)
    fireEvent.change(due, { target: { value: '2026-04-01' } })
    expect(await screen.findByText('Make it due on or after the invoice date (April 10, 2026)')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Create the draft' }))
    expect(server.called('POST /invoice')).toHaveLength(0)
    fireEvent.change(due, { target: { value: '2026-05-10' } })
    expect(screen.queryByText(/Make it due on or after/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Create the draft' }))
    await waitFor(() => expect(server.called('POST /invoice')).toHaveLength(1))
    expect(server.called('POST /invoice')[0]!.body).toMatchObject({ issue_date: '2026-04-10', due_date: '2026-05-10' })
  })
})

describe('the editor\'s terms', () => {
  it('leaves the due date to the payment terms, counted from the day it is sent, until one is chosen', async () => {
    const { server, user } = await newInvoiceOfKeys()
    // The field shows the day the terms give today; left alone, no day is sent, and the server counts it when the invoice goes out.
    expect(screen.getByLabelText(/Due date/)).toHaveValue(addLocalDays(localDateOf(new Date(), 'America/Toronto'), 30))
    await user.click(screen.getByRole('button', { name: 'Create the draft' }))
    await waitFor(() => expect(server.called('POST /invoice')).toHaveLength(1))
    expect(server.called('POST /invoice')[0]!.body).not.toHaveProperty('due_date')
  })
})

describe('the editor\'s invoice date', () => {
  it('is refused before Rota knows the client\'s province\'s sales tax, and a discount past the subtotal shows no taxes below zero', async () => {
    const { server, user } = await newInvoiceOfKeys()
    const totals = await screen.findByRole('region', { name: 'Totals' })
    fireEvent.change(screen.getByLabelText(/Invoice date/), { target: { value: '2010-06-30' } })
    expect(await screen.findByText('Rota knows the sales tax of the client’s province from July 1, 2010: choose that day or a later one.')).toBeVisible()
    expect(within(totals).getByText('The totals show once the invoice date is one Rota can tax.')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Create the draft' })).toBeDisabled()
    fireEvent.change(screen.getByLabelText(/Invoice date/), { target: { value: '2010-07-01' } })
    await waitFor(() => expect(within(totals).getByText('$56.50')).toBeVisible())

    await user.type(screen.getByRole('textbox', { name: 'Discount' }), '60')
    expect(await screen.findByText('The discount is larger than the invoice')).toBeVisible()
    expect(within(totals).queryByText(/HST/)).toBeNull()
    expect(within(totals).queryByText(/-\$/)).not.toBeNull()
    expect(server.called('POST /invoice')).toHaveLength(0)
  })
})

describe('the editor with billable expenses', () => {
  it('proposes them beside the hours, each its own line before tax, totals them live, and bills only those left ticked', async () => {
    const proposal: InvoiceProposal = {
      client: invoice().client,
      timesheets: [{ id: uuid(801), date: '2026-03-02', start: '09:00', end: '17:00', staff: 'Sam Li', service: { id: uuid(602), name: 'Front desk', provincial_exempt: false }, minutes: 480, rate_cents: 6000 }],
      expenses: [
        { id: uuid(901), date: '2026-03-04', staff: 'Sam Li', category: 'mileage', description: 'Site visit', distance_km: '42.5', amount_cents: 3060 },
        { id: uuid(902), date: '2026-03-05', staff: 'Ana Roy', category: 'supplies', description: 'Mop heads', amount_cents: 4000, distance_km: null },
      ],
      lines: [],
      terms_days: 30,
    }
    const server = fakeServer({
      'GET /invoice/proposal': () => ({ body: { data: proposal } }),
      'POST /invoice': () => ({ status: 201, body: { data: invoice({ status: 'draft', number: null }) } }),
      'GET /invoice/{id}': () => ({ body: { data: invoice({ status: 'draft', number: null }) } }),
      'GET /invoice/{id}/history': () => ({ body: { data: { count: 0, rows: [] } } }),
    })
    server.on('GET /location', () => ({ body: { data: { count: 1, rows: [locationRow()] } } }))
    renderApp('/finances/invoices/create', { user: adminProfile as Profile, server })
    const user = userEvent.setup()
    await screen.findByRole('option', { name: 'Harbour Tower' })
    await user.selectOptions(screen.getByRole('combobox', { name: /Client/ }), 'Harbour Tower')
    const expenses = await screen.findByRole('region', { name: 'Expenses to re-bill' })
    expect(within(expenses).getByRole('checkbox', { name: 'Mar 4, 2026 · Sam Li · Mileage · Site visit · $30.60' })).toBeChecked()
    const totals = screen.getByRole('region', { name: 'Totals' })
    // $480.00 of hours + $30.60 + $40.00 of expenses = $550.60, HST 13 % = $71.58.
    await waitFor(() => expect(within(totals).getByText('$622.18')).toBeVisible())
    expect(within(totals).getByText('Mileage — 2026-03-04 · Sam Li: Site visit (42.5 km)')).toBeVisible()
    await user.click(within(expenses).getByRole('checkbox', { name: /Mop heads/ }))
    // $510.60, HST $66.38.
    await waitFor(() => expect(within(totals).getByText('$576.98')).toBeVisible())
    expect(within(totals).queryByText(/Mop heads/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Create the draft' }))
    await waitFor(() => expect(server.called('POST /invoice')).toHaveLength(1))
    expect(server.called('POST /invoice')[0]!.body).toMatchObject({ timesheet_ids: [uuid(801)], expense_ids: [uuid(901)] })
  })
})

describe('the client\'s page', () => {
  const shown: PublicInvoice = (({ allowed_events: _a, timesheet_ids: _t, expense_ids: _e, version: _v, created_at: _c, updated_at: _u, ...rest }) => ({ ...rest, pdf_url: LINK.pdf_url }))(invoice())

  it('shows the invoice in the reader\'s language with its PDF and the business\'s logo, without signing in', async () => {
    const server = fakeServer({ 'GET /public/invoice/{credentials}/{id}': () => ({ body: { data: { ...shown, issuer: { ...shown.issuer, logo: uuid(77) } } } }) })
    renderApp(`/frontend/invoice/creds/${uuid(1)}`, { server })
    const document = await screen.findByRole('article', { name: 'Invoice INV-000042' })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Invoice INV-000042 — ${shown.issuer.name}`)
    expect(within(document).getByText('Harbour Tower')).toBeVisible()
    await waitFor(() => expect(within(document).getByRole('presentation')).toHaveAttribute('src', expect.stringContaining(`/api/v1/file/${uuid(77)}`)))
    expect(screen.getByRole('link', { name: 'Download the PDF' })).toHaveAttribute('href', `${LINK.pdf_url}?lang=en`)
  })

  it('writes the business\'s address and phone under its name, above its registration number', async () => {
    const server = fakeServer({ 'GET /public/invoice/{credentials}/{id}': () => ({ body: { data: { ...shown, issuer: { ...shown.issuer, address: businessAddress() } } } }) })
    renderApp(`/frontend/invoice/creds/${uuid(1)}`, { server })
    const document = await screen.findByRole('article', { name: 'Invoice INV-000042' })
    const issuer = within(document).getByText('Maple Cleaning').parentElement!
    expect(issuer).toHaveTextContent(/^Maple Cleaning\s*1200 Burrard St\s*Vancouver BC V6Z 2C7\s*Tel\. 604-555-0199\s*GST\/HST No\. 123456789 RT0001$/)
  })

  it('writes nothing under the business\'s name but its registration when it gave no address', async () => {
    const server = fakeServer({ 'GET /public/invoice/{credentials}/{id}': () => ({ body: { data: shown } }) })
    renderApp(`/frontend/invoice/creds/${uuid(1)}`, { server })
    const document = await screen.findByRole('article', { name: 'Invoice INV-000042' })
    const issuer = within(document).getByText('Maple Cleaning').parentElement!
    expect(issuer).toHaveTextContent(/^Maple Cleaning\s*GST\/HST No\. 123456789 RT0001$/)
    expect(issuer.querySelector('address')).toBeNull()
  })

  it('says only that a wrong or revoked link is not valid', async () => {
    const server = fakeServer({ 'GET /public/invoice/{credentials}/{id}': () => ({ status: 404, body: { message: 'Not found.', code: 'not_found' } }) })
    renderApp(`/frontend/invoice/tampered/${uuid(1)}`, { server })
    expect(await screen.findByText('This link is not valid')).toBeVisible()
    expect(screen.queryByRole('article')).toBeNull()
  })
})

describe('the invoice report', () => {
  const report: InvoiceReport = {
    from: '2026-01-01',
    to: '2026-03-31',
    revenue: [
      { month: '2026-01', client: { id: CLIENT, name: '=HYPERLINK("http://evil.test")' }, invoices: 2, subtotal_cents: 100000, total_cents: 113000, paid_cents: 113000 },
      { month: '2026-02', client: { id: CLIENT, name: 'Harbour Tower' }, invoices: 1, subtotal_cents: 50000, total_cents: 56500, paid_cents: 0 },
    ],
    aging: { current: 56500, '1_30': 0, '31_60': 10000, '61_90': 0, '90_plus': 2500 },
    outstanding_cents: 69000,
  }

  it('shows revenue by month and client and what is owed by age, and exports a CSV a spreadsheet cannot run', async () => {
    const files: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob)
      return 'blob:report'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const server = fakeServer({ 'GET /report/invoice': () => ({ body: { data: report } }) })
    renderApp('/report/invoice?from=2026-01-01&to=2026-03-31', { user: adminProfile as Profile, server })
    const table = await screen.findByRole('table', { name: 'Revenue by month and client' })
    expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['January 2026', '=HYPERLINK("http://evil.test")', '2', '$1,000.00', '$1,130.00', '$1,130.00'],
      ['February 2026', 'Harbour Tower', '1', '$500.00', '$565.00', '$0.00'],
    ])
    const aging = screen.getByRole('region', { name: 'Owed today' })
    expect(within(aging).getByText('31–60 days').nextSibling).toHaveTextContent('$100.00')
    expect(within(aging).getByText('Total owed').nextSibling).toHaveTextContent('$690.00')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }))
    const text = await files[0]!.text()
    expect(text.split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFmonth,client_id,client,invoices,subtotal,total,paid',
      `2026-01,${CLIENT},"'=HYPERLINK(""http://evil.test"")",2,1000.00,1130.00,1130.00`,
      `2026-02,${CLIENT},Harbour Tower,1,500.00,565.00,0.00`,
    ])
  })

  it('names the months in the language of the screen', async () => {
    await i18next.changeLanguage('fr')
    renderApp('/report/invoice?from=2026-01-01&to=2026-03-31', { user: adminProfile as Profile, server: fakeServer({ 'GET /report/invoice': () => ({ body: { data: report } }) }) })
    const table = await screen.findByRole('table', { name: 'Revenus par mois et par client' })
    expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['janvier 2026', 'février 2026'])
  })
})

function locationRow() {
  return {
    id: CLIENT,
    name: 'Harbour Tower',
    contact_person: null,
    email: null,
    phone: null,
    street: '290 Bremner Blvd',
    city: 'Toronto',
    province: 'ON',
    postal_code: 'M5V 3L9',
    latitude: null,
    longitude: null,
    billing_notes: null,
    active: true,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    version: 1,
  }
}
