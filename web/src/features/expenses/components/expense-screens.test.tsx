import type { Expense, Profile } from '@rota/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer, staffProfile } from '../../../testing/fake-server.ts'
import { location } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const entry = (model: Profile['permissions'][number]['model_name'], rights: Partial<Record<'read' | 'create' | 'update' | 'delete', boolean>>) => ({ model_name: model, name: model, read: false, create: false, update: false, delete: false, ...rights })
const claimant: Profile = { ...staffProfile, permissions: [entry('expenses', { read: true, create: true })] }
const approver: Profile = { ...staffProfile, id: uuid(90), firstname: 'Mona', permissions: [entry('expenses', { read: true, create: true, update: true }), entry('locations', { read: true })] }
const bookkeeper: Profile = { ...approver, permissions: [...approver.permissions, entry('invoices', { read: true })] }

const expense = (overrides: Partial<Expense> = {}): Expense => ({
  id: uuid(1),
  staff: { id: claimant.id, name: 'Omar Haddad' },
  date: '2026-03-09',
  category: 'meals',
  description: 'Client lunch',
  distance_km: null,
  mileage_rate_cents: null,
  amount_cents: 4000,
  tax_cents: 520,
  total_cents: 4520,
  location: null,
  billable: false,
  receipt: { id: uuid(7), content_type: 'image/png', size: 1200 },
  status: 'submitted',
  decision_note: null,
  decided_by: null,
  decided_at: null,
  payroll: null,
  invoice: null,
  locked: false,
  allowed_events: [],
  created_at: '2026-03-09T15:00:00Z',
  updated_at: '2026-03-09T15:00:00Z',
  version: 1,
  ...overrides,
})

