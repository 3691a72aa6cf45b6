import type { Profile, Timesheet } from '@rota/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer, managerProfile, permissionEntry, staffProfile } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'
import { timesheet } from '../../../testing/timesheets.ts'

const staff: Profile = { ...staffProfile, permissions: [permissionEntry('schedules', { read: true }), permissionEntry('timesheets', { read: true })] }
const timekeeper: Profile = {
  ...managerProfile,
  permissions: [permissionEntry('schedules', { read: true, update: true }), permissionEntry('timesheets', { read: true, create: true, update: true })],
}

/** Omar's Monday (counted 09:12–17:00, 30 min break) with his proposal of 09:00–17:30. */
const proposed = (overrides: Partial<Timesheet> = {}) =>
  timesheet({
    proposal: { started_at: '2026-03-09T13:00:00.000Z', ended_at: '2026-03-09T21:30:00.000Z', break_minutes: 30, paid_minutes: 480, reason: 'The app was slow at the door', proposed_at: '2026-03-09T22:00:00.000Z' },
    flags: [...timesheet().flags, { kind: 'proposal', at: null, minutes: null, distance_m: null, reason: null }],
    allowed_events: [],
    version: 4,
    ...overrides,
  })

/** A fake API holding one timesheet, whose answers to the proposal routes replace it. */
function sheetServer(first: Timesheet, answers: Record<string, () => Timesheet>) {
  let sheet = first
  const answer = (next: () => Timesheet) => () => {
    sheet = next()
    return { body: { data: sheet } }
  }
  return fakeServer({
    'GET /timesheet': () => ({ body: { data: { count: 1, rows: [sheet] } } }),
    'GET /timesheet/{id}': () => ({ body: { data: sheet } }),
    'GET /timesheet/{id}/history': () => ({ body: { data: { count: 0, rows: [] } } }),
    ...Object.fromEntries(Object.entries(answers).map(([route, next]) => [route, answer(next)])),
  })
}

const regionName = 'Correction proposed by Omar Haddad'

describe('a staff member’s proposed correction', () => {
  it('is typed in a form of their hours, checked field by field, sent, shown beside the counted hours, and withdrawn', async () => {
    const server = sheetServer(timesheet({ allowed_events: [] }), {
      'PUT /timesheet/{id}/proposal': () => proposed(),
      'DELETE /timesheet/{id}/proposal': () => timesheet({ allowed_events: [], version: 5 }),
    })
    renderApp('/timesheets?week=2026-03-09&id=00000000-0000-4000-8000-000000000400', { user: staff, server })
    const panel = await screen.findByRole('dialog', { name: /Omar Haddad, Mar 9, 2026/ })
    const user = userEvent.setup()
    await user.click(within(panel).getByRole('button', { name: 'Propose a correction' }))

    expect(within(panel).getByLabelText('Day')).toHaveFocus()
    expect(within(panel).getByLabelText('Start')).toHaveValue('09:12')
    await user.clear(within(panel).getByLabelText('Start'))
    await user.type(within(panel).getByLabelText('Start'), '09:00')
    await user.clear(within(panel).getByLabelText('End'))
    await user.type(within(panel).getByLabelText('End'), '17:30')
    await user.click(within(panel).getByRole('button', { name: 'Send the proposal' }))
    expect(within(panel).getByLabelText('Reason for the proposal')).toHaveAttribute('aria-invalid', 'true')
    expect(server.called('PUT /timesheet/{id}/proposal')).toHaveLength(0)
    await user.type(within(panel).getByLabelText('Reason for the proposal'), 'The app was slow at the door')
    await user.click(within(panel).getByRole('button', { name: 'Send the proposal' }))
    await waitFor(() => expect(server.called('PUT /timesheet/{id}/proposal')).toHaveLength(1))
    expect(server.called('PUT /timesheet/{id}/proposal')[0]!.body).toEqual({ date: '2026-03-09', start: '09:00', end: '17:30', break_minutes: 30, reason: 'The app was slow at the door', version: 3 })

    const proposal = await within(panel).findByRole('region', { name: regionName })
    await waitFor(() => expect(within(proposal).getByRole('heading', { name: regionName })).toHaveFocus())
    expect(within(proposal).getByRole('row', { name: /Times/ })).toHaveTextContent('09:12 – 17:0009:00 – 17:30')
    expect(within(proposal).getByRole('row', { name: /Paid/ })).toHaveTextContent('7 h 18 min8 h')
    expect(proposal).toHaveTextContent('The app was slow at the door')
    expect(within(panel).getByRole('button', { name: 'Change the proposal' })).toBeInTheDocument()

    await user.click(within(panel).getByRole('button', { name: 'Withdraw the proposal' }))
    await waitFor(() => expect(server.called('DELETE /timesheet/{id}/proposal')).toHaveLength(1))
    expect(server.called('DELETE /timesheet/{id}/proposal')[0]!.query.get('version')).toBe('4')
    await waitFor(() => expect(within(panel).queryByRole('region', { name: regionName })).toBeNull())
    expect(within(panel).getByRole('button', { name: 'Propose a correction' })).toBeInTheDocument()
  })

  it('is not offered on hours already judged', async () => {
    const server = sheetServer(timesheet({ status: 'approved', allowed_events: [] }), {})
    renderApp('/timesheets?week=2026-03-09&id=00000000-0000-4000-8000-000000000400', { user: staff, server })
    const panel = await screen.findByRole('dialog', { name: /Omar Haddad, Mar 9, 2026/ })
    expect(within(panel).getByText('Planned', { selector: 'dt' })).toBeInTheDocument()
    expect(within(panel).queryByRole('button', { name: 'Propose a correction' })).toBeNull()
  })
})

