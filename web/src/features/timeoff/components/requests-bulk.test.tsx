import type { Profile, TimeoffCategory, TimeoffRequest } from '@rota/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer, permissionEntry, staffProfile } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
/** Decides time off but does not run the schedule: may not take shifts off anyone. */
const decider: Profile = {
  ...staffProfile,
  id: uuid(90),
  permissions: [permissionEntry('schedules', { read: true }), permissionEntry('timeoff-requests', { read: true, create: true, update: true }), permissionEntry('timeoff-categories', { read: true })],
}
const asker: Profile = { ...staffProfile, permissions: [permissionEntry('timeoff-requests', { read: true, create: true }), permissionEntry('timeoff-categories', { read: true })] }

const vacation: TimeoffCategory = {
  id: uuid(1),
  name: 'Vacation',
  colour: '#0d9488',
  paid: true,
  unit: 'days',
  day_minutes: 480,
  accrual: 'yearly',
  yearly_allowance_minutes: 4800,
  accrual_rate: null,
  carry_over_max_minutes: 2400,
  allow_negative: false,
  active: true,
  created_at: '2026-01-01T12:00:00Z',
  updated_at: '2026-01-01T12:00:00Z',
  version: 1,
}

const request = (overrides: Partial<TimeoffRequest> = {}): TimeoffRequest => ({
  id: uuid(10),
  staff: { id: staffProfile.id, name: 'Omar Haddad' },
  category: { id: vacation.id, name: 'Vacation', colour: '#0d9488', unit: 'days', day_minutes: 480, paid: true },
  period: 'days',
  start_date: '2027-03-08',
  end_date: '2027-03-10',
  half: null,
  start_time: null,
  end_time: null,
  starts_at: '2027-03-08T05:00:00.000Z',
  ends_at: '2027-03-11T04:00:00.000Z',
  minutes: 1440,
  note: null,
  status: 'pending',
  decision_note: null,
  requested_by: { id: staffProfile.id, name: 'Omar Haddad' },
  decided_by: null,
  decided_at: null,
  shifts: [],
  opened_shifts: 0,
  allowed_events: ['timeoff.approve', 'timeoff.reject'],
  created_at: '2027-02-01T15:00:00.000Z',
  updated_at: '2027-02-01T15:00:00.000Z',
  version: 1,
  ...overrides,
})

const shift = (n: number, date: string, status: 'draft' | 'published') => ({
  id: uuid(100 + n),
  date,
  start_time: '09:00',
  end_time: '17:00',
  starts_at: `${date}T14:00:00.000Z`,
  ends_at: `${date}T22:00:00.000Z`,
  location: { id: uuid(200), name: 'Harbour Tower' },
  service: { id: uuid(300), name: 'Night watch', colour: '#f59e0b' },
  status,
})

const omar = request()
// A day off on which Lina works two shifts: approving asks what becomes of them.
const lina = request({
  id: uuid(11),
  staff: { id: uuid(40), name: 'Lina Roy' },
  start_date: '2027-03-12',
  end_date: '2027-03-12',
  minutes: 480,
  shifts: [shift(1, '2027-03-12', 'published'), shift(2, '2027-03-12', 'draft')],
})
// Approved already: only cancelling is left, which is not decided in bulk.
const ana = request({ id: uuid(12), staff: { id: uuid(41), name: 'Ana Diaz' }, status: 'approved', allowed_events: ['timeoff.cancel'] })

/** The team's requests; `POST /timeoff_request/events` answers with `decide`, and once done the list reads them decided. */
function team(decide: (body: { type: string; ids: string[] }) => { status?: number; body: unknown }) {
  let rows = [omar, lina, ana]
  return fakeServer({
    'GET /timeoff_category': () => ({ body: { data: { count: 1, rows: [vacation] } } }),
    'GET /timeoff_request': () => ({ body: { data: { count: rows.length, rows } } }),
    'POST /timeoff_request/events': ({ body }) => {
      const asked = body as { type: string; ids: string[] }
      const answer = decide(asked)
      const status = asked.type === 'timeoff.reject' ? 'rejected' : 'approved'
      if ((answer.status ?? 200) < 300) rows = rows.map((row) => (asked.ids.includes(row.id) ? { ...row, status, allowed_events: [], version: 2 } : row))
      return answer
    },
  })
}

/** What `POST /timeoff_request/events` answers once it is done: the requests as they now are. */
const decided = ({ type, ids }: { type: string; ids: string[] }) => ({
  body: { data: { requests: [omar, lina].filter((row) => ids.includes(row.id)).map((row) => ({ ...row, status: type === 'timeoff.reject' ? 'rejected' : 'approved', allowed_events: [] })) } },
})

const omarsBox = "Select Omar Haddad's request: Vacation, Mon, Mar 8, 2027 – Wed, Mar 10, 2027"
const linasBox = "Select Lina Roy's request: Vacation, Fri, Mar 12, 2027"

