import type { Profile, TimeoffCalendarEntry, TimeoffCategory } from '@rota/core'
import { screen, waitFor, within } from '@testing-library/react'
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
const asker: Profile = {
  ...staffProfile,
  permissions: [entry('timeoff-requests', { read: true, create: true }), entry('timeoff-categories', { read: true })],
}

const category = (overrides: Partial<TimeoffCategory> = {}): TimeoffCategory => ({
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
  ...overrides,
})

const away = (n: number, overrides: Partial<TimeoffCalendarEntry>): TimeoffCalendarEntry => ({
  id: uuid(50 + n),
  staff: { id: uuid(60 + n), name: `Person ${n}` },
  category: null,
  status: 'approved',
  period: 'days',
  start_date: '2027-03-08',
  end_date: '2027-03-08',
  half: null,
  start_time: null,
  end_time: null,
  starts_at: '2027-03-08T05:00:00.000Z',
  ends_at: '2027-03-09T04:00:00.000Z',
  ...overrides,
})

describe('the requests list', () => {
  it('offers someone who decides whose requests to see, and staff only theirs', async () => {
    const api = fakeServer({
      'GET /timeoff_category': () => ({ body: { data: { count: 1, rows: [category()] } } }),
      'GET /timeoff_request': () => ({ body: { data: { count: 0, rows: [] } } }),
    })
    const { unmount } = renderApp('/timeoff?scope=team&status=pending', { user: adminProfile, server: api })
    expect(await screen.findByRole('combobox', { name: 'Whose requests' })).toHaveValue('team')
    await waitFor(() => expect(api.called('GET /timeoff_request').at(-1)?.query.get('filter[scope]')).toBe('team'))
    expect(api.called('GET /timeoff_request').at(-1)?.query.get('filter[status]')).toBe('pending')
    expect(screen.getByRole('button', { name: 'Ask for time off' })).toBeVisible()
    expect(screen.getByText('Ask for time off, follow your requests, decide your team\'s, and see who is away.')).toBeVisible()
    unmount()

    renderApp('/timeoff', { user: asker, server: api })
    expect(await screen.findByRole('combobox', { name: 'Filter by status' })).toBeVisible()
    expect(screen.queryByRole('combobox', { name: 'Whose requests' })).toBeNull()
    // Staff decide nothing: the page does not say they do.
    expect(screen.getByText('Ask for time off, follow your requests, and see who is away.')).toBeVisible()
  })
})

describe('the team calendar', () => {
  it('shows who is away each day of the month, naming why only where the reader may know, and opens one’s own', async () => {
    const mine = away(1, { staff: { id: asker.id, name: 'Omar Haddad' }, category: { id: uuid(1), name: 'Vacation', colour: '#0d9488' }, status: 'pending', start_date: '2027-03-10', end_date: '2027-03-11' })
    const theirs = away(2, { staff: { id: uuid(62), name: 'Ana Diaz' } })
    const api = fakeServer({
      'GET /timeoff_category': () => ({ body: { data: { count: 1, rows: [category()] } } }),
      'GET /timeoff_calendar': () => ({ body: { data: [theirs, mine] } }),
      'GET /timeoff_request/{id}': () => ({ status: 404, body: { message: 'Not found.', code: 'not_found' } }),
    })
    const { current } = renderApp('/timeoff?view=calendar&month=2027-03', { user: asker, server: api })
    const user = userEvent.setup()
    const table = await screen.findByRole('table', { name: 'Who is away in March 2027' })
    // The business's weeks start on Sunday: the six weeks from Feb 28 to Apr 10.
    expect(api.called('GET /timeoff_calendar')[0]?.query.toString()).toBe('from=2027-02-28&to=2027-04-10')
    const cellOf = (day: string) => within(table).getByText(day).closest('td')!
    expect(cellOf('Mon, Mar 8, 2027')).toHaveTextContent('Ana DiazAway')
    expect(within(cellOf('Mon, Mar 8, 2027')).queryByRole('button')).toBeNull()
    expect(cellOf('Wed, Mar 10, 2027')).toHaveTextContent('Omar HaddadVacation · waiting for a decision')
    expect(cellOf('Thu, Mar 11, 2027')).toHaveTextContent('Omar Haddad')
    expect(screen.getByRole('list', { name: 'Kinds of time off' })).toHaveTextContent('AwayVacation')

    await user.click(within(cellOf('Wed, Mar 10, 2027')).getByRole('button', { name: /Omar Haddad/ }))
    expect(current()).toContain(`id=${mine.id}`)
    await user.click(screen.getByRole('button', { name: 'Next month' }))
    await waitFor(() => expect(current()).toContain('month=2027-04'))
  })
})