describe('submitting a claim', () => {
  it('prices mileage as it is typed, uploads the receipt taken with the camera, and opens the claim once sent', async () => {
    const server = fakeServer({
      'GET /upload_sign_url': () => ({ body: { data: { provider: 'local', url: '/api/v1/file?grant=g', fields: {}, max_bytes: 5_242_880, accept: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] } } }),
      'POST /file': () => ({ status: 201, body: { data: { id: uuid(7), provider: 'local', content_type: 'image/jpeg', size: 4 } } }),
      'POST /expense': ({ body }) => ({ status: 201, body: { data: expense({ ...(body as object), id: uuid(2), category: 'mileage', distance_km: '42.5', amount_cents: 3060, tax_cents: 0, total_cents: 3060 }) } }),
      'GET /expense': () => ({ body: { data: { count: 0, rows: [] } } }),
      'GET /expense/{id}': () => ({ body: { data: expense({ id: uuid(2), category: 'mileage', distance_km: '42.5' }) } }),
    })
    const { current } = renderApp('/finances/expenses/create', { user: claimant, server })
    const user = userEvent.setup()
    await user.selectOptions(await screen.findByLabelText(/^Kind/), 'Mileage')
    await user.type(screen.getByLabelText(/Distance \(km\)/), '42,5')
    // 42.5 km at the business's $0.72.
    expect(screen.getByText('$30.60 at $0.72 a kilometre.')).toBeVisible()
    await user.type(screen.getByLabelText(/What for/), 'Depot run')
    const input = screen.getByLabelText('Receipt')
    // No `capture`: a phone offers its camera, its photos and its files, a PDF included.
    expect(input).not.toHaveAttribute('capture')
    expect(input).toHaveAttribute('accept', 'image/*,application/pdf')
    await user.upload(input, new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'receipt.jpg', { type: 'image/jpeg' }))
    expect(await screen.findByRole('img', { name: 'The receipt' })).toBeVisible()
    // Staff cannot read the clients: the claim is not about one.
    expect(screen.queryByLabelText('Client')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Submit the claim' }))
    await waitFor(() => expect(server.called('POST /expense')).toHaveLength(1))
    expect(server.called('POST /expense')[0]?.body).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), category: 'mileage', description: 'Depot run', distance_km: '42.5', location_id: null, billable: false, receipt_id: uuid(7) })
    await waitFor(() => expect(current()).toBe(`/finances/expenses?id=${uuid(2)}`))
  })

  it('says what is missing before sending', async () => {
    const server = fakeServer({})
    renderApp('/finances/expenses/create', { user: claimant, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Submit the claim' }))
    // Everything missing at once, each said plainly.
    expect(await screen.findByLabelText(/What for/)).toHaveAccessibleDescription('This field is required.')
    expect(screen.getByLabelText(/Amount before tax/)).toHaveAccessibleDescription('This field is required.')
    await user.type(screen.getByLabelText(/What for/), 'Mop heads')
    await user.type(screen.getByLabelText(/Amount before tax/), '-12.50')
    await user.click(screen.getByRole('button', { name: 'Submit the claim' }))
    await waitFor(() => expect(screen.getByLabelText(/Amount before tax/)).toHaveAccessibleDescription('Enter an amount in dollars, such as 24.50 (at most $100,000).'))
    expect(screen.getByLabelText(/What for/)).not.toHaveAttribute('aria-invalid')
    expect(server.called('POST /expense')).toHaveLength(0)
  })

  it('refuses, before sending, a claim of nothing, a tax above its amount and a day to come', async () => {
    const server = fakeServer({})
    renderApp('/finances/expenses/create', { user: claimant, server })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText(/What for/), 'Mop heads')
    await user.type(screen.getByLabelText(/Amount before tax/), '0')
    await user.type(screen.getByLabelText(/^Tax/), '5')
    fireEvent.change(screen.getByLabelText(/^Day/), { target: { value: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) } })
    await user.click(screen.getByRole('button', { name: 'Submit the claim' }))
    await waitFor(() => expect(screen.getByLabelText(/Amount before tax/)).toHaveAccessibleDescription('Use more than 0.'))
    expect(screen.getByLabelText(/^Tax/)).toHaveAccessibleDescription(/Use at most the amount before tax\./)
    expect(screen.getByLabelText(/^Day/)).toHaveAccessibleDescription('Choose today or an earlier day.')
    expect(server.called('POST /expense')).toHaveLength(0)
  })

  it('offers to bill a claim to a client only once the client is chosen', async () => {
    const server = fakeServer({
      'GET /location': () => ({ body: { data: { count: 1, rows: [location({ id: uuid(501), name: 'Harbour Tower' })] } } }),
      'POST /expense': ({ body }) => ({ status: 201, body: { data: expense({ ...(body as object), id: uuid(2) }) } }),
      'GET /expense': () => ({ body: { data: { count: 0, rows: [] } } }),
      'GET /expense/{id}': () => ({ body: { data: expense({ id: uuid(2) }) } }),
    })
    renderApp('/finances/expenses/create', { user: approver, server })
    const user = userEvent.setup()
    const billable = await screen.findByRole('checkbox', { name: /Bill to the client/ })
    expect(billable).toBeDisabled()
    expect(billable).not.toBeChecked()
    await screen.findByRole('option', { name: 'Harbour Tower' })
    await user.selectOptions(screen.getByLabelText('Client'), 'Harbour Tower')
    expect(billable).toBeEnabled()
    expect(billable).toBeChecked()
    await user.type(screen.getByLabelText(/What for/), 'Parking')
    await user.type(screen.getByLabelText(/Amount before tax/), '12')
    await user.click(screen.getByRole('button', { name: 'Submit the claim' }))
    await waitFor(() => expect(server.called('POST /expense')).toHaveLength(1))
    expect(server.called('POST /expense')[0]?.body).toMatchObject({ location_id: uuid(501), billable: true, amount_cents: 1200 })
  })
})