describe('deciding many requests at once', () => {
  it('approves the requests picked after asking with their count, taking the shifts they touch off their people, then says how many', async () => {
    const server = team(decided)
    renderApp('/timeoff', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('checkbox', { name: omarsBox }))
    await user.click(screen.getByRole('checkbox', { name: linasBox }))
    expect(screen.getByText('2 selected · 4 days')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Approve 2 requests (4 days in all)?' })
    expect(ask).toHaveTextContent('All of them or none')
    expect(ask).toHaveTextContent('Lina Roy · Fri, Mar 12, 2027 · 2 to cover')
    expect(within(ask).getByRole('checkbox', { name: 'Take these shifts off the people who will be away' })).toBeChecked()
    const reads = server.called('GET /timeoff_request').length
    await user.click(within(ask).getByRole('button', { name: 'Approve' }))
    const done = await screen.findByRole('status')
    expect(done).toHaveTextContent('2 requests approved.')
    // The bar is gone: a keyboard user is taken to what was done, not to the top of the page.
    await waitFor(() => expect(document.activeElement).toContainElement(done))
    expect(server.called('POST /timeoff_request/events')).toHaveLength(1)
    expect(server.called('POST /timeoff_request/events')[0]?.body).toEqual({ type: 'timeoff.approve', ids: [omar.id, lina.id], unassign_shifts: true })
    // The list is read again: the requests are approved and nothing is picked.
    await waitFor(() => expect(server.called('GET /timeoff_request').length).toBeGreaterThan(reads))
    await waitFor(() => expect(screen.queryByText(/\d selected ·/)).toBeNull())
    expect(screen.queryByRole('checkbox', { name: omarsBox })).toBeNull()
  })

  it('leaves the shifts assigned, and says so, when the one approving does not run the schedule', async () => {
    const server = team(decided)
    renderApp('/timeoff', { user: decider, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('checkbox', { name: linasBox }))
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Approve 1 request (1 day)?' })
    expect(ask).toHaveTextContent('The shifts stay assigned and show as conflicts on the schedule.')
    expect(within(ask).queryByRole('checkbox')).toBeNull()
    await user.click(within(ask).getByRole('button', { name: 'Approve' }))
    expect(await screen.findByRole('status')).toHaveTextContent('1 request approved.')
    expect(server.called('POST /timeoff_request/events')[0]?.body).toEqual({ type: 'timeoff.approve', ids: [lina.id], unassign_shifts: false })
  })

  it("picks with the page's checkbox only the requests that can be decided", async () => {
    renderApp('/timeoff', { user: adminProfile, server: team(decided) })
    const user = userEvent.setup()
    const all = await screen.findByRole('checkbox', { name: 'Select every request on this page that can be decided' })
    await screen.findByRole('checkbox', { name: linasBox })
    // An approved request has nothing left to decide here: no checkbox.
    expect(screen.getAllByRole('checkbox')).toHaveLength(3)
    expect(screen.queryByRole('checkbox', { name: /Ana Diaz/ })).toBeNull()
    await user.click(all)
    expect(screen.getByRole('checkbox', { name: omarsBox })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: linasBox })).toBeChecked()
    expect(screen.getByText('2 selected · 4 days')).toBeVisible()
    await user.click(screen.getByRole('checkbox', { name: linasBox }))
    expect(all).toBePartiallyChecked()
    expect(screen.getByText('1 selected · 3 days')).toBeVisible()
  })

  it('asks why before rejecting, and sends the reason with every request', async () => {
    const server = team(decided)
    renderApp('/timeoff', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('checkbox', { name: omarsBox }))
    await user.click(screen.getByRole('button', { name: 'Reject' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Reject 1 request (3 days)?' })
    await user.click(within(ask).getByRole('button', { name: 'Reject' }))
    expect(server.called('POST /timeoff_request/events')).toHaveLength(0)
    await user.type(within(ask).getByLabelText(/Why is it declined/), 'Short-staffed that week')
    await user.click(within(ask).getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(server.called('POST /timeoff_request/events')).toHaveLength(1))
    expect(server.called('POST /timeoff_request/events')[0]?.body).toEqual({ type: 'timeoff.reject', ids: [omar.id], reason: 'Short-staffed that week' })
    expect(await screen.findByRole('status')).toHaveTextContent('1 request rejected.')
  })

  it('says why a refused call changed nothing, marks the request that stopped it and keeps the picks', async () => {
    const server = team(() => ({
      status: 422,
      body: { message: 'This is more than is left of this kind of time off.', code: 'timeoff_over_balance', details: { id: lina.id, available_minutes: 240, requested_minutes: 480 } },
    }))
    renderApp('/timeoff', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('checkbox', { name: 'Select every request on this page that can be decided' }))
    await user.click(screen.getByRole('button', { name: 'Approve' }))
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Approve 2 requests (4 days in all)?' })).getByRole('button', { name: 'Approve' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This is more than is left of this kind of time off.')
    expect(screen.getByRole('row', { name: /Lina Roy/ })).toHaveTextContent('Not possible: see the message above')
    expect(screen.getByRole('row', { name: /Omar Haddad/ })).not.toHaveTextContent('Not possible')
    expect(screen.getByRole('checkbox', { name: omarsBox })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: linasBox })).toBeChecked()
    expect(screen.getByText('2 selected · 4 days')).toBeVisible()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('offers no checkboxes to someone who only asks for time off', async () => {
    const server = fakeServer({
      'GET /timeoff_category': () => ({ body: { data: { count: 1, rows: [vacation] } } }),
      'GET /timeoff_request': () => ({ body: { data: { count: 1, rows: [request({ allowed_events: ['timeoff.cancel'] })] } } }),
    })
    renderApp('/timeoff', { user: asker, server })
    expect(await screen.findByRole('button', { name: /Omar Haddad/ })).toBeVisible()
    expect(screen.queryByRole('checkbox')).toBeNull()
  })
})
