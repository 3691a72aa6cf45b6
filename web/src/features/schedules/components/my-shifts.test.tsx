import { addLocalDays, localDateOf, localTimeOf, shiftRange } from '@rota/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { permissionEntry, staffProfile } from '../../../testing/fake-server.ts'
import { availability, shift } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'
import { scheduleServer } from '../../../testing/schedule-server.ts'

const tomorrow = addLocalDays(localDateOf(new Date(), 'America/Toronto'), 1)
const me = { id: staffProfile.id, name: 'Omar Haddad' }
/** A shift's day and hours on the business's clock, with the instants they are. */
function timed(date: string, start: string, end: string) {
  const range = shiftRange(date, start, end, 'America/Toronto')
  return { date, start_time: start, end_time: end, starts_at: range.from.toISOString(), ends_at: range.to.toISOString() }
}
const mine = shift({ id: '00000000-0000-4000-8000-000000000810', staff: me, ...timed(tomorrow, '09:00', '17:00'), status: 'published', pending_change: null, notes: 'Side door, code 4411', allowed_events: ['shift.drop', 'shift.swap', 'shift.clock_in'], version: 3 })
const open = shift({ id: '00000000-0000-4000-8000-000000000811', staff: null, ...timed(addLocalDays(tomorrow, 2), '18:00', '23:00'), status: 'published', pending_change: null, allowed_events: ['shift.request'], version: 2 })

function staffServer(overrides: Parameters<typeof scheduleServer>[0] = {}) {
  return scheduleServer({ shifts: [{ ...mine }, { ...open }], ...overrides })
}