describe('the team’s claims', () => {
  it('tells a claimant with no claims about their own, and an approver about the team’s', async () => {
    const server = fakeServer({ 'GET /expense': () => ({ body: { data: { count: 0, rows: [] } } }) })
    const { unmount } = renderApp('/finances/expenses', { user: claimant, server })
    expect(await screen.findByText('Costs you claim, such as mileage or supplies, will be listed here with their status.')).toBeVisible()
    unmount()
    renderApp('/finances/expenses', { user: approver, server })
    expect(await screen.findByText('Expenses submitted by your team will be listed here.')).toBeVisible()
  })

  it('lets someone who approves filter to what is waiting, see the receipt and reject with a reason', async () => {
    const waiting = expense({ allowed_events: ['expense.approve', 'expense.reject'] })
    const server = fakeServer({
      'GET /expense': () => ({ body: { data: { count: 1, rows: [waiting] } } }),
      'GET /expense/{id}': () => ({ body: { data: waiting } }),
      'POST /expense/{id}/events': ({ body }) => ({ body: { data: { ...waiting, status: 'rejected', decision_note: (body as { reason: string }).reason, allowed_events: [], version: 2 }, message: 'Rejected.' } }),
      'GET /expense/{id}/history': () => ({ body: { data: { count: 0, rows: [] } } }),
    })
    renderApp('/finances/expenses?status=submitted', { user: approver, server })
    const user = userEvent.setup()
    await waitFor(() => expect(server.called('GET /expense').at(-1)?.query.get('filter[status]')).toBe('submitted'))
    expect(screen.getByRole('combobox', { name: 'Whose claims' })).toBeVisible()
    await user.click(await screen.findByRole('button', { name: /Client lunch/ }))
    const panel = await screen.findByRole('dialog', { name: 'Meals · Omar Haddad' })
    expect(within(panel).getByText('$45.20')).toBeVisible()
    expect(within(panel).getByRole('img', { name: 'The receipt' })).toHaveAttribute('src', `/api/v1/file/${uuid(7)}`)
    await user.click(within(panel).getByRole('button', { name: 'Reject' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Confirm: Reject' })
    await user.type(within(ask).getByLabelText(/Why it is not approved/), 'No receipt for the tip')
    await user.click(within(ask).getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(server.called('POST /expense/{id}/events')).toHaveLength(1))
    expect(server.called('POST /expense/{id}/events')[0]?.body).toEqual({ type: 'expense.reject', version: 1, reason: 'No receipt for the tip' })
  })
})

describe('a claim re-billed to its client', () => {
  const billed = expense({
    status: 'approved',
    location: { id: uuid(501), name: 'Harbour Tower' },
    billable: true,
    invoice: { id: uuid(601), number: 'INV-000042' },
    allowed_events: ['expense.reimburse'],
  })

  it('names the invoice it is on, linked for whoever reads invoices, and offers no change', async () => {
    const server = fakeServer({
      'GET /expense': () => ({ body: { data: { count: 1, rows: [billed] } } }),
      'GET /expense/{id}': () => ({ body: { data: billed } }),
      'GET /expense/{id}/history': () => ({ body: { data: { count: 0, rows: [] } } }),
    })
    const { current } = renderApp(`/finances/expenses?id=${billed.id}`, { user: bookkeeper, server })
    const user = userEvent.setup()
    const panel = await screen.findByRole('dialog', { name: 'Meals · Omar Haddad' })
    expect(within(panel).getByText('Harbour Tower · billable')).toBeVisible()
    const link = within(panel).getByRole('link', { name: 'Billed on invoice INV-000042' })
    expect(within(panel).queryByRole('button', { name: 'Reject' })).toBeNull()
    expect(within(panel).queryByRole('button', { name: 'Change' })).toBeNull()
    await user.click(link)
    await waitFor(() => expect(current()).toBe(`/finances/invoices/preview/${uuid(601)}`))
  })

  it('says so without a link to someone who cannot read invoices, and says when the invoice is still a draft', async () => {
    const drafted = { ...billed, invoice: { id: uuid(601), number: null } }
    const server = fakeServer({
      'GET /expense': () => ({ body: { data: { count: 1, rows: [drafted] } } }),
      'GET /expense/{id}': () => ({ body: { data: drafted } }),
      'GET /expense/{id}/history': () => ({ body: { data: { count: 0, rows: [] } } }),
    })
    renderApp(`/finances/expenses?id=${billed.id}`, { user: approver, server })
    const panel = await screen.findByRole('dialog', { name: 'Meals · Omar Haddad' })
    expect(within(panel).getByText('On a draft invoice to the client')).toBeVisible()
    expect(within(panel).queryByRole('link', { name: /invoice/ })).toBeNull()
  })
})
