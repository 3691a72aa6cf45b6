import type { FillProposal } from '@rota/core'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { adminProfile } from '../../../testing/fake-server.ts'
import { member, shift } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'
import { scheduleServer } from '../../../testing/schedule-server.ts'

const ana = member()
const ben = member({ id: '00000000-0000-4000-8000-000000000701', firstname: 'Ben', lastname: 'Roy', email: 'ben@maple.test' })
const monday = shift({ id: '00000000-0000-4000-8000-000000000801', staff: null, status: 'published' })
const wednesday = shift({ id: '00000000-0000-4000-8000-000000000802', staff: null, date: '2025-03-12', starts_at: '2025-03-12T22:00:00.000Z', ends_at: '2025-03-13T02:00:00.000Z', start_time: '18:00', end_time: '22:00', paid_minutes: 240 })
const friday = shift({ id: '00000000-0000-4000-8000-000000000803', staff: null, date: '2025-03-14', starts_at: '2025-03-14T13:00:00.000Z', ends_at: '2025-03-14T21:00:00.000Z', start_time: '09:00', end_time: '17:00' })
const week = '/schedules?date=2025-03-10'
const totals = { filled: 0, open: 3, cost_cents: 0, overtime_minutes: 0, fairness_spread_minutes: 120 }
const reason = { week_minutes: 720, target_minutes: 1800, preferred_minutes: null, recent_client: true, preferred_client: false, overtime: false, cost_cents: 11_200 }
const proposal: FillProposal = {
  id: '00000000-0000-4000-8000-000000000901',
  status: 'proposed',
  from: '2025-03-09',
  to: '2025-03-15',
  method: 'optimal',
  solve_ms: 30,
  weights: { cost: 1, over_preferred: 1000, fairness: 500, continuity: 500, preference: 500 },
  assignments: [
    { shift_id: monday.id, staff: { id: ana.id, name: 'Ana Diaz' }, reason },
    { shift_id: wednesday.id, staff: { id: ben.id, name: 'Ben Roy' }, reason: { ...reason, target_minutes: null, recent_client: false } },
  ],
  unfilled: [{ shift_id: friday.id, rule: 'availability', counts: { availability: 2 } }],
  totals: { before: totals, after: { ...totals, filled: 2, open: 1, cost_cents: 22_400 } },
  created_at: '2025-03-08T12:00:00.000Z',
}

beforeAll(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200)
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(92)
})
afterAll(() => vi.restoreAllMocks())

function board() {
  return scheduleServer({
    shifts: [{ ...monday }, { ...wednesday }, { ...friday }],
    team: [ana, ben],
    handlers: {
      'POST /schedule/fill': () => ({ status: 201, body: { data: proposal, message: 'Proposal ready.' } }),
      'POST /schedule/fill/{id}/apply': ({ body }) => ({ body: { data: { applied: (body as { shift_ids?: string[] }).shift_ids?.length ?? 2, proposal: { ...proposal, status: 'applied' } }, message: 'Applied.' } }),
    },
  })
}

async function propose() {
  const user = userEvent.setup()
  await screen.findByRole('table', { name: /Schedule for the week of/ })
  await user.click(screen.getByRole('button', { name: 'Fill open shifts' }))
  const bar = screen.getByRole('region', { name: 'Fill open shifts' })
  await user.click(within(bar).getByRole('button', { name: 'Propose' }))
  await within(bar).findByText(/2 of 3 open shifts staffed\./)
  return { user, bar }
}

