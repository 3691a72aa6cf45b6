import type { Profile, TimeoffBalance, TimeoffCategory, TimeoffRequest } from '@rota/core'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer, staffProfile } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

const entry = (model: Profile['permissions'][number]['model_name'], rights: Partial<Record<'read' | 'create' | 'update' | 'delete', boolean>>) => ({
  model_name: model,
  name: model,
  read: false,
  create: false,
  update: false,
  delete: false,
  ...rights,
})

/** A staff member as registration makes them: their schedule, and asking for time off. */
const asker: Profile = {
  ...staffProfile,
  permissions: [entry('schedules', { read: true }), entry('timeoff-requests', { read: true, create: true }), entry('timeoff-categories', { read: true })],
}

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

const balance = (overrides: Partial<TimeoffBalance> = {}): TimeoffBalance => ({
  category: { id: vacation.id, name: vacation.name, colour: vacation.colour, unit: 'days', day_minutes: 480, paid: true },
  year: 2027,
  tracked: true,
  allow_negative: false,
  carried_over_minutes: 0,
  earned_minutes: 4800,
  used_minutes: 1440,
  pending_minutes: 0,
  balance_minutes: 3360,
  available_minutes: 3360,
  ...overrides,
})

function request(overrides: Partial<TimeoffRequest> = {}): TimeoffRequest {
  return {
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
    note: 'Family visit',
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
  }
}

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

function server(handlers: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'GET /timeoff_category': () => ({ body: { data: { count: 1, rows: [vacation] } } }),
    'GET /timeoff_request': () => ({ body: { data: { count: 0, rows: [] } } }),
    'GET /timeoff_balance': () => ({ body: { data: [balance()] } }),
    ...handlers,
  })
}

describe('the list of requests', () => {
  it('names each request\'s button by what it asks and when, not only by its person', async () => {
    // (jsdom reads the hidden detail as its own block, so its name has a space before the comma.)
    const first = request()
    const second = request({ id: uuid(11), category: { ...request().category, name: 'Sick leave' }, start_date: '2027-04-02', end_date: '2027-04-02' })
    renderApp('/timeoff', { user: adminProfile, server: server({ 'GET /timeoff_request': () => ({ body: { data: { count: 2, rows: [first, second] } } }) }) })
    expect(await screen.findByRole('button', { name: /^Omar Haddad ?, Vacation, Mon,\sMar\s8,\s2027/ })).toBeVisible()
    expect(screen.getByRole('button', { name: /^Omar Haddad ?, Sick leave, Fri,\sApr\s2,\s2027/ })).toBeVisible()
  })
})

describe('the categories Rota made', () => {
  it('are read in the reader\'s language, and one the business named itself as written', async () => {
    const { default: i18next } = await import('i18next')
    await i18next.changeLanguage('es')
    const own = request({ id: uuid(11), category: { ...request().category, name: 'Cierre de verano' } })
    renderApp('/timeoff', { user: adminProfile, server: server({ 'GET /timeoff_request': () => ({ body: { data: { count: 2, rows: [request(), own] } } }) }) })
    const table = await screen.findByRole('table', { name: /.+/ })
    expect(await within(table).findByText('Vacaciones')).toBeVisible()
    expect(within(table).getByText('Cierre de verano')).toBeVisible()
    expect(within(table).queryByText('Vacation')).toBeNull()
  })
})

