import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { adminProfile } from '../../../testing/fake-server.ts'
import { member, service, shift } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'
import { scheduleServer } from '../../../testing/schedule-server.ts'

const ana = member()
const ben = member({ id: '00000000-0000-4000-8000-000000000701', firstname: 'Ben', lastname: 'Roy', email: 'ben@maple.test' })
const drafted = shift()
const open = shift({ id: '00000000-0000-4000-8000-000000000801', staff: null, date: '2025-03-12', starts_at: '2025-03-12T22:00:00.000Z', ends_at: '2025-03-13T02:00:00.000Z', start_time: '18:00', end_time: '22:00', paid_minutes: 240, cost_cents: 11_200, value_cents: 26_000, break_minutes: 0 })
const week = '/schedules?date=2025-03-10'

// The test's document has no layout: the board is given a screen's size, so that its rows are drawn as they would be in view.
beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200)
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(92)
})
afterAll(() => vi.restoreAllMocks())

function board(overrides: Parameters<typeof scheduleServer>[0] = {}) {
  return scheduleServer({ shifts: [{ ...drafted }, { ...open }], team: [ana, ben], ...overrides })
}

describe('the schedule board', () => {
  it('draws the open shifts and each person as rows of the business’s week, with their totals', async () => {
    const { server } = board()
    renderApp(week, { user: adminProfile, server })
    const table = await screen.findByRole('table', { name: /^Schedule for the week of Mar 9\s?–\s?15, 2025$/ })
    await within(table).findByRole('rowheader', { name: /Ben Roy/ })
    const rows = within(table).getAllByRole('row')
    expect(rows.map((row) => within(row).queryByRole('rowheader')?.textContent ?? within(row).queryAllByRole('columnheader')[0]?.textContent)).toEqual([
      'Team member',
      'Open shifts',
      'Ana DiazStaff',
      'Ben RoyStaff',
      'Day total',
    ])
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Team member', 'SunMar 9', 'MonMar 10', 'TueMar 11', 'WedMar 12', 'ThuMar 13', 'FriMar 14', 'SatMar 15', 'Total'])
    const anaRow = rows[2]!
    expect(within(anaRow).getByRole('button', { name: /^09:00–17:00\s+Monday, March 10, Ana Diaz,\s+Harbourfront Centre\s+Snow removal\s+Draft$/ })).toBeVisible()
    expect(within(anaRow).getAllByRole('cell').at(-1)).toHaveTextContent('7 h 30 minCost $183.75')
    expect(within(rows[4]!).getAllByRole('cell').at(-1)).toHaveTextContent('11 h 30 minCost $295.75')
    expect(screen.getByText('This week: 11 h 30 min · cost $295.75 · value $747.50')).toBeVisible()
    expect(server.called('GET /schedule')[0]?.query.get('from')).toBe('2025-03-09')
    expect(server.called('GET /schedule')[0]?.query.get('page_size')).toBe('5000')
  })

  it('marks the statutory holidays of the business’s jurisdiction on their day (Ontario’s Family Day)', async () => {
    const { server } = board()
    renderApp('/schedules?date=2025-02-17', { user: adminProfile, server })
    const table = await screen.findByRole('table', { name: /^Schedule for the week of Feb 16\s?–\s?22, 2025$/ })
    const headers = within(table).getAllByRole('columnheader').map((header) => header.textContent)
    expect(headers.slice(1, 4)).toEqual(['SunFeb 16', 'MonFeb 17Statutory holiday: Family Day', 'TueFeb 18'])
  })

  it('says the day is a statutory holiday on the day view too', async () => {
    const { server } = board()
    renderApp('/schedules?date=2025-02-17&view=day', { user: adminProfile, server })
    expect(await screen.findByText('Statutory holiday: Family Day.')).toBeVisible()
  })

  it('moves between cells with the arrow keys, as a spreadsheet does', async () => {
    const { server } = board()
    renderApp(week, { user: adminProfile, server })
    const table = await screen.findByRole('table', { name: /^Schedule for the week of Mar 9/ })
    const card = await within(table).findByRole('button', { name: /^09:00–17:00\s+Monday, March 10, Ana Diaz/ })
    card.focus()
    const user = userEvent.setup()
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(within(table).getByRole('button', { name: 'Add a shift: Ben Roy, Monday, March 10' }))
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(within(table).getByRole('button', { name: 'Add a shift: Ben Roy, Tuesday, March 11' }))
    await user.keyboard('{ArrowUp}{ArrowLeft}')
    expect(document.activeElement).toBe(card)
    // Past the first day there is nowhere to go: focus stays.
    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(document.activeElement).toBe(within(table).getByRole('button', { name: 'Add a shift: Ana Diaz, Sunday, March 9' }))
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(within(table).getByRole('button', { name: 'Add a shift: Ana Diaz, Sunday, March 9' }))
  })

  it('bands a person’s day off on their row, in its category’s colour and name', async () => {
    const away = { id: '00000000-0000-4000-8000-000000000901', staff: { id: ben.id, name: 'Ben Roy' }, category: { id: '00000000-0000-4000-8000-000000000902', name: 'Vacation', colour: '#0d9488' }, status: 'approved', period: 'days', start_date: '2025-03-11', end_date: '2025-03-11', half: null, start_time: null, end_time: null, starts_at: '2025-03-11T04:00:00.000Z', ends_at: '2025-03-12T04:00:00.000Z' }
    const { server } = board({ handlers: { 'GET /timeoff_calendar': () => ({ body: { data: [away] } }) } })
    renderApp(week, { user: adminProfile, server })
    const table = await screen.findByRole('table', { name: /Schedule for the week of/ })
    const benRow = (await within(table).findByRole('rowheader', { name: /Ben Roy/ })).closest('[role="row"]') as HTMLElement
    const cells = within(benRow).getAllByRole('cell')
    // Sunday is the first day column: Tuesday the 11th is the third.
    expect(await within(cells[2]!).findByText('Away · Vacation')).toBeVisible()
    expect(cells[1]).not.toHaveTextContent('Away')
    expect(server.called('GET /timeoff_calendar')[0]?.query.get('from')).toBe('2025-03-09')
  })

  it('marks a request not yet decided apart from approved leave, and says a half day runs to 24:00, in full', async () => {
    const sick = { id: '00000000-0000-4000-8000-000000000903', name: 'Sick leave', colour: '#dc2626' }
    const base = { category: sick, half: null, start_time: null, end_time: null, starts_at: '2025-03-11T04:00:00.000Z', ends_at: '2025-03-12T04:00:00.000Z' }
    const asked = { ...base, id: '00000000-0000-4000-8000-000000000904', staff: { id: ana.id, name: 'Ana Diaz' }, category: { ...sick, name: 'Vacation' }, status: 'pending', period: 'days', start_date: '2025-03-11', end_date: '2025-03-11' }
    const afternoon = { ...base, id: '00000000-0000-4000-8000-000000000905', staff: { id: ben.id, name: 'Ben Roy' }, status: 'approved', period: 'half_day', half: 'afternoon', start_date: '2025-03-13', end_date: '2025-03-13' }
    const { server } = board({ handlers: { 'GET /timeoff_calendar': () => ({ body: { data: [asked, afternoon] } }) } })
    renderApp(week, { user: adminProfile, server })
    const table = await screen.findByRole('table', { name: /Schedule for the week of/ })
    const rowOf = async (name: RegExp) => ((await within(table).findByRole('rowheader', { name })).closest('[role="row"]') as HTMLElement)
    const anaTuesday = within(await rowOf(/Ana Diaz/)).getAllByRole('cell')[2]!
    const chip = await within(anaTuesday).findByTitle('Time off asked for, not approved yet: Vacation')
    expect(within(chip).getByText('Asked: Vacation')).toBeVisible()
    expect(chip).toHaveTextContent('Time off asked for, not approved yet: Vacation')
    expect(anaTuesday).not.toHaveTextContent('Away')
    const benThursday = within(await rowOf(/Ben Roy/)).getAllByRole('cell')[4]!
    expect(within(benThursday).getByTitle('Away 12:00–24:00 · Sick leave')).toHaveTextContent('Away 12:00–24:00 · Sick leave')
  })

  it('says the same in French, Rota’s category named in French: a request is "Demande", never "Absent"', async () => {
    const { default: i18next } = await import('i18next')
    await i18next.changeLanguage('fr')
    const asked = { id: '00000000-0000-4000-8000-000000000904', staff: { id: ana.id, name: 'Ana Diaz' }, category: { id: '00000000-0000-4000-8000-000000000902', name: 'Vacation', colour: '#0d9488' }, status: 'pending', period: 'half_day', start_date: '2025-03-11', end_date: '2025-03-11', half: 'afternoon', start_time: null, end_time: null, starts_at: '2025-03-11T16:00:00.000Z', ends_at: '2025-03-12T04:00:00.000Z' }
    const { server } = board({ handlers: { 'GET /timeoff_calendar': () => ({ body: { data: [asked] } }) } })
    renderApp(week, { user: adminProfile, server })
    const chip = await screen.findByTitle('Congé demandé, pas encore approuvé : Vacances, de 12:00 à 24:00')
    expect(within(chip).getByText('Demande : Vacances de 12:00 à 24:00')).toBeVisible()
    expect(chip).not.toHaveTextContent('Absent')
  })

  it('draws only the rows in view of a team of 200, however many the week has', async () => {
    const team = Array.from({ length: 200 }, (_, index) => member({ id: `00000000-0000-4000-8000-00000001${String(index).padStart(4, '0')}`, firstname: 'Person', lastname: String(index).padStart(3, '0') }))
    const shifts = team.map((person, index) => shift({ id: `00000000-0000-4000-8000-00000002${String(index).padStart(4, '0')}`, staff: { id: person.id, name: `Person ${index}` } }))
    const { server } = scheduleServer({ shifts, team })
    renderApp(week, { user: adminProfile, server })
    const table = await screen.findByRole('table', { name: /Schedule for the week of/ })
    await within(table).findByRole('rowheader', { name: /Person 000/ })
    expect(table).toHaveAttribute('aria-rowcount', '203')
    expect(within(table).getAllByRole('row').length).toBeLessThan(40)
    expect(screen.getByText('This week: 1500 h · cost $36,750.00 · value $97,500.00')).toBeVisible()
  })

  it('shows rows by client instead, and keeps the choice in the address', async () => {
    const { server } = board()
    const { current } = renderApp(week, { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'By client' }))
    await waitFor(() => expect(current()).toBe('/schedules?date=2025-03-10&by=client'))
    expect(await screen.findByRole('rowheader', { name: /Harbourfront Centre/ })).toBeVisible()
    expect(screen.getByRole('button', { name: /^18:00–22:00\s+Wednesday, March 12, Harbourfront Centre,\s+Open shift/ })).toBeVisible()
  })

  it('narrows to a person and searches, at once', async () => {
    const { server } = board()
    renderApp(week, { user: adminProfile, server })
    const user = userEvent.setup()
    await screen.findByRole('rowheader', { name: /Ben Roy/ })
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by team member' }), 'Ben Roy')
    expect(screen.queryByRole('rowheader', { name: /Ana Diaz/ })).toBeNull()
    expect(screen.queryByRole('rowheader', { name: 'Open shifts' })).toBeNull()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by team member' }), 'Everyone')
    await user.type(screen.getByRole('searchbox', { name: 'Search the schedule' }), 'harbourfront')
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Ben Roy/ })).toBeNull())
    expect(screen.getByRole('rowheader', { name: /Ana Diaz/ })).toBeVisible()
  })

  it('says what publishing the week will do before doing it, then publishes it all at once', async () => {
    const { server } = board()
    renderApp(week, { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Publish (2)' }))
    const question = await screen.findByRole('alertdialog', { name: /^Publish the week of Mar 9\s?–\s?15, 2025\?$/ })
    expect(within(question).getByText('2 new shifts, 1 person will be notified.')).toBeVisible()
    await user.click(within(question).getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Published. 1 person was notified.')).toBeVisible()
    expect(server.called('POST /schedule/events')[0]?.body).toEqual({ type: 'shift.publish', ids: [drafted.id, open.id] })
    expect(await screen.findByRole('button', { name: 'All published' })).toBeDisabled()
  })

  it('adds a shift from an empty cell, listing its conflicts as it is written, and says why the server refuses it', async () => {
    const { server } = board({
      check: (body) => (body.staff_id === ana.id && body.date === '2025-03-10' ? [{ kind: 'overlap', severity: 'error', shift_id: drafted.id, minutes: null }] : [{ kind: 'weekly_hours', severity: 'warning', shift_id: null, minutes: 90 }]),
      handlers: { 'POST /schedule': () => ({ status: 422, body: { message: 'This person already has a shift at that time.', code: 'shift_overlap', details: { date: '2025-03-10' } } }) },
    })
    renderApp(week, { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add a shift: Ana Diaz, Tuesday, March 11' }))
    const panel = await screen.findByRole('dialog', { name: 'New shift' })
    expect(within(panel).getByLabelText('Team member')).toHaveValue(ana.id)
    expect(within(panel).getByLabelText(/^Day/)).toHaveValue('2025-03-11')
    expect(await within(panel).findByText('1 h 30 min over their weekly limit.')).toBeVisible()
    expect(within(panel).getByText('Paid 8 h · cost $196.00 · value $520.00')).toBeVisible()

    const day = within(panel).getByLabelText(/^Day/)
    await user.clear(day)
    await user.type(day, '2025-03-10')
    expect(await within(panel).findByText('already on another shift at that time.')).toBeVisible()
    expect(within(panel).getByText('Not allowed:')).toBeVisible()
    await waitFor(() => expect(server.called('POST /schedule/check').at(-1)?.body).toMatchObject({ staff_id: ana.id, date: '2025-03-10', start: '09:00', end: '11:00' }))

    await user.click(within(panel).getByRole('button', { name: 'Add the shift' }))
    expect(await within(panel).findByRole('alert')).toHaveTextContent('That person already has a shift at that time on Monday, March 10: choose another time or someone else.')
    expect(within(panel).getByLabelText(/^Day/)).not.toHaveAttribute('aria-invalid')
    expect(server.called('POST /schedule')[0]?.body).toMatchObject({ staff_id: ana.id, date: '2025-03-10', break_minutes: 0, notes: null })
  })

  it('says a time the clocks skip that day while the shift is written, before any save', async () => {
    const { server } = board({
      handlers: { 'POST /schedule/check': () => ({ status: 422, body: { message: 'That time does not exist that day.', code: 'clock_gap', details: { field: 'start', date: '2025-03-09', time: '02:30' } } }) },
    })
    renderApp(week, { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add a shift: Ana Diaz, Sunday, March 9' }))
    const panel = await screen.findByRole('dialog', { name: 'New shift' })
    expect(await within(panel).findByText('02:30 does not exist on Sunday, March 9: the clocks go forward an hour. Choose a time before or after the change.')).toBeVisible()
  })

  it('marks the start field when the server refuses a time the clocks skip', async () => {
    const gap = { status: 422, body: { message: 'That time does not exist that day.', code: 'clock_gap', details: { field: 'start', date: '2025-03-09', time: '02:30' } } }
    const { server } = board({ handlers: { 'POST /schedule': () => gap } })
    renderApp(week, { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add a shift: Ana Diaz, Sunday, March 9' }))
    const panel = await screen.findByRole('dialog', { name: 'New shift' })
    await user.click(within(panel).getByRole('button', { name: 'Add the shift' }))
    await waitFor(() => expect(within(panel).getByLabelText(/^Start/)).toHaveAttribute('aria-invalid', 'true'))
    expect(within(panel).getByLabelText(/^Day/)).not.toHaveAttribute('aria-invalid')
  })

  it('gives a new shift its service’s length until its end is chosen, and says when it lasts a whole day', async () => {
    const guard = service({ id: '00000000-0000-4000-8000-000000000601', name: 'Night watch', default_duration_minutes: 600 })
    const { server } = board({ services: [service(), guard] })
    renderApp(week, { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add a shift: Ben Roy, Monday, March 10' }))
    const panel = await screen.findByRole('dialog', { name: 'New shift' })
    const start = within(panel).getByLabelText(/^Starts/)
    const end = within(panel).getByLabelText(/^Ends/)
    expect(within(panel).getByLabelText(/^Service/)).toHaveValue(service().id)
    expect(end).toHaveValue('11:00')

    await user.selectOptions(within(panel).getByLabelText(/^Service/), 'Night watch')
    expect(end).toHaveValue('19:00')
    fireEvent.change(start, { target: { value: '20:00' } })
    expect(end).toHaveValue('06:00')
    expect(within(panel).getByText('Ends the next day.')).toBeVisible()

    fireEvent.change(end, { target: { value: '20:00' } })
    expect(within(panel).getByText('Ends at the same time the next day: 24 hours.')).toBeVisible()
    fireEvent.change(start, { target: { value: '08:00' } })
    expect(end).toHaveValue('20:00')
    await user.click(within(panel).getByRole('button', { name: 'Add the shift' }))
    await waitFor(() => expect(server.called('POST /schedule')).toHaveLength(1))
    expect(server.called('POST /schedule')[0]?.body).toMatchObject({ service_id: guard.id, start: '08:00', end: '20:00' })
  })

  it('says a break must be shorter than the shift before asking the server', async () => {
    const { server } = board()
    renderApp(week, { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add a shift: Ben Roy, Monday, March 10' }))
    const panel = await screen.findByRole('dialog', { name: 'New shift' })
    fireEvent.change(within(panel).getByLabelText(/^Starts/), { target: { value: '07:00' } })
    fireEvent.change(within(panel).getByLabelText(/^Ends/), { target: { value: '15:00' } })
    const pause = within(panel).getByLabelText(/^Unpaid break/)
    await user.clear(pause)
    await user.type(pause, '600')
    await user.click(within(panel).getByRole('button', { name: 'Add the shift' }))
    expect(await within(panel).findByText('Use a break shorter than the shift.')).toBeVisible()
    expect(server.called('POST /schedule')).toHaveLength(0)
  })

  it('repeats a new shift weekly until a day', async () => {
    const { server } = board()
    renderApp(week, { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Add a shift: Ben Roy, Monday, March 10' }))
    const panel = await screen.findByRole('dialog', { name: 'New shift' })
    await user.click(within(panel).getByLabelText('Repeat every week'))
    expect(within(panel).getByLabelText('Monday')).toBeChecked()
    // The repeat's end has a name of its own: "Ends" is the shift's end time alone.
    expect(within(panel).getByRole('group', { name: 'Repeat until' })).toBeVisible()
    expect(within(panel).queryByRole('group', { name: 'Ends' })).toBeNull()
    await user.click(within(panel).getByLabelText('Thursday'))
    await user.click(within(panel).getByLabelText('A date'))
    await user.type(within(panel).getByLabelText('Last day'), '2025-04-30')
    await user.click(within(panel).getByRole('button', { name: 'Add the shift' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New shift' })).toBeNull())
    expect(server.called('POST /schedule')[0]?.body).toMatchObject({ staff_id: ben.id, date: '2025-03-10', repeat: { rrule: 'FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=20250430' } })
  })

  it('opens a notification’s shift in its week with the panel open, and decides a request from it', async () => {
    const requested = shift({
      ...open,
      status: 'published',
      pending_change: null,
      requests: [{ id: '00000000-0000-4000-8000-000000000901', kind: 'take', requester: { id: ben.id, name: 'Ben Roy' }, swap_shift_id: null, swap_shift: null, status: 'pending', note: 'I can do it', created_at: '2025-03-05T15:00:00Z' }],
      allowed_events: ['shift.cancel', 'shift.assign', 'shift.approve', 'shift.reject'],
      version: 2,
    })
    const { server } = board({ shifts: [{ ...drafted }, requested] })
    const { current } = renderApp(`/schedules?id=${requested.id}`, { user: adminProfile, server })
    const user = userEvent.setup()
    const panel = await screen.findByRole('dialog', { name: 'Wednesday, March 12 · 18:00–22:00' })
    await waitFor(() => expect(current()).toBe(`/schedules?id=${requested.id}&date=2025-03-12`))
    expect(within(panel).getByText('Open shift · Harbourfront Centre · Snow removal')).toBeVisible()
    expect(within(panel).getByText('Open', { exact: true })).toBeVisible()
    expect(within(panel).getByText('Ben Roy asks to take this shift.')).toBeVisible()
    expect(within(panel).getByText('“I can do it”')).toBeVisible()
    await user.click(within(panel).getByRole('button', { name: 'Approve request' }))
    await waitFor(() => expect(server.called('POST /schedule/{id}/events')[0]?.body).toEqual({ type: 'shift.approve', version: 2, request_id: '00000000-0000-4000-8000-000000000901' }))

    await user.click(within(panel).getByRole('button', { name: 'Cancel shift' }))
    const question = await screen.findByRole('alertdialog', { name: 'Cancel this shift?' })
    await user.click(within(question).getByRole('button', { name: 'Cancel shift' }))
    await waitFor(() => expect(server.called('POST /schedule/{id}/events')[1]?.body).toEqual({ type: 'shift.cancel', version: 2 }))
    await user.click(within(panel).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(current()).toBe('/schedules?date=2025-03-12'))
  })

  it('rejects a request with the reason the requester is told, or with none', async () => {
    const requested = shift({
      ...open,
      status: 'published',
      pending_change: null,
      requests: [{ id: '00000000-0000-4000-8000-000000000903', kind: 'take', requester: { id: ben.id, name: 'Ben Roy' }, swap_shift_id: null, swap_shift: null, status: 'pending', note: null, created_at: '2025-03-05T15:00:00Z' }],
      allowed_events: ['shift.cancel', 'shift.assign', 'shift.approve', 'shift.reject'],
      version: 2,
    })
    // Ben would be short of rest: the request says so, since the open shift's own conflicts are nobody's.
    const { server } = board({ shifts: [requested], check: (body) => (body.staff_id === ben.id ? [{ kind: 'rest', severity: 'warning', shift_id: drafted.id, minutes: 120 }] : []) })
    renderApp(`/schedules?id=${requested.id}`, { user: adminProfile, server })
    const user = userEvent.setup()
    const panel = await screen.findByRole('dialog', { name: 'Wednesday, March 12 · 18:00–22:00' })
    expect(await within(panel).findByText('If approved: 2 h short of the rest asked for between two shifts.')).toBeVisible()
    expect(server.called('POST /schedule/check').map((call) => call.body)).toContainEqual(expect.objectContaining({ id: requested.id, staff_id: ben.id, date: '2025-03-12', start: '18:00', end: '22:00' }))
    await user.click(within(panel).getByRole('button', { name: 'Reject request' }))
    const ask = await screen.findByRole('alertdialog', { name: 'Reject Ben Roy’s request?' })
    expect(ask).toHaveTextContent('Ben Roy is told the request was declined, with what you write here.')
    await user.type(within(ask).getByLabelText('Why not? (optional)'), '  Ana knows this client  ')
    await user.click(within(ask).getByRole('button', { name: 'Reject request' }))
    await waitFor(() => expect(server.called('POST /schedule/{id}/events')[0]?.body).toEqual({ type: 'shift.reject', version: 2, request_id: '00000000-0000-4000-8000-000000000903', note: 'Ana knows this client' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await user.click(within(panel).getByRole('button', { name: 'Reject request' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reject request' }))
    await waitFor(() => expect(server.called('POST /schedule/{id}/events')[1]?.body).toEqual({ type: 'shift.reject', version: 2, request_id: '00000000-0000-4000-8000-000000000903' }))
  })

  it('names the shift a swap offers: whose, when and where', async () => {
    const bens = shift({ ...open, staff: { id: ben.id, name: 'Ben Roy' }, status: 'published', pending_change: null })
    const asked = shift({
      status: 'published',
      pending_change: null,
      requests: [
        {
          id: '00000000-0000-4000-8000-000000000902',
          kind: 'swap',
          requester: { id: ana.id, name: 'Ana Diaz' },
          swap_shift_id: bens.id,
          swap_shift: { id: bens.id, staff: { id: ben.id, name: 'Ben Roy' }, location: { id: bens.location.id, name: 'Harbourfront Centre' }, starts_at: bens.starts_at, ends_at: bens.ends_at },
          status: 'pending',
          note: null,
          created_at: '2025-03-05T15:00:00Z',
        },
      ],
      allowed_events: ['shift.cancel', 'shift.approve', 'shift.reject'],
      version: 2,
    })
    const offered = { ...bens, swap_offers: [{ request_id: asked.requests[0]!.id, requester: { id: ana.id, name: 'Ana Diaz' }, shift: { id: asked.id, location: asked.location, starts_at: asked.starts_at, ends_at: asked.ends_at } }] }
    const { server } = board({ shifts: [asked, offered] })
    const { unmount } = renderApp(`/schedules?id=${asked.id}`, { user: adminProfile, server })
    const panel = await screen.findByRole('dialog', { name: /Monday, March 10/ })
    expect(within(panel).getByText('Ana Diaz asks to swap it for this shift:')).toBeVisible()
    expect(within(panel).getByText('Ben Roy · Wed, Mar 12 · 18:00–22:00 · Harbourfront Centre')).toBeVisible()
    unmount()
    // Ben's side says so too.
    renderApp(`/schedules?id=${bens.id}`, { user: adminProfile, server })
    const his = await screen.findByRole('dialog', { name: /Wednesday, March 12/ })
    expect(within(his).getByText('Ana Diaz asks to swap their shift for this one:')).toBeVisible()
    expect(within(his).getByText('Mon, Mar 10 · 09:00–17:00 · Harbourfront Centre')).toBeVisible()
  })

  it('tells a shift’s history in words, the optimiser’s filling included', async () => {
    const entry = (id: number, action: string, changes: { field: string; before: unknown; after: unknown }[]) => ({ id, action, actor: { id: adminProfile.id, name: 'Olive Owner' }, created_at: '2025-03-05T15:00:00Z', changes })
    const { server } = board({
      handlers: {
        'GET /schedule/{id}/history': () => ({
          body: { data: { count: 3, rows: [entry(3, 'shifts.fill', [{ field: 'staff_id', before: null, after: ana.id }]), entry(2, 'shifts.publish', [{ field: 'status', before: 'draft', after: 'published' }]), entry(1, 'shifts.create', [])] } },
        }),
      },
    })
    renderApp(`/schedules?date=2025-03-10&id=${drafted.id}`, { user: adminProfile, server })
    const panel = await screen.findByRole('dialog', { name: /Monday, March 10/ })
    await userEvent.setup().click(within(panel).getByRole('tab', { name: 'History' }))
    const list = await within(panel).findByRole('list', { name: 'Changes, newest first' })
    expect(within(list).getAllByRole('listitem').map((item) => item.querySelector('.font-semibold')?.textContent)).toEqual(['Filled by the optimiser', 'Published', 'Created'])
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Ana Diaz')
  })

  it('offers to read a shift again when someone else changed it first', async () => {
    const { server, shifts } = board({ handlers: { 'PUT /schedule/{id}': () => ({ status: 409, body: { message: 'This was changed by someone else.', code: 'stale_version' } }) } })
    renderApp(`/schedules?date=2025-03-10&id=${drafted.id}`, { user: adminProfile, server })
    const user = userEvent.setup()
    const panel = await screen.findByRole('dialog', { name: 'Monday, March 10 · 09:00–17:00' })
    await user.type(await within(panel).findByLabelText('Notes'), 'Bring a torch')
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }))
    expect(await within(panel).findByText('Someone else saved this first')).toBeVisible()
    Object.assign(shifts[0]!, { notes: 'Gate code 4411', version: 2 })
    await user.click(within(panel).getByRole('button', { name: 'Reload the latest version' }))
    expect(await within(panel).findByDisplayValue('Gate code 4411')).toBeVisible()
    expect(server.called('PUT /schedule/{id}')[0]?.body).toMatchObject({ notes: 'Bring a torch', version: 1, scope: 'this' })
  })

  it('says so when a notification’s shift is gone', async () => {
    const { server } = board()
    renderApp('/schedules?id=00000000-0000-4000-8000-000000000999', { user: adminProfile, server })
    const panel = await screen.findByRole('dialog', { name: 'This record could not be opened' })
    expect(within(panel).getByText('This shift is no longer there: it was deleted, or you may not see it.')).toBeVisible()
  })

  it('copies last week into this one and lists what it skipped', async () => {
    const { server } = board({
      handlers: {
        'POST /schedule/copy': () => ({ body: { data: { created: 5, skipped: [{ shift_id: drafted.id, date: '2025-03-10', staff: 'Ana Diaz', reason: 'overlap' }, { shift_id: open.id, date: '2025-03-09', staff: null, reason: 'clock_gap' }] }, message: 'Saved.' } }),
      },
    })
    renderApp(week, { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Copy last week' }))
    const dialog = await screen.findByRole('dialog', { name: 'Copy last week' })
    await user.click(within(dialog).getByRole('button', { name: 'Copy the shifts' }))
    expect(await within(dialog).findByText('Shifts copied as drafts: 5.')).toBeVisible()
    expect(within(dialog).getByText('Ana Diaz, Monday, March 10: already on another shift at that time.')).toBeVisible()
    expect(within(dialog).getByText('Open shift, Sunday, March 9: its hours would fall in the hour the clocks skip that day.')).toBeVisible()
    expect(server.called('POST /schedule/copy')[0]?.body).toEqual({ from: '2025-03-02', to: '2025-03-09' })
  })

  it('says which copied shifts carry warnings, since the copy skips only what would be refused', async () => {
    const { server, shifts } = board({
      handlers: {
        'POST /schedule/copy': () => {
          // The copy adds two drafts: one of them past Ben's weekly limit.
          shifts.push(
            shift({ id: '00000000-0000-4000-8000-000000000811', staff: { id: ben.id, name: 'Ben Roy' }, date: '2025-03-11', conflicts: [{ kind: 'weekly_hours', severity: 'warning', shift_id: null, minutes: 120 }] }),
            shift({ id: '00000000-0000-4000-8000-000000000812', staff: { id: ana.id, name: 'Ana Diaz' }, date: '2025-03-13' }),
          )
          return { body: { data: { created: 2, skipped: [] }, message: 'Saved.' } }
        },
      },
    })
    // Ana's drafted shift was there before the copy: a warning of its own is not the copy's.
    Object.assign(shifts[0]!, { conflicts: [{ kind: 'availability', severity: 'warning', shift_id: null, minutes: null }] })
    renderApp(week, { user: adminProfile, server })
    const user = userEvent.setup()
    await screen.findByRole('rowheader', { name: /Ben Roy/ })
    await user.click(screen.getByRole('button', { name: 'Copy last week' }))
    const dialog = await screen.findByRole('dialog', { name: 'Copy last week' })
    await user.click(within(dialog).getByRole('button', { name: 'Copy the shifts' }))
    expect(await within(dialog).findByText('Shifts copied as drafts: 2.')).toBeVisible()
    expect(await within(dialog).findByText('1 of them has a warning to look at:')).toBeVisible()
    expect(within(dialog).getByText('Ben Roy, Tuesday, March 11: 2 h over their weekly limit.')).toBeVisible()
    expect(within(dialog).queryByText(/outside the hours/)).toBeNull()
  })

  it('shows the part of a night begun the day before, from midnight, and counts the day’s own hours', async () => {
    // Saturday 22:00 to Sunday 06:00 across the spring-forward night: 7 hours, 2 on Saturday and 5 on Sunday.
    const night = shift({ id: '00000000-0000-4000-8000-000000000813', date: '2025-03-08', starts_at: '2025-03-09T03:00:00.000Z', ends_at: '2025-03-09T10:00:00.000Z', start_time: '22:00', end_time: '06:00', break_minutes: 0, paid_minutes: 420, cost_cents: 17_150, value_cents: 45_500 })
    const { server } = board({ shifts: [night] })
    renderApp('/schedules?date=2025-03-09&view=day', { user: adminProfile, server })
    const user = userEvent.setup()
    const sunday = await screen.findByRole('region', { name: 'Schedule for Sunday, March 9' })
    const part = await within(sunday).findByRole('button', { name: /22:00–06:00.*continues from Saturday, March 8/ })
    expect(part).toHaveAttribute('title', 'continues from Saturday, March 8')
    expect(within(sunday).getByRole('listitem', { name: 'Ana Diaz' })).toHaveTextContent('5 hCost $122.50')
    expect(screen.getByText('This day: 5 h · cost $122.50 · value $325.00')).toBeVisible()
    // Saturday, the week before: from 22:00 to midnight.
    await user.click(screen.getByRole('button', { name: 'Previous day' }))
    const saturday = await screen.findByRole('region', { name: 'Schedule for Saturday, March 8' })
    expect(within(saturday).getByRole('button', { name: /22:00–06:00/ })).not.toHaveAccessibleName(/continues/)
    expect(await screen.findByText('This day: 2 h · cost $49.00 · value $130.00')).toBeVisible()
  })

  it('shows a day as a timeline and moves day by day', async () => {
    const { server } = board()
    const { current } = renderApp(week, { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Day' }))
    const day = await screen.findByRole('region', { name: 'Schedule for Monday, March 10' })
    expect(within(day).getByRole('button', { name: /09:00–17:00/ })).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Next day' }))
    await waitFor(() => expect(current()).toBe('/schedules?date=2025-03-11&view=day'))
    expect(await screen.findByRole('region', { name: 'Schedule for Tuesday, March 11' })).toBeVisible()
  })
})
