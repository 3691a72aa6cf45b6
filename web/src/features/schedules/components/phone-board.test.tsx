import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { adminProfile } from '../../../testing/fake-server.ts'
import { member, shift } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'
import { scheduleServer } from '../../../testing/schedule-server.ts'

const ana = member()
const ben = member({ id: '00000000-0000-4000-8000-000000000701', firstname: 'Ben', lastname: 'Roy', email: 'ben@maple.test' })
const drafted = shift()
const open = shift({ id: '00000000-0000-4000-8000-000000000801', staff: null, date: '2025-03-12', starts_at: '2025-03-12T22:00:00.000Z', ends_at: '2025-03-13T02:00:00.000Z', start_time: '18:00', end_time: '22:00', paid_minutes: 240, cost_cents: 11_200, value_cents: 26_000, break_minutes: 0 })

// A phone held upright: the screen answers the board's question about its width.
beforeAll(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} }))
})
afterAll(() => vi.unstubAllGlobals())

describe('the schedule board on a phone', () => {
  it('shows a day at a time, picked among the week’s days, with who works it and who does not', async () => {
    const { server } = scheduleServer({ shifts: [{ ...drafted }, { ...open }], team: [ana, ben] })
    const { current } = renderApp('/schedules?date=2025-03-10', { user: adminProfile, server })
    const user = userEvent.setup()
    const days = await screen.findByRole('group', { name: 'Day of the week' })
    // Each day with how many shifts it has, said in words to those who hear it.
    expect(within(days).getAllByRole('button').map((day) => day.textContent)).toEqual(['Sun90Shifts: 0', 'Mon101Shifts: 1', 'Tue110Shifts: 0', 'Wed121Shifts: 1', 'Thu130Shifts: 0', 'Fri140Shifts: 0', 'Sat150Shifts: 0'])
    expect(within(days).getByRole('button', { name: /^Mon\s*10\s*Shifts: 1$/, pressed: true })).toBeVisible()
    // No week's grid: the day's rows, the open shifts first.
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByRole('heading', { level: 2, name: 'Monday, March 10' })).toBeVisible()
    const anaDay = screen.getByRole('region', { name: 'Ana Diaz' })
    expect(within(anaDay).getByRole('button', { name: /^09:00–17:00\s+Monday, March 10, Ana Diaz,/ })).toBeVisible()
    expect(within(anaDay).getByText('7 h 30 min')).toBeVisible()
    expect(screen.getByRole('region', { name: 'Open shifts' })).toBeVisible()
    expect(screen.getByText('This day: 7 h 30 min · cost $183.75 · value $487.50')).toBeVisible()

    // Ben has no shift that Monday: he is among those not working, from where a shift is added for him.
    await user.click(screen.getByRole('button', { name: 'Not working on Monday, March 10: 1' }))
    await user.click(screen.getByRole('button', { name: 'Add a shift: Ben Roy, Monday, March 10' }))
    const panel = await screen.findByRole('dialog', { name: 'New shift' })
    expect(within(panel).getByLabelText('Team member')).toHaveValue(ben.id)
    expect(within(panel).getByLabelText(/^Day/)).toHaveValue('2025-03-10')
    await user.click(within(panel).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New shift' })).toBeNull())

    // Wednesday: the open shift, which opens in the panel when tapped.
    await user.click(within(days).getByRole('button', { name: /^Wed\s*12/ }))
    await waitFor(() => expect(current()).toBe('/schedules?date=2025-03-12'))
    const openDay = await screen.findByRole('region', { name: 'Open shifts' })
    await user.click(within(openDay).getByRole('button', { name: /^18:00–22:00\s+Wednesday, March 12, Open shift,/ }))
    expect(await screen.findByRole('dialog', { name: 'Wednesday, March 12 · 18:00–22:00' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Publish (2)' })).toBeVisible()
  })
})