describe('asking for time off', () => {
  it('says what the request takes and what will be left as it is filled in, then sends it', async () => {
    const api = server({ 'POST /timeoff_request': ({ body }) => ({ status: 201, body: { data: request(body as object) } }) })
    renderApp('/timeoff?id=new', { user: asker, server: api })
    const user = userEvent.setup()
    const dialog = await screen.findByRole('dialog', { name: 'Ask for time off' })
    expect(within(dialog).queryByLabelText('For')).toBeNull()
    await waitFor(() => expect(within(dialog).getByLabelText(/Kind of time off/)).toHaveValue(vacation.id))
    fireEvent.change(within(dialog).getByLabelText(/First day/), { target: { value: '2027-03-08' } })
    fireEvent.change(within(dialog).getByLabelText(/Last day/), { target: { value: '2027-03-10' } })
    expect(await within(dialog).findByText('This request takes 3 days.')).toBeVisible()
    expect(await within(dialog).findByText('You will have 4 days left.')).toBeVisible()
    expect(api.called('GET /timeoff_balance').at(-1)?.query.get('date')).toBe('2027-03-08')

    fireEvent.change(within(dialog).getByLabelText(/Last day/), { target: { value: '2027-03-19' } })
    expect(await within(dialog).findByText(/That is more than is left \(7 days\)/)).toBeVisible()
    fireEvent.change(within(dialog).getByLabelText(/Last day/), { target: { value: '2027-03-09' } })
    await user.type(within(dialog).getByLabelText('Note'), 'Family visit')
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }))

    await waitFor(() => expect(api.called('POST /timeoff_request')).toHaveLength(1))
    expect(api.called('POST /timeoff_request')[0]?.body).toEqual({ category_id: vacation.id, period: 'days', start_date: '2027-03-08', end_date: '2027-03-09', note: 'Family visit' })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ask for time off' })).toBeNull())
  })

  it('leaves the kind of time off to the person when there is more than one', async () => {
    const sick: TimeoffCategory = { ...vacation, id: uuid(2), name: 'Sick day', accrual: 'none', yearly_allowance_minutes: null, carry_over_max_minutes: null }
    const api = server({
      'GET /timeoff_category': () => ({ body: { data: { count: 2, rows: [vacation, sick] } } }),
      'POST /timeoff_request': ({ body }) => ({ status: 201, body: { data: request(body as object) } }),
    })
    renderApp('/timeoff?id=new', { user: asker, server: api })
    const user = userEvent.setup()
    const dialog = await screen.findByRole('dialog', { name: 'Ask for time off' })
    const kind = await within(dialog).findByLabelText(/Kind of time off/)
    await within(dialog).findByRole('option', { name: 'Sick day' })
    expect(kind).toHaveValue('')
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }))
    expect(await within(dialog).findByText('This field is required.')).toBeVisible()
    expect(api.called('POST /timeoff_request')).toHaveLength(0)

    await user.selectOptions(kind, 'Sick day')
    expect(within(dialog).queryByRole('option', { name: 'Choose the kind of time off…' })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }))
    await waitFor(() => expect(api.called('POST /timeoff_request')).toHaveLength(1))
    expect(api.called('POST /timeoff_request')[0]?.body).toMatchObject({ category_id: sick.id })
  })

  it('clears a date error once the dates are put right', async () => {
    const api = server({ 'POST /timeoff_request': ({ body }) => ({ status: 201, body: { data: request(body as object) } }) })
    renderApp('/timeoff?id=new', { user: asker, server: api })
    const user = userEvent.setup()
    const dialog = await screen.findByRole('dialog', { name: 'Ask for time off' })
    await waitFor(() => expect(within(dialog).getByLabelText(/Kind of time off/)).toHaveValue(vacation.id))
    fireEvent.change(within(dialog).getByLabelText(/First day/), { target: { value: '2027-03-10' } })
    fireEvent.change(within(dialog).getByLabelText(/Last day/), { target: { value: '2027-03-08' } })
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }))
    expect(await within(dialog).findByText('End after the start.')).toBeVisible()
    fireEvent.change(within(dialog).getByLabelText(/Last day/), { target: { value: '2027-03-12' } })
    await waitFor(() => expect(within(dialog).queryByText('End after the start.')).toBeNull())
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }))
    await waitFor(() => expect(api.called('POST /timeoff_request')).toHaveLength(1))
    expect(api.called('POST /timeoff_request')[0]?.body).toMatchObject({ start_date: '2027-03-10', end_date: '2027-03-12' })
  })

  it('takes some hours of one day', async () => {
    const api = server({ 'POST /timeoff_request': ({ body }) => ({ status: 201, body: { data: request(body as object) } }) })
    renderApp('/timeoff?id=new', { user: asker, server: api })
    const user = userEvent.setup()
    const dialog = await screen.findByRole('dialog', { name: 'Ask for time off' })
    await user.click(within(dialog).getByRole('radio', { name: 'Some hours' }))
    fireEvent.change(within(dialog).getByLabelText(/^Day/), { target: { value: '2027-06-01' } })
    fireEvent.change(within(dialog).getByLabelText(/^From/), { target: { value: '14:00' } })
    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: '16:00' } })
    expect(await within(dialog).findByText('This request takes 0.25 days.')).toBeVisible()
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }))
    await waitFor(() => expect(api.called('POST /timeoff_request')).toHaveLength(1))
    expect(api.called('POST /timeoff_request')[0]?.body).toMatchObject({ period: 'hours', start_date: '2027-06-01', start_time: '14:00', end_time: '16:00' })
  })

  it('shows the server’s refusal above the form', async () => {
    const api = server({ 'POST /timeoff_request': () => ({ status: 422, body: { message: 'This time off overlaps another request of the same person.', code: 'timeoff_overlap', details: {} } }) })
    renderApp('/timeoff?id=new', { user: asker, server: api })
    const user = userEvent.setup()
    const dialog = await screen.findByRole('dialog', { name: 'Ask for time off' })
    await waitFor(() => expect(within(dialog).getByLabelText(/Kind of time off/)).toHaveValue(vacation.id))
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This time off overlaps another request of the same person.')
  })
})