describe('time-off categories', () => {
  it('adds a category with its allowance typed in days, kept in minutes', async () => {
    const api = fakeServer({
      'GET /timeoff_category': () => ({ body: { data: { count: 1, rows: [category()] } } }),
      'POST /timeoff_category': ({ body }) => ({ status: 201, body: { data: category({ ...(body as object), id: uuid(2) }) } }),
    })
    renderApp('/timeoff/timeoff-categories', { user: adminProfile, server: api })
    const user = userEvent.setup()
    const row = (await screen.findByRole('button', { name: 'Vacation' })).closest('tr')!
    expect(row).toHaveTextContent('10 days a year, up to 5 days carried over')
    await user.click(screen.getByRole('button', { name: 'Add a category' }))
    const dialog = await screen.findByRole('dialog', { name: 'New category' })
    await user.type(within(dialog).getByLabelText(/^Name/), 'Study leave')
    const dayHours = within(dialog).getByLabelText(/Hours in a day off/)
    await user.clear(dayHours)
    await user.type(dayHours, '-2')
    await user.click(within(dialog).getByRole('button', { name: 'Add a category' }))
    // Said what is wrong, not the hint again.
    expect(dayHours).toHaveAccessibleDescription(expect.stringContaining('Use 1 to 24 hours, such as 7.5.'))
    expect(api.called('POST /timeoff_category')).toHaveLength(0)
    await user.clear(dayHours)
    await user.type(dayHours, '7,5')
    await user.selectOptions(within(dialog).getByLabelText('Balance'), 'yearly')
    await user.type(within(dialog).getByLabelText(/Each year, in days/), '2')
    await user.type(within(dialog).getByLabelText(/Carried into the next year/), '0')
    await user.click(within(dialog).getByRole('button', { name: 'Add a category' }))
    await waitFor(() => expect(api.called('POST /timeoff_category')).toHaveLength(1))
    expect(api.called('POST /timeoff_category')[0]?.body).toEqual({
      name: 'Study leave',
      colour: '#0d9488',
      paid: true,
      unit: 'days',
      day_minutes: 450,
      accrual: 'yearly',
      yearly_allowance_minutes: 900,
      accrual_rate: null,
      carry_over_max_minutes: 0,
      allow_negative: false,
      active: true,
    })
  })

  it('says to archive a category someone has asked for when deleting it is refused', async () => {
    const used = category()
    const api = fakeServer({
      'GET /timeoff_category': () => ({ body: { data: { count: 1, rows: [used] } } }),
      'GET /timeoff_category/{id}': () => ({ body: { data: used } }),
      'DELETE /timeoff_category/{id}': () => ({ status: 409, body: { message: 'People have asked for this kind of time off: archive it instead of deleting it.', code: 'category_in_use' } }),
    })
    renderApp(`/timeoff/timeoff-categories?id=${used.id}`, { user: adminProfile, server: api })
    const user = userEvent.setup()
    const panel = await screen.findByRole('dialog', { name: 'Vacation' })
    await user.click(within(panel).getByRole('button', { name: 'Delete' }))
    const question = await screen.findByRole('alertdialog', { name: 'Delete the category Vacation?' })
    await user.click(within(question).getByRole('button', { name: 'Delete' }))
    expect(await within(panel).findByText('People have asked for this kind of time off: archive it instead of deleting it.')).toBeVisible()
  })
})