describe('filling open shifts from the week board', () => {
  it('draws the proposal as ghost cards in their people’s rows, with the reasons, and why a shift stays open', async () => {
    const { server } = board()
    renderApp(week, { user: adminProfile, server })
    const { bar } = await propose()
    expect(server.called('POST /schedule/fill')[0]?.body).toEqual({ from: '2025-03-09', to: '2025-03-15' })
    const table = screen.getByRole('table', { name: /Schedule for the week of/ })
    const anaRow = within(table).getByRole('rowheader', { name: /Ana Diaz/ }).closest('[role="row"]') as HTMLElement
    const ghost = within(anaRow).getByRole('button', { pressed: true, name: /proposed for Ana Diaz/ })
    expect(ghost).toHaveAttribute('title', 'available · 12 h this week of a 30 h target · worked at this client recently')
    expect(within(bar).getByText(/Friday, March 14 09:00–17:00 .*: nobody is available then/)).toBeVisible()
    expect(within(bar).getByText('$0.00 → $224.00')).toBeVisible()
  })

  it('says which days it fills, from the first to the last, in French too', async () => {
    const { server } = board()
    renderApp(week, { user: adminProfile, server })
    const user = userEvent.setup()
    await screen.findByRole('table', { name: /Schedule for the week of/ })
    await user.click(screen.getByRole('button', { name: 'Fill open shifts' }))
    expect(screen.getByText(/^Propose who should work the open shifts from Mar 9 to Mar 15, 2025:/)).toBeVisible()
    const { default: i18next } = await import('i18next')
    await act(() => i18next.changeLanguage('fr'))
    expect(await screen.findByText(/^Proposer qui devrait faire les quarts ouverts du 9 mars au 15 mars 2025 :/)).toBeVisible()
  })

  it('says plainly when the week has no open shift', async () => {
    const { server } = board()
    server.on('POST /schedule/fill', () => ({ status: 201, body: { data: { ...proposal, assignments: [], unfilled: [], totals: { before: { ...totals, open: 0 }, after: { ...totals, open: 0 } } }, message: 'Proposal ready.' } }))
    renderApp(week, { user: adminProfile, server })
    const user = userEvent.setup()
    await screen.findByRole('table', { name: /Schedule for the week of/ })
    await user.click(screen.getByRole('button', { name: 'Fill open shifts' }))
    const bar = screen.getByRole('region', { name: 'Fill open shifts' })
    await user.click(within(bar).getByRole('button', { name: 'Propose' }))
    expect(await within(bar).findByText('No open shifts this week.')).toBeVisible()
    expect(within(bar).queryByText(/0 of 0/)).toBeNull()
    expect(within(bar).queryByText('The best proposal the rules allow.')).toBeNull()
    expect(within(bar).queryByRole('button', { name: /Accept/ })).toBeNull()
    await user.click(within(bar).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Fill open shifts' })).toBeNull())
  })

  it('offers to accept the ones kept whenever it counts some', async () => {
    const { server } = board()
    renderApp(week, { user: adminProfile, server })
    const { user, bar } = await propose()
    const some = within(bar).getByRole('button', { name: 'Accept the ones kept (2)' })
    expect(some).toBeEnabled()
    await user.click(screen.getByRole('button', { name: /proposed for Ben Roy/ }))
    await user.click(screen.getByRole('button', { name: /proposed for Ana Diaz/ }))
    expect(within(bar).getByRole('button', { name: 'Accept the ones kept (0)' })).toBeDisabled()
  })

  it('accepts only the ghosts kept', async () => {
    const { server } = board()
    renderApp(week, { user: adminProfile, server })
    const { user, bar } = await propose()
    const benGhost = screen.getByRole('button', { name: /proposed for Ben Roy/ })
    await user.click(benGhost)
    expect(benGhost).toHaveAttribute('aria-pressed', 'false')
    await user.click(within(bar).getByRole('button', { name: 'Accept the ones kept (1)' }))
    expect(await within(bar).findByText('Shifts on the schedule as drafts: 1.')).toBeVisible()
    expect(server.called('POST /schedule/fill/{id}/apply')[0]).toMatchObject({ path: `/schedule/fill/${proposal.id}/apply`, body: { shift_ids: [monday.id] } })
  })

  it('accepts all of it, or discards it and draws the board as it was', async () => {
    const { server } = board()
    renderApp(week, { user: adminProfile, server })
    const { user, bar } = await propose()
    await user.click(within(bar).getByRole('button', { name: 'Discard' }))
    expect(screen.queryByRole('button', { name: /proposed for/ })).toBeNull()
    await user.click(within(bar).getByRole('button', { name: 'Propose' }))
    await user.click(await within(bar).findByRole('button', { name: 'Accept all' }))
    expect(await within(bar).findByText('Shifts on the schedule as drafts: 2.')).toBeVisible()
    expect(server.called('POST /schedule/fill/{id}/apply')[0]?.body).toEqual({})
    await user.click(within(bar).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Fill open shifts' })).toBeNull())
  })

  it('ends the request when cancelled while solving, so that the server stops its solve', async () => {
    const { server } = board()
    const answer = server.fetch
    let solving: AbortSignal | undefined
    server.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST' && String(input).endsWith('/schedule/fill')) {
        const signal = (solving = init.signal!)
        return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)))
      }
      return answer(input, init)
    }) as typeof fetch
    renderApp(week, { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Fill open shifts' }))
    const bar = screen.getByRole('region', { name: 'Fill open shifts' })
    await user.click(within(bar).getByRole('button', { name: 'Propose' }))
    await within(bar).findByText('Finding the best people…', { selector: 'span' })
    expect(solving?.aborted).toBe(false)
    await user.click(within(bar).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(solving?.aborted).toBe(true))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Fill open shifts' })).toBeNull())
  })
})