describe('a request’s history', () => {
  it('gives its amount as its details do, in the category’s days', async () => {
    const twoDays = request({ start_date: '2027-03-08', end_date: '2027-03-09', minutes: 960 })
    const api = server({
      'GET /timeoff_request/{id}': () => ({ body: { data: twoDays } }),
      'GET /timeoff_request/{id}/history': () => ({
        body: { data: { count: 1, rows: [{ id: 1, action: 'timeoff.create', actor: { id: staffProfile.id, name: 'Omar Haddad' }, created_at: '2027-02-01T15:00:00Z', changes: [{ field: 'minutes', before: null, after: 960 }] }] } },
      }),
    })
    renderApp(`/timeoff?id=${twoDays.id}`, { user: adminProfile, server: api })
    const user = userEvent.setup()
    const panel = await screen.findByRole('dialog', { name: 'Vacation: Omar Haddad' })
    expect(within(panel).getByText('2 days')).toBeVisible()
    await user.click(within(panel).getByRole('tab', { name: 'History' }))
    const list = await within(panel).findByRole('list', { name: 'Changes, newest first' })
    expect(within(list).getByText('2 days')).toBeVisible()
    expect(list).not.toHaveTextContent('16 h')
  })
})

describe('deciding on a request', () => {
  it('shows the shifts it touches, and approves taking them off the person when asked', async () => {
    const touching = request({ shifts: [shift(1, '2027-03-08', 'published'), shift(2, '2027-03-09', 'draft')] })
    const api = server({
      'GET /timeoff_request/{id}': () => ({ body: { data: touching } }),
      'POST /timeoff_request/{id}/events': () => ({ body: { data: { ...touching, status: 'approved', allowed_events: ['timeoff.cancel'], version: 2 } } }),
    })
    renderApp(`/timeoff?id=${touching.id}`, { user: adminProfile, server: api })
    const user = userEvent.setup()
    const panel = await screen.findByRole('dialog', { name: 'Vacation: Omar Haddad' })
    const impact = within(panel).getByRole('region', { name: 'Shifts in this time' })
    expect(within(impact).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Night watch · Harbour Tower'),
      expect.stringContaining('Draft'),
    ])
    expect(within(impact).getAllByRole('listitem')[0]).toHaveTextContent('Published')

    await user.click(within(panel).getByRole('button', { name: 'Approve' }))
    const question = await screen.findByRole('alertdialog', { name: 'Approve this time off?' })
    expect(within(question).getAllByRole('listitem')).toHaveLength(2)
    const unassign = within(question).getByRole('checkbox', { name: 'Take these shifts off Omar Haddad' })
    expect(unassign).toBeChecked()
    await user.click(unassign)
    expect(within(question).getByText('The shifts stay assigned and show as conflicts on the schedule.')).toBeVisible()
    await user.click(unassign)
    await user.click(within(question).getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(api.called('POST /timeoff_request/{id}/events')).toHaveLength(1))
    expect(api.called('POST /timeoff_request/{id}/events')[0]?.body).toEqual({ type: 'timeoff.approve', version: 1, unassign_shifts: true })
  })

  it('asks why before declining', async () => {
    const pending = request()
    const api = server({
      'GET /timeoff_request/{id}': () => ({ body: { data: pending } }),
      'POST /timeoff_request/{id}/events': () => ({ body: { data: { ...pending, status: 'rejected', allowed_events: [], version: 2 } } }),
    })
    renderApp(`/timeoff?id=${pending.id}`, { user: adminProfile, server: api })
    const user = userEvent.setup()
    const panel = await screen.findByRole('dialog', { name: 'Vacation: Omar Haddad' })
    await user.click(within(panel).getByRole('button', { name: 'Reject' }))
    const question = await screen.findByRole('alertdialog', { name: 'Confirm: Reject' })
    await user.click(within(question).getByRole('button', { name: 'Reject' }))
    expect(within(question).getByLabelText(/Why is it declined/)).toHaveAccessibleDescription(/Enter a reason/)
    await user.type(within(question).getByLabelText(/Why is it declined/), 'Inventory week')
    await user.click(within(question).getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(api.called('POST /timeoff_request/{id}/events')).toHaveLength(1))
    expect(api.called('POST /timeoff_request/{id}/events')[0]?.body).toEqual({ type: 'timeoff.reject', version: 1, reason: 'Inventory week' })
  })

  it('withdraws a pending request with a button that says so, beside the one that keeps it', async () => {
    const pending = request({ allowed_events: ['timeoff.cancel'] })
    const api = server({
      'GET /timeoff_request/{id}': () => ({ body: { data: pending } }),
      'POST /timeoff_request/{id}/events': () => ({ body: { data: { ...pending, status: 'cancelled', allowed_events: [], version: 2 } } }),
    })
    renderApp(`/timeoff?id=${pending.id}`, { user: asker, server: api })
    const user = userEvent.setup()
    const panel = await screen.findByRole('dialog', { name: 'Vacation: Omar Haddad' })
    await user.click(within(panel).getByRole('button', { name: 'Cancel time off' }))
    const question = await screen.findByRole('alertdialog', { name: 'Withdraw this request?' })
    expect(within(question).getAllByRole('button').map((button) => button.textContent)).toEqual(['Close', 'Cancel', 'Withdraw the request'])
    await user.click(within(question).getByRole('button', { name: 'Withdraw the request' }))
    await waitFor(() => expect(api.called('POST /timeoff_request/{id}/events')[0]?.body).toEqual({ type: 'timeoff.cancel', version: 1 }))
  })

  it('lets the person ask to cancel approved time off, saying a manager must agree', async () => {
    const approved = request({ status: 'approved', allowed_events: ['timeoff.cancel'], version: 2 })
    const api = server({
      'GET /timeoff_request/{id}': () => ({ body: { data: approved } }),
      'POST /timeoff_request/{id}/events': () => ({ body: { data: { ...approved, status: 'cancellation_requested', allowed_events: [], version: 3 } } }),
    })
    renderApp(`/timeoff?id=${approved.id}`, { user: asker, server: api })
    const user = userEvent.setup()
    const panel = await screen.findByRole('dialog', { name: 'Vacation: Omar Haddad' })
    expect(within(panel).getAllByRole('button').map((button) => button.textContent)).not.toContain('Approve')
    await user.click(within(panel).getByRole('button', { name: 'Cancel time off' }))
    const question = await screen.findByRole('alertdialog', { name: 'Ask to cancel this time off?' })
    expect(question).toHaveTextContent('a manager must agree')
    await user.click(within(question).getByRole('button', { name: 'Ask to cancel' }))
    await waitFor(() => expect(api.called('POST /timeoff_request/{id}/events')[0]?.body).toEqual({ type: 'timeoff.cancel', version: 2 }))
  })

  it('says the shifts taken off for it go back to the person before agreeing to cancel it', async () => {
    const asked = request({ status: 'cancellation_requested', opened_shifts: 2, allowed_events: ['timeoff.cancellation.approve', 'timeoff.cancellation.refuse'], version: 3 })
    const api = server({
      'GET /timeoff_request/{id}': () => ({ body: { data: asked } }),
      'POST /timeoff_request/{id}/events': () => ({ body: { data: { ...asked, status: 'cancelled', opened_shifts: 0, allowed_events: [], version: 4 } } }),
    })
    renderApp(`/timeoff?id=${asked.id}`, { user: adminProfile, server: api })
    const user = userEvent.setup()
    const panel = await screen.findByRole('dialog', { name: 'Vacation: Omar Haddad' })
    await user.click(within(panel).getByRole('button', { name: 'Approve cancellation' }))
    const question = await screen.findByRole('alertdialog', { name: 'Cancel this time off?' })
    expect(question).toHaveTextContent('go back to them (2)')
    await user.click(within(question).getByRole('button', { name: 'Cancel the time off' }))
    await waitFor(() => expect(api.called('POST /timeoff_request/{id}/events')[0]?.body).toEqual({ type: 'timeoff.cancellation.approve', version: 3 }))
  })
})
