import { addLocalDays, localDateOf, type Invoice, type Profile, type UninvoicedClient } from '@rota/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer, permissionEntry, staffProfile } from '../../../testing/fake-server.ts'
import { location } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const HARBOUR = { id: uuid(501), name: 'Harbour Tower' }
const MAPLE = { id: uuid(502), name: 'Maple Court' }
const QUAY = { id: uuid(503), name: 'Quay Lofts' }

const CLIENTS: UninvoicedClient[] = [
  { client: HARBOUR, timesheets: 12, expenses: 1, subtotal_cents: 77499 },
  { client: MAPLE, timesheets: 3, expenses: 0, subtotal_cents: 18000 },
  { client: QUAY, timesheets: 0, expenses: 2, subtotal_cents: 5500 },
]

/** The draft `POST /invoice` answers for a client: its subtotal with Ontario's 13 % HST. */
function draft(client: { id: string; name: string }, number: number, subtotal: number): Invoice {
  const tax = Math.round(subtotal * 0.13)
  return {
    id: uuid(number),
    number: null,
    status: 'draft',
    overdue: false,
    client: { ...client, contact_person: null, email: null, street: '1 Main St', city: 'Toronto', province: 'ON', postal_code: 'M5V 3L9' },
    // The dialog reads only a draft's id, client and total.
    issuer: { name: 'Maple Cleaning', logo: null, gst_hst_number: null, qst_number: null, locale: 'en' } as Invoice['issuer'],
    period_from: '2026-03-01',
    period_to: '2026-03-31',
    issue_date: null,
    due_date: '2026-05-01',
    due_on_terms: true,
    per_shift: false,
    lines: [],
    timesheet_ids: [],
    expense_ids: [],
    subtotal_cents: subtotal,
    discount_cents: 0,
    taxes: [],
    tax_cents: tax,
    total_cents: subtotal + tax,
    paid_cents: 0,
    balance_cents: subtotal + tax,
    payments: [],
    notes: null,
    terms: null,
    sent_at: null,
    viewed_at: null,
    view_count: 0,
    void_reason: null,
    allowed_events: ['invoice.send', 'invoice.void'],
    created_at: '2026-04-01T13:00:00.000Z',
    updated_at: '2026-04-01T13:00:00.000Z',
    version: 1,
  }
}

/**
 * The invoices page with the month-end summary answering `clients`, its dialog open. `POST
 * /invoice` makes a draft unless `refuse` names the client; `hold` keeps the nth one waiting.
 */
async function openDialog(
  clients: UninvoicedClient[],
  { refuse = () => undefined, hold = () => undefined }: { refuse?: (clientId: string) => { status: number; body: unknown } | undefined; hold?: (post: number) => Promise<void> | undefined } = {},
) {
  let made = 0
  let posts = 0
  const server = fakeServer({
    'GET /invoice': () => ({ body: { data: { count: 0, rows: [] } } }),
    'GET /location': () => ({ body: { data: { count: 1, rows: [location()] } } }),
    'GET /invoice/uninvoiced': () => ({ body: { data: clients } }),
    'POST /invoice': ({ body }) => {
      const { location_id } = body as { location_id: string }
      const row = clients.find((candidate) => candidate.client.id === location_id)!
      return refuse(location_id) ?? { status: 201, body: { data: draft(row.client, 900 + (made += 1), row.subtotal_cents), message: 'Saved.' } }
    },
  })
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (init?.method === 'POST' && String(input).endsWith('/invoice')) await hold((posts += 1))
    return server.fetch(input, init)
  }
  const app = renderApp('/finances/invoices', { user: adminProfile as Profile, server: { ...server, fetch } })
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Invoice a period' }))
  const dialog = await screen.findByRole('dialog', { name: 'Invoice a period' })
  return { ...app, server, user, dialog }
}

const posted = (server: ReturnType<typeof fakeServer>) => server.called('POST /invoice').map((call) => (call.body as { location_id: string }).location_id)

