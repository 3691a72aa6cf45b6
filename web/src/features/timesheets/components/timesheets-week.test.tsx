import type { Profile } from '@rota/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer, managerProfile, staffProfile } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'
import { clockShift, timesheet } from '../../../testing/timesheets.ts'

const rights = (model: Profile['permissions'][number]['model_name'], granted: Partial<Record<'read' | 'create' | 'update', boolean>>) => ({
  model_name: model,
  name: model,
  read: false,
  create: false,
  update: false,
  delete: false,
  ...granted,
})

/** A manager who runs the schedule and the timesheets. */
const timekeeper: Profile = {
  ...managerProfile,
  permissions: [rights('schedules', { read: true, update: true }), rights('timesheets', { read: true, create: true, update: true })],
}

const ana = { id: '00000000-0000-4000-8000-000000000701', name: 'Ana Diaz' }

/** The week of Sunday 2026-03-08: Omar's Monday (late, pending), Ana's Monday approved and her Tuesday's overtime pending. */
function weekServer() {
  const omars = timesheet()
  const anas = [
    timesheet({ id: '00000000-0000-4000-8000-000000000411', staff: ana, status: 'approved', allowed_events: ['timesheet.reopen'], flags: [] }),
    timesheet({ id: '00000000-0000-4000-8000-000000000412', staff: ana, date: '2026-03-10', paid_minutes: 600, regular_minutes: 540, overtime_minutes: 60, flags: [] }),
  ]
  const rows = [...anas, omars]
  return fakeServer({
    'GET /timesheet': () => ({ body: { data: { count: rows.length, rows } } }),
    'GET /timesheet/{id}': ({ path }) => ({ body: { data: rows.find((row) => path.endsWith(row.id)) } }),
    'GET /schedule': () => ({ body: { data: { count: 2, rows: [clockShift({ status: 'completed' }), clockShift({ id: '00000000-0000-4000-8000-000000000301', date: '2026-03-11', status: 'published' })] } } }),
    'POST /timesheet/events': ({ body }) => ({ body: { data: { timesheets: rows.filter((row) => (body as { ids: string[] }).ids.includes(row.id)).map((row) => ({ ...row, status: 'approved', allowed_events: ['timesheet.reopen'] })), notified: 2 }, message: 'Approved.' } }),
    'PUT /timesheet/{id}': ({ body }) => ({ body: { data: timesheet({ ...(body as object), version: 4 }), message: 'Saved.' } }),
    'GET /timesheet/{id}/history': () => ({ body: { data: { count: 0, rows: [] } } }),
  })
}

describe('the manager’s week of timesheets', () => {
  it('shows each person’s days, planned beside worked, flags, the week’s overtime, and approves what awaits approval', async () => {
    const server = weekServer()
    renderApp('/timesheets?week=2026-03-09', { user: timekeeper, server })
    const table = await screen.findByRole('table', { name: /Hours of the week of Mar 8/ })
    await within(table).findByText('Omar Haddad')
    const [anaRow, omarRow] = within(table).getAllByRole('row').slice(1)
    expect(within(anaRow!).getByText('Ana Diaz')).toBeInTheDocument()
    expect(within(anaRow!).getByText('1 h')).toBeInTheDocument()
    expect(within(omarRow!).getByRole('button', { name: 'Omar Haddad, Mon 9: 7 h 18 min, Pending, flags: 1' })).toBeInTheDocument()
    expect(within(omarRow!).getAllByText('planned 8 h')).toHaveLength(2)
    expect(within(omarRow!).getByText('no hours')).toBeInTheDocument()

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Approve the week (2)' }))
    const dialog = await screen.findByRole('alertdialog', { name: /Approve 2 timesheets/ })
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(server.called('POST /timesheet/events')).toHaveLength(1))
    expect(server.called('POST /timesheet/events')[0]!.body).toEqual({ type: 'timesheet.approve', ids: ['00000000-0000-4000-8000-000000000412', '00000000-0000-4000-8000-000000000400'] })
  })

  it('does not call a shift still to come missing its hours', async () => {
    const day = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10)
    const coming = clockShift({ date: day, starts_at: `${day}T13:00:00.000Z`, ends_at: `${day}T21:00:00.000Z` })
    const server = fakeServer({
      'GET /timesheet': () => ({ body: { data: { count: 0, rows: [] } } }),
      'GET /schedule': () => ({ body: { data: { count: 1, rows: [coming] } } }),
    })
    renderApp(`/timesheets?week=${day}`, { user: timekeeper, server })
    const table = await screen.findByRole('table', { name: /Hours of the week of/ })
    await within(table).findByText('Omar Haddad')
    const [omarRow] = within(table).getAllByRole('row').slice(1)
    expect(within(omarRow!).getAllByText('planned 8 h')).toHaveLength(2)
    expect(within(omarRow!).queryByText('no hours')).toBeNull()
  })

  it('opens a timesheet with what was planned, clocked and counted, and corrects it only with a reason', async () => {
    const server = weekServer()
    const { current } = renderApp('/timesheets?week=2026-03-09', { user: timekeeper, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: /^Omar Haddad, Mon 9/ }))
    await waitFor(() => expect(current()).toContain('id=00000000-0000-4000-8000-000000000400'))
    const panel = await screen.findByRole('dialog', { name: /Omar Haddad, Mar 9, 2026/ })
    const fact = (term: string) => within(panel).getByText(term, { selector: 'dt' }).nextElementSibling
    expect(fact('Planned')).toHaveTextContent('09:00 – 17:00 (8 h)')
    expect(fact('Clocked')).toHaveTextContent('09:12 – 17:00')
    expect(fact('Paid')).toHaveTextContent('7 h 18 min')
    expect(within(panel).getByText('Clocked in 12 min late')).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'Approve' })).toBeInTheDocument()

    await user.clear(within(panel).getByLabelText('Start'))
    await user.type(within(panel).getByLabelText('Start'), '09:00')
    await user.click(within(panel).getByRole('button', { name: 'Save the correction' }))
    expect(within(panel).getByLabelText('Reason for the correction')).toHaveAttribute('aria-invalid', 'true')
    expect(server.called('PUT /timesheet/{id}')).toHaveLength(0)
    await user.type(within(panel).getByLabelText('Reason for the correction'), 'Was at the door at nine')
    await user.click(within(panel).getByRole('button', { name: 'Save the correction' }))
    await waitFor(() => expect(server.called('PUT /timesheet/{id}')).toHaveLength(1))
    expect(server.called('PUT /timesheet/{id}')[0]!.body).toEqual({ date: '2026-03-09', start: '09:00', end: '17:00', break_minutes: 30, notes: null, reason: 'Was at the door at nine', version: 3 })
  })
})