describe('a manager deciding a proposed correction', () => {
  it('sees it marked in the week and beside the counted hours, and accepts it', async () => {
    const server = sheetServer(proposed(), {
      'POST /timesheet/{id}/proposal/accept': () =>
        timesheet({ start_time: '09:00', end_time: '17:30', started_at: '2026-03-09T13:00:00.000Z', ended_at: '2026-03-09T21:30:00.000Z', paid_minutes: 480, correction_reason: 'The app was slow at the door', version: 5 }),
    })
    renderApp('/timesheets?week=2026-03-09', { user: timekeeper, server })
    const user = userEvent.setup()
    expect(await screen.findByRole('button', { name: 'Approve the week (0)' })).toBeDisabled()
    await user.click(await screen.findByRole('button', { name: 'Omar Haddad, Mon 9: 7 h 18 min, Pending, flags: 2, correction proposed' }))

    const panel = await screen.findByRole('dialog', { name: /Omar Haddad, Mar 9, 2026/ })
    const proposal = within(panel).getByRole('region', { name: regionName })
    expect(within(proposal).getByRole('row', { name: /Times/ })).toHaveTextContent('09:12 – 17:0009:00 – 17:30')
    expect(within(panel).getByText('Correction proposed by the team member')).toBeInTheDocument()
    expect(within(panel).queryByRole('button', { name: 'Approve' })).toBeNull()

    await user.click(within(panel).getByRole('button', { name: 'Accept the correction' }))
    await waitFor(() => expect(server.called('POST /timesheet/{id}/proposal/accept')).toHaveLength(1))
    expect(server.called('POST /timesheet/{id}/proposal/accept')[0]!.body).toEqual({ version: 4 })
    await waitFor(() => expect(within(panel).queryByRole('region', { name: regionName })).toBeNull())
    expect(within(panel).getByText('Counted', { selector: 'dt' }).nextElementSibling).toHaveTextContent('09:00 – 17:30')
  })

  it('declines it, saying why if they like', async () => {
    const server = sheetServer(proposed(), { 'POST /timesheet/{id}/proposal/decline': () => timesheet({ version: 5 }) })
    renderApp('/timesheets?week=2026-03-09&id=00000000-0000-4000-8000-000000000400', { user: timekeeper, server })
    const panel = await screen.findByRole('dialog', { name: /Omar Haddad, Mar 9, 2026/ })
    const user = userEvent.setup()
    await user.click(within(panel).getByRole('button', { name: 'Decline the correction' }))
    const asked = await screen.findByRole('alertdialog')
    await user.type(within(asked).getByLabelText('Reason for the team member'), 'The door log says 17:02')
    await user.click(within(asked).getByRole('button', { name: 'Decline the correction' }))
    await waitFor(() => expect(server.called('POST /timesheet/{id}/proposal/decline')).toHaveLength(1))
    expect(server.called('POST /timesheet/{id}/proposal/decline')[0]!.body).toEqual({ version: 4, reason: 'The door log says 17:02' })
    await waitFor(() => expect(within(panel).queryByRole('region', { name: regionName })).toBeNull())
    expect(within(panel).getByRole('button', { name: 'Approve' })).toBeInTheDocument()
  })
})