describe('my shifts, for staff', () => {
  it('lists their shifts coming up, by day, with what they may ask', async () => {
    const { server } = staffServer()
    renderApp('/schedules', { user: staffProfile, server })
    const card = await screen.findByRole('article', { name: /09:00–17:00 · Harbourfront Centre/ })
    expect(within(card).getByText('Side door, code 4411')).toBeVisible()
    expect(within(card).getByText('Snow removal · 30 min unpaid break')).toBeVisible()
    expect(within(card).getByText('Published')).toBeVisible()
    expect(within(card).getByRole('button', { name: 'Drop shift' })).toBeVisible()
    expect(within(card).getByRole('button', { name: 'Swap shift' })).toBeVisible()
    expect(within(card).queryByRole('button', { name: 'Clock in' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Publish/ })).toBeNull()
    expect(screen.queryByRole('table')).toBeNull()
    const range = server.called('GET /schedule')[0]!.query
    // From yesterday (a night begun then), six weeks: as far apart as the API serves in one page.
    expect(range.get('to')).toBe(addLocalDays(range.get('from')!, 41))
  })

  it('says when they clocked in, names clocking out as such, and asks first while much of the shift is left', async () => {
    const now = Date.now()
    const today = localDateOf(new Date(now), 'America/Toronto')
    const clockedIn = new Date(now - 3_540_000)
    const working = shift({ id: '00000000-0000-4000-8000-000000000812', staff: me, date: today, starts_at: new Date(now - 3_600_000).toISOString(), ends_at: new Date(now + 6 * 3_600_000).toISOString(), status: 'in_progress', pending_change: null, clocked_in_at: clockedIn.toISOString(), allowed_events: ['shift.break_start', 'shift.complete'], version: 4 })
    const { server } = staffServer({ shifts: [working] })
    // The phone shares where it is: clocking out from the card says so, as the time clock does.
    const here = { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 43.6387, longitude: -79.3996, accuracy: 14.6 } } as GeolocationPosition) }
    vi.stubGlobal('navigator', { ...navigator, geolocation: here })
    try {
      renderApp('/schedules', { user: staffProfile, server })
      const user = userEvent.setup()
      expect(await screen.findByText(`Clocked in at ${localTimeOf(clockedIn, 'America/Toronto')}`)).toBeVisible()
      await user.click(await screen.findByRole('button', { name: 'Clock out' }))
      const question = await screen.findByRole('alertdialog', { name: 'Clock out early?' })
      await user.click(within(question).getByRole('button', { name: 'Clock out' }))
      await waitFor(() =>
        expect(server.called('POST /schedule/{id}/events')[0]?.body).toEqual({ type: 'shift.complete', version: 4, position: { latitude: 43.6387, longitude: -79.3996, accuracy_m: 15 } }),
      )
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('asks to drop a shift with a note for the scheduler', async () => {
    const { server } = staffServer()
    renderApp('/schedules', { user: staffProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Drop shift' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ask to drop this shift' })
    expect(within(dialog).getByText('The schedulers are told at once; you get a notification when one of them decides.')).toBeVisible()
    await user.type(within(dialog).getByLabelText('Note for the scheduler (optional)'), 'Family matter')
    await user.click(within(dialog).getByRole('button', { name: 'Drop shift' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.called('POST /schedule/{id}/events')[0]).toMatchObject({ path: `/schedule/${mine.id}/events`, body: { type: 'shift.drop', version: 3, note: 'Family matter' } })
  })

  it('asks to swap for a colleague’s shift picked from those both could work, and says when there is none', async () => {
    const theirs = { id: '00000000-0000-4000-8000-000000000999', staff: { id: '00000000-0000-4000-8000-000000000701', name: 'Kim Roy' }, location: { id: mine.location.id, name: 'Harbourfront Centre' }, service: { id: mine.service.id, name: 'Snow removal' }, date: addLocalDays(tomorrow, 3), start_time: '07:00', end_time: '15:00', starts_at: mine.starts_at, ends_at: mine.ends_at }
    const { server } = staffServer()
    let offered = [theirs]
    server.on('GET /schedule/{id}/swap_options', () => ({ body: { data: offered } }))
    renderApp('/schedules', { user: staffProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Swap shift' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ask to swap this shift' })
    const choices = within(dialog).getByRole('group', { name: "A colleague's shift to take instead" })
    const choice = await within(choices).findByRole('radio', { name: /07:00–15:00.*Kim Roy · Harbourfront Centre · Snow removal/ })
    await user.click(within(dialog).getByRole('button', { name: 'Swap shift' }))
    expect(within(dialog).getByText('Choose one.')).toBeVisible()
    expect(server.called('POST /schedule/{id}/events')).toHaveLength(0)
    await user.click(choice)
    await user.type(within(dialog).getByLabelText('Note for the scheduler (optional)'), 'Kim agreed')
    await user.click(within(dialog).getByRole('button', { name: 'Swap shift' }))
    await waitFor(() => expect(server.called('POST /schedule/{id}/events')[0]?.body).toEqual({ type: 'shift.swap', version: 3, with_shift_id: theirs.id, note: 'Kim agreed' }))
    expect(server.called('GET /schedule/{id}/swap_options')[0]?.path).toBe(`/schedule/${mine.id}/swap_options`)

    offered = []
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await user.click(await screen.findByRole('button', { name: 'Swap shift' }))
    const none = await screen.findByRole('dialog', { name: 'Ask to swap this shift' })
    expect(await within(none).findByText(/No colleague's shift in the next six weeks fits/)).toBeVisible()
    expect(within(none).getByRole('button', { name: 'Swap shift' })).toBeDisabled()
  })

  it('offers the open shifts they may take, and asks for one', async () => {
    const { server } = staffServer()
    renderApp('/schedules', { user: staffProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('tab', { name: 'Open shifts (1)' }))
    const card = await screen.findByRole('article', { name: /18:00–23:00/ })
    expect(within(card).getByText('Open')).toBeVisible()
    await user.click(within(card).getByRole('button', { name: 'Request shift' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ask for this shift' })
    await user.click(within(dialog).getByRole('button', { name: 'Request shift' }))
    await waitFor(() => expect(server.called('POST /schedule/{id}/events')[0]?.body).toEqual({ type: 'shift.request', version: 2 }))
  })

  it('says why they cannot ask for an open shift, and counts only those they can ask for', async () => {
    const asker = { ...staffProfile, permissions: [permissionEntry('schedules', { read: true }), permissionEntry('timeoff-requests', { read: true, create: true })] }
    const away = addLocalDays(tomorrow, 3)
    const onLeave = shift({ id: '00000000-0000-4000-8000-000000000814', staff: null, ...timed(away, '09:00', '17:00'), status: 'published', pending_change: null, allowed_events: [], version: 2 })
    const wholeDay = timed(away, '00:00', '00:00')
    const leave = { id: '00000000-0000-4000-8000-000000000950', staff: me, category: null, status: 'approved', period: 'days', start_date: away, end_date: away, half: null, start_time: null, end_time: null, starts_at: wholeDay.starts_at, ends_at: wholeDay.ends_at }
    const { server } = staffServer({ shifts: [{ ...mine }, { ...open }, onLeave], handlers: { 'GET /timeoff_calendar': () => ({ body: { data: [leave] } }) } })
    renderApp('/schedules', { user: asker, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('tab', { name: 'Open shifts (1)' }))
    expect(await screen.findByText(/Open shifts: 2\. You can ask for 1 of them\./)).toBeVisible()
    const card = await screen.findByRole('article', { name: /09:00–17:00/ })
    expect(await within(card).findByText('You are on time off that day.')).toBeVisible()
    expect(within(card).queryByRole('button')).toBeNull()
    const askable = screen.getByRole('article', { name: /18:00–23:00/ })
    expect(within(askable).queryByText(/You are on time off|You can't ask/)).toBeNull()
  })

  it('shows on a day of their week the end of a night begun the day before', async () => {
    const night = shift({ id: '00000000-0000-4000-8000-000000000815', staff: me, date: '2025-03-08', starts_at: '2025-03-09T03:00:00.000Z', ends_at: '2025-03-09T10:00:00.000Z', start_time: '22:00', end_time: '06:00', break_minutes: 0, paid_minutes: 420, status: 'published', pending_change: null, allowed_events: [] })
    const { server } = staffServer({ shifts: [night] })
    renderApp('/schedules?date=2025-03-09', { user: staffProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Week' }))
    const sunday = await screen.findByRole('listitem', { name: 'Sunday, March 9' })
    expect(await within(sunday).findByText('Until 06:00: Harbourfront Centre, a shift begun the day before')).toBeVisible()
    expect(within(sunday).queryByText('Free')).toBeNull()
    // The week's hours stay those of the shifts it begins.
    expect(screen.getByText('Planned hours this week: 0 min')).toBeVisible()
    expect(server.called('GET /schedule').some((call) => call.query.get('from') === '2025-03-08' && call.query.get('to') === '2025-03-15')).toBe(true)
  })

  it('lists among their coming shifts a night begun yesterday that runs now, and not one over today', async () => {
    const now = Date.now()
    const today = localDateOf(new Date(now), 'America/Toronto')
    const running = shift({ id: '00000000-0000-4000-8000-000000000816', staff: me, date: addLocalDays(today, -1), start_time: '22:00', end_time: '06:00', starts_at: new Date(now - 4 * 3_600_000).toISOString(), ends_at: new Date(now + 3_600_000).toISOString(), status: 'published', pending_change: null, location: { ...shift().location, id: '00000000-0000-4000-8000-000000000510', name: 'Night Depot' }, allowed_events: ['shift.clock_in'] })
    const done = shift({ id: '00000000-0000-4000-8000-000000000817', staff: me, date: today, start_time: '06:00', end_time: '07:00', starts_at: new Date(now - 3 * 3_600_000).toISOString(), ends_at: new Date(now - 2 * 3_600_000).toISOString(), status: 'published', pending_change: null, location: { ...shift().location, id: '00000000-0000-4000-8000-000000000511', name: 'Early Office' }, allowed_events: [] })
    const { server } = staffServer({ shifts: [running, done] })
    renderApp('/schedules', { user: staffProfile, server })
    expect(await screen.findByRole('article', { name: /Night Depot/ })).toBeVisible()
    expect(screen.queryByRole('article', { name: /Early Office/ })).toBeNull()
    expect(server.called('GET /schedule')[0]!.query.get('from')).toBe(addLocalDays(today, -1))
  })

  it('withdraws a request they made', async () => {
    const asked = { ...open, requests: [{ id: '00000000-0000-4000-8000-000000000901', kind: 'take' as const, requester: me, swap_shift_id: null, swap_shift: null, status: 'pending' as const, note: null, created_at: '2025-03-05T15:00:00Z' }], allowed_events: ['shift.withdraw'] }
    const { server } = staffServer({ shifts: [{ ...mine }, asked] })
    renderApp('/schedules', { user: staffProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('tab', { name: 'Open shifts (1)' }))
    expect(await screen.findByText('You asked for this shift. A scheduler will decide.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Withdraw request' }))
    await waitFor(() => expect(server.called('POST /schedule/{id}/events')[0]?.body).toEqual({ type: 'shift.withdraw', version: 2, request_id: '00000000-0000-4000-8000-000000000901' }))
  })

  it('opens a notification’s shift in its week, marked', async () => {
    const { server } = staffServer()
    const { current } = renderApp(`/schedules?id=${mine.id}`, { user: staffProfile, server })
    await waitFor(() => expect(current()).toBe(`/schedules?id=${mine.id}&date=${tomorrow}`))
    expect(await screen.findByText('Opened from a notification')).toBeVisible()
    const card = await screen.findByRole('article', { name: /09:00–17:00 · Harbourfront Centre/ })
    expect(card).toHaveAttribute('aria-current', 'true')
    expect(screen.getByRole('button', { name: 'Week', pressed: true })).toBeVisible()
    expect(screen.getByText('Planned hours this week: 7 h 30 min')).toBeVisible()
  })

  it('sets when they can work: hours on a weekday and a day away', async () => {
    const { server } = staffServer({
      handlers: { 'PUT /availability/{id}': ({ body }) => ({ body: { data: availability({ ...(body as object), version: 1 }), message: 'Saved.' } }) },
    })
    renderApp('/schedules', { user: staffProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('tab', { name: 'Availability' }))
    await user.click(await screen.findByRole('button', { name: 'Add hours on Monday' }))
    const from = screen.getByLabelText('Monday: from')
    await user.clear(from)
    await user.type(from, '08:00')
    await user.click(screen.getByRole('button', { name: 'Add an exception' }))
    await user.selectOptions(screen.getByLabelText('That day'), 'Not available')
    await user.type(screen.getByLabelText('Note'), 'Dentist')
    await user.click(screen.getByRole('button', { name: 'Save my availability' }))
    expect(await screen.findByText('Your availability is saved.')).toBeVisible()
    expect(server.called('PUT /availability/{id}')[0]).toMatchObject({
      path: `/availability/${staffProfile.id}`,
      body: { version: 0, windows: [{ weekday: 1, start: '08:00', end: '17:00' }], exceptions: [{ available: false, start: null, end: null, note: 'Dentist' }] },
    })
  })

  it('gives their private calendar address, and a new one after asking', async () => {
    const { server } = staffServer()
    renderApp('/schedules', { user: staffProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('tab', { name: 'Calendar' }))
    expect(await screen.findByLabelText('Private calendar address')).toHaveValue('http://rota.test/api/v1/calendar/secret-token.ics')
    await user.click(screen.getByRole('button', { name: 'Make a new address' }))
    const question = await screen.findByRole('alertdialog', { name: 'Make a new calendar address?' })
    await user.click(within(question).getByRole('button', { name: 'Make a new address' }))
    await waitFor(() => expect(screen.getByLabelText('Private calendar address')).toHaveValue('http://rota.test/api/v1/calendar/new-token.ics'))
    expect(server.called('POST /schedule/feed/reset')).toHaveLength(1)
  })

  it('says so when there is nothing coming up', async () => {
    const { server } = scheduleServer({ shifts: [] })
    renderApp('/schedules', { user: staffProfile, server })
    expect(await screen.findByRole('region', { name: 'No shifts in the next six weeks.' })).toBeVisible()
  })
})