describe('invoicing a period', () => {
  it('lists last month\'s clients with what they have, all ticked, and makes a draft for each one left ticked', async () => {
    const { server, user, dialog } = await openDialog(CLIENTS)
    // Last month on the business's clock (Toronto).
    const firstOfThisMonth = `${localDateOf(new Date(), 'America/Toronto').slice(0, 8)}01`
    const to = addLocalDays(firstOfThisMonth, -1)
    expect(within(dialog).getByLabelText(/Period from/)).toHaveValue(`${to.slice(0, 8)}01`)
    expect(within(dialog).getByLabelText(/Period to/)).toHaveValue(to)
    const harbour = await within(dialog).findByRole('checkbox', { name: 'Harbour Tower' })
    expect(server.called('GET /invoice/uninvoiced')[0]!.query.get('from')).toBe(`${to.slice(0, 8)}01`)
    expect(harbour).toBeChecked()
    expect(harbour).toHaveAccessibleDescription('Timesheets: 12 · Expenses: 1 · $774.99 before tax')
    expect(within(dialog).getByRole('checkbox', { name: 'Quay Lofts' })).toHaveAccessibleDescription('Timesheets: 0 · Expenses: 2 · $55.00 before tax')
    expect(within(dialog).getByText('Clients chosen: 3 · $1,009.99 before tax')).toBeVisible()

    await user.click(within(dialog).getByRole('checkbox', { name: 'Maple Court' }))
    expect(within(dialog).getByText('Clients chosen: 2 · $829.99 before tax')).toBeVisible()
    const listsBefore = server.called('GET /invoice').length
    await user.click(within(dialog).getByRole('button', { name: 'Create 2 drafts' }))

    const summary = await within(dialog).findByRole('heading', { name: 'Summary' })
    await waitFor(() => expect(summary).toHaveFocus())
    expect(within(dialog).getByRole('status')).toHaveTextContent('Done. Drafts created: 2. Not created: 0.')
    expect(posted(server)).toEqual([HARBOUR.id, QUAY.id])
    const keys = server.called('POST /invoice').map((call) => call.headers.get('idempotency-key'))
    expect(new Set(keys).size).toBe(2)
    expect(keys.every((key) => key && key.length > 0)).toBe(true)
    expect(server.called('POST /invoice')[0]!.body).toEqual({ location_id: HARBOUR.id, period_from: `${to.slice(0, 8)}01`, period_to: to, require_billable: true })

    const created = within(dialog).getByRole('region', { name: 'Drafts created: 2' })
    expect(within(created).getByRole('link', { name: 'Harbour Tower' })).toHaveAttribute('href', `/finances/invoices/preview/${uuid(901)}`)
    expect(within(created).getByRole('link', { name: 'Quay Lofts' })).toHaveAttribute('href', `/finances/invoices/preview/${uuid(902)}`)
    expect(within(created).getByText('$875.74 with tax')).toBeVisible()
    // The invoices are read again, so the new drafts are listed.
    await waitFor(() => expect(server.called('GET /invoice').length).toBeGreaterThan(listsBefore))

    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('says how far it has got while the drafts are made, and cannot be closed meanwhile', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { user, dialog } = await openDialog(CLIENTS, { hold: (post) => (post === 2 ? gate : undefined) })
    await within(dialog).findByRole('checkbox', { name: 'Harbour Tower' })
    await user.click(within(dialog).getByRole('button', { name: 'Create 3 drafts' }))

    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent('Creating drafts: 1 of 3'))
    expect(within(dialog).getByRole('progressbar', { name: 'Drafts created so far' })).toHaveAttribute('aria-valuenow', '33')
    expect(within(dialog).getByRole('button', { name: 'Create 3 drafts' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Invoice a period' })).toBeVisible()
    release()
    await within(dialog).findByRole('heading', { name: 'Summary' })
    expect(within(dialog).getByRole('status')).toHaveTextContent('Done. Drafts created: 3. Not created: 0.')
  })

  it('reports a client refused with the reason while the others are made, and tries it again with the same key', async () => {
    let refusing = true
    const { server, user, dialog } = await openDialog(CLIENTS, {
      refuse: (clientId) => (refusing && clientId === MAPLE.id ? { status: 422, body: { message: 'Rota knows the sales tax of the client’s province from July 1, 2010.', code: 'invoice_before_tax_table' } } : undefined),
    })
    await within(dialog).findByRole('checkbox', { name: 'Harbour Tower' })
    await user.click(within(dialog).getByRole('button', { name: 'Create 3 drafts' }))

    await within(dialog).findByRole('heading', { name: 'Summary' })
    expect(posted(server)).toEqual([HARBOUR.id, MAPLE.id, QUAY.id])
    const created = within(dialog).getByRole('region', { name: 'Drafts created: 2' })
    expect(within(created).getAllByRole('link').map((link) => link.textContent)).toEqual(['Harbour Tower', 'Quay Lofts'])
    const refusal = within(dialog).getByRole('alert')
    expect(refusal).toHaveTextContent('Not created: 1')
    expect(refusal).toHaveTextContent('Maple Court: Rota knows the sales tax of the client’s province from July 1, 2010.')
    expect(within(dialog).getByRole('status')).toHaveTextContent('Done. Drafts created: 2. Not created: 1.')

    refusing = false
    await user.click(within(dialog).getByRole('button', { name: 'Try again (1)' }))
    await waitFor(() => expect(within(dialog).getByRole('region', { name: 'Drafts created: 3' })).toBeVisible())
    await waitFor(() => expect(within(dialog).getByRole('heading', { name: 'Summary' })).toHaveFocus())
    expect(within(dialog).queryByRole('button', { name: /Try again/ })).toBeNull()
    expect(within(dialog).queryByRole('alert')).toBeNull()
    const maple = server.called('POST /invoice').filter((call) => (call.body as { location_id: string }).location_id === MAPLE.id)
    expect(maple).toHaveLength(2)
    expect(maple[1]!.headers.get('idempotency-key')).toBe(maple[0]!.headers.get('idempotency-key'))
  })

  it('says when no client has anything to invoice in the period', async () => {
    const { server, dialog } = await openDialog([])
    expect(await within(dialog).findByRole('region', { name: 'Nothing to invoice' })).toHaveTextContent('No client has approved hours or billable expenses left to invoice in this period.')
    expect(within(dialog).getByRole('button', { name: 'Create 0 drafts' })).toBeDisabled()
    expect(server.called('POST /invoice')).toHaveLength(0)
  })

  it('is offered only to those who may create invoices', async () => {
    const reader: Profile = { ...staffProfile, permissions: [permissionEntry('invoices', { read: true })] }
    const server = fakeServer({
      'GET /invoice': () => ({ body: { data: { count: 0, rows: [] } } }),
      'GET /location': () => ({ body: { data: { count: 0, rows: [] } } }),
    })
    renderApp('/finances/invoices', { user: reader, server })
    await screen.findByRole('heading', { level: 1, name: 'Invoices' })
    expect(screen.queryByRole('button', { name: 'Invoice a period' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'New invoice' })).toBeNull()
  })
})