describe('a staff member’s timesheets', () => {
  it('tells a timesheet’s history with the client and service by name, though staff cannot list clients', async () => {
    const sheet = timesheet({ allowed_events: [] })
    const server = fakeServer({
      'GET /timesheet': () => ({ body: { data: { count: 1, rows: [sheet] } } }),
      'GET /timesheet/{id}': () => ({ body: { data: sheet } }),
      'GET /schedule': () => ({ body: { data: { count: 0, rows: [] } } }),
      'GET /timesheet/{id}/history': () => ({
        body: { data: { count: 1, rows: [{ id: 1, action: 'timesheets.clock_in', actor: sheet.staff, created_at: '2026-03-09T13:12:00Z', changes: [{ field: 'location_id', before: null, after: sheet.location.id }, { field: 'service_id', before: null, after: sheet.service.id }] }] } },
      }),
    })
    const staff: Profile = { ...staffProfile, permissions: [rights('schedules', { read: true }), rights('timesheets', { read: true })] }
    renderApp(`/timesheets?week=2026-03-09&id=${sheet.id}`, { user: staff, server })
    const panel = await screen.findByRole('dialog', { name: /Mar 9, 2026/ })
    await userEvent.setup().click(within(panel).getByRole('tab', { name: 'History' }))
    const list = await within(panel).findByRole('list', { name: 'Changes, newest first' })
    expect(list).toHaveTextContent('Harbourfront Centre')
    expect(list).toHaveTextContent('Front desk')
    expect(list).not.toHaveTextContent(sheet.location.id.slice(0, 8))
    expect(server.called('GET /location')).toHaveLength(0)
  })

  it('shows their time clock and their own week of hours, without approving anything', async () => {
    const server = fakeServer({
      'GET /timesheet': () => ({
        body: { data: { count: 1, rows: [timesheet({ allowed_events: [], flags: [timesheet().flags[0]!, { kind: 'outside_location', at: 'clock_in', minutes: null, distance_m: 900, reason: null }, { kind: 'outside_location', at: 'clock_out', minutes: null, distance_m: 850, reason: null }] })] } },
      }),
      'GET /schedule': () => ({ body: { data: { count: 0, rows: [] } } }),
    })
    const staff: Profile = { ...staffProfile, permissions: [rights('schedules', { read: true }), rights('timesheets', { read: true })] }
    renderApp('/timesheets?week=2026-03-09', { user: staff, server })
    expect(await screen.findByRole('heading', { name: 'Time clock' })).toBeInTheDocument()
    expect(await screen.findByText('No shift to clock into today.')).toBeInTheDocument()
    const hours = await screen.findByRole('table', { name: 'Your hours' })
    expect(await within(hours).findByText('7 h 18 min')).toBeInTheDocument()
    // What was flagged on their hours, each kind once, not how many flags.
    expect(within(hours).getByText('Late in, Away from the client')).toBeInTheDocument()
    expect(screen.getByText('7 h 18 min paid, 0 min overtime')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add hours' })).toBeNull()
  })
})
