import type { Expense, Profile } from '@rota/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer, permissionEntry, staffProfile } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
const approver: Profile = { ...staffProfile, id: uuid(90), firstname: 'Mona', permissions: [permissionEntry('expenses', { read: true, create: true, update: true })] }
const claimant: Profile = { ...staffProfile, permissions: [permissionEntry('expenses', { read: true, create: true })] }

const claim = (overrides: Partial<Expense> = {}): Expense => ({
  id: uuid(1),
  staff: { id: staffProfile.id, name: 'Omar Haddad' },
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
  receipt: null,
  status: 'submitted',
  decision_note: null,
  decided_by: null,
  decided_at: null,
  payroll: null,
  invoice: null,
  locked: false,
  allowed_events: ['expense.approve', 'expense.reject'],
  created_at: '2026-03-09T15:00:00Z',
  updated_at: '2026-03-09T15:00:00Z',
  version: 1,
  ...overrides,
})

const lunch = claim()
const parking = claim({ id: uuid(2), staff: { id: uuid(40), name: 'Lina Roy' }, date: '2026-03-10', description: 'Parking', amount_cents: 3060, tax_cents: 0, total_cents: 3060 })
// Approved already: only reimbursing is left, which is not decided in bulk.
const supplies = claim({ id: uuid(3), staff: { id: uuid(41), name: 'Ana Diaz' }, description: 'Mop heads', status: 'approved', allowed_events: ['expense.reimburse'] })

/** The team's claims; `POST /expense/events` answers with `decide`, and once done the list reads them decided. */
function team(decide: (body: { type: string; ids: string[] }) => { status?: number; body: unknown }) {
  let rows = [lunch, parking, supplies]
  return fakeServer({
    'GET /expense': () => ({ body: { data: { count: rows.length, rows } } }),
    'POST /expense/events': ({ body }) => {
      const asked = body as { type: string; ids: string[] }
      const answer = decide(asked)
      const status = asked.type === 'expense.reject' ? 'rejected' : 'approved'
      if ((answer.status ?? 200) < 300) rows = rows.map((row) => (asked.ids.includes(row.id) ? { ...row, status, allowed_events: [], version: 2 } : row))
      return answer
    },
  })
}

/** What `POST /expense/events` answers once it is done: the claims as they now are. */
const decided = ({ type, ids }: { type: string; ids: string[] }) => ({
  body: { data: { expenses: [lunch, parking].filter((row) => ids.includes(row.id)).map((row) => ({ ...row, status: type === 'expense.reject' ? 'rejected' : 'approved', allowed_events: [] })) } },
})

describe('deciding many claims at once', () => {
  it('approves the claims picked, after asking with their count and total, then says how many and clears the picks', async () => {
    const server = team(decided)
    renderApp('/finances/expenses', { user: approver, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('checkbox', { name: "Select Omar Haddad's claim of Mar 9, 2026, $45.20" }))
    await user.click(screen.getByRole('checkbox', { name: "Select Lina Roy's claim of Mar 10, 2026, $30.60" }))
    expect(screen.getByText('2 selected · total $75.80')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Approve 2 claims totalling $75.80?' })
    expect(ask).toHaveTextContent('All of them or none')
    const reads = server.called('GET /expense').length
    await user.click(within(ask).getByRole('button', { name: 'Approve' }))
    const done = await screen.findByRole('status')
    expect(done).toHaveTextContent('2 claims approved.')
    // The bar is gone: a keyboard user is taken to what was done, not to the top of the page.
    await waitFor(() => expect(document.activeElement).toContainElement(done))
    expect(server.called('POST /expense/events')).toHaveLength(1)
    expect(server.called('POST /expense/events')[0]?.body).toEqual({ type: 'expense.approve', ids: [lunch.id, parking.id] })
    // The list is read again: the claims are approved and nothing is picked.
    await waitFor(() => expect(server.called('GET /expense').length).toBeGreaterThan(reads))
    await waitFor(() => expect(screen.queryByText(/selected · total/)).toBeNull())
    expect(screen.queryByRole('checkbox', { name: /Select Omar Haddad's claim/ })).toBeNull()
  })

  it('picks with the page\'s checkbox only the claims that can be decided, and rejects them with a reason', async () => {
    const server = team(decided)
    renderApp('/finances/expenses', { user: approver, server })
    const user = userEvent.setup()
    const all = await screen.findByRole('checkbox', { name: 'Select every claim on this page that can be decided' })
    await screen.findByText(/Mop heads/)
    // An approved claim has nothing left to decide: no checkbox.
    expect(screen.getAllByRole('checkbox')).toHaveLength(3)
    await user.click(all)
    expect(screen.getByRole('checkbox', { name: /Omar Haddad's claim/ })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: /Lina Roy's claim/ })).toBeChecked()
    expect(screen.getByText('2 selected · total $75.80')).toBeVisible()
    await user.click(screen.getByRole('checkbox', { name: /Lina Roy's claim/ }))
    expect(all).toBePartiallyChecked()
    await user.click(screen.getByRole('button', { name: 'Reject' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Reject 1 claim of $45.20?' })
    await user.type(within(ask).getByLabelText(/Why it is not approved/), 'Receipts are missing')
    await user.click(within(ask).getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(server.called('POST /expense/events')).toHaveLength(1))
    expect(server.called('POST /expense/events')[0]?.body).toEqual({ type: 'expense.reject', ids: [lunch.id], reason: 'Receipts are missing' })
    expect(await screen.findByRole('status')).toHaveTextContent('1 claim rejected.')
  })

  it('says why a refused call changed nothing, marks the claim that stopped it and keeps the picks', async () => {
    const server = team(() => ({
      status: 422,
      body: { message: "This expense is on a client's invoice: take it off the draft or void the invoice first.", code: 'expense_invoiced', details: { id: parking.id, invoice_id: uuid(601) } },
    }))
    renderApp('/finances/expenses', { user: approver, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('checkbox', { name: 'Select every claim on this page that can be decided' }))
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Approve 2 claims totalling $75.80?' })).getByRole('button', { name: 'Approve' }))
    expect(await screen.findByRole('alert')).toHaveTextContent("This expense is on a client's invoice")
    expect(screen.getByRole('row', { name: /Parking/ })).toHaveTextContent('Not possible: see the message above')
    expect(screen.getByRole('row', { name: /Client lunch/ })).not.toHaveTextContent('Not possible')
    expect(screen.getByRole('checkbox', { name: /Omar Haddad's claim/ })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: /Lina Roy's claim/ })).toBeChecked()
    expect(screen.getByText('2 selected · total $75.80')).toBeVisible()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('offers no checkboxes to someone who only claims', async () => {
    const server = fakeServer({ 'GET /expense': () => ({ body: { data: { count: 1, rows: [claim({ allowed_events: [] })] } } }) })
    renderApp('/finances/expenses', { user: claimant, server })
    expect(await screen.findByRole('button', { name: /Client lunch/ })).toBeVisible()
    expect(screen.queryByRole('checkbox')).toBeNull()
  })
})
