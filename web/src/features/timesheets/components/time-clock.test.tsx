import { onlineManager } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer, staffProfile } from '../../../testing/fake-server.ts'
import { renderPiece } from '../../../testing/render-piece.tsx'
import { clockShift } from '../../../testing/timesheets.ts'
import { localDateOf } from '@rota/core'
import { MyTimeClock } from './my-time-clock.tsx'
import { TimeClock } from './time-clock.tsx'

/** A browser that shares where its person is, or one whose person said no. */
const granted = { getCurrentPosition: (ok: PositionCallback) => ok({ coords: { latitude: 43.6387, longitude: -79.3996, accuracy: 14.6 } } as GeolocationPosition) } as unknown as Geolocation
const denied = { getCurrentPosition: (_: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError) } as unknown as Geolocation

function clockServer() {
  return fakeServer({ 'POST /schedule/{id}/events': () => ({ body: { data: clockShift({ status: 'in_progress', allowed_events: ['shift.break_start', 'shift.complete'] }), message: 'Saved.' } }) })
}

describe('the time clock', () => {
  it('offers Clock in on a published shift of one’s own, and sends where the browser says one is', async () => {
    const server = clockServer()
    renderPiece(<TimeClock shift={clockShift()} geolocation={granted} />, { server, user: staffProfile })
    const shift = await screen.findByRole('region', { name: 'Shift 09:00 – 17:00 at Harbourfront Centre' })
    expect(within(shift).getByText('Not started')).toBeInTheDocument()
    expect(within(shift).queryByRole('button', { name: /break|Clock out/ })).toBeNull()
    await userEvent.setup().click(within(shift).getByRole('button', { name: 'Clock in' }))
    await waitFor(() => expect(server.called('POST /schedule/{id}/events')).toHaveLength(1))
    expect(server.called('POST /schedule/{id}/events')[0]!.body).toEqual({ type: 'shift.clock_in', version: 2, position: { latitude: 43.6387, longitude: -79.3996, accuracy_m: 15 } })
    expect(within(shift).getByRole('status')).toHaveTextContent('')
  })

  it('clocks in all the same when the person does not share their location, and says the manager will see it unverified', async () => {
    const server = clockServer()
    renderPiece(<TimeClock shift={clockShift()} geolocation={denied} />, { server, user: staffProfile })
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Clock in' }))
    await waitFor(() => expect(server.called('POST /schedule/{id}/events')).toHaveLength(1))
    expect(server.called('POST /schedule/{id}/events')[0]!.body).toEqual({ type: 'shift.clock_in', version: 2, position: null })
    expect(screen.getByRole('status')).toHaveTextContent('Your location was not shared: your manager will see this clocking as unverified.')
  })

  it('offers End break and Clock out on a break, and the break carries no position', async () => {
    const server = clockServer()
    const onBreak = clockShift({ status: 'in_progress', clocked_in_at: '2026-03-09T12:58:00.000Z', allowed_events: ['shift.break_end', 'shift.complete'], version: 4 })
    renderPiece(<TimeClock shift={onBreak} geolocation={granted} />, { server, user: staffProfile })
    expect(await screen.findByText('On a break')).toBeInTheDocument()
    expect(screen.getByText('Clocked in at 08:58')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Clock out' })).toBeInTheDocument()
    await userEvent.setup().click(screen.getByRole('button', { name: 'End break' }))
    await waitFor(() => expect(server.called('POST /schedule/{id}/events')[0]?.body).toEqual({ type: 'shift.break_end', version: 4 }))
  })

  it('asks before clocking out while more than a quarter of an hour of the shift is left', async () => {
    const server = clockServer()
    const now = Date.now()
    const working = clockShift({ status: 'in_progress', starts_at: new Date(now - 3_600_000).toISOString(), ends_at: new Date(now + 6 * 3_600_000).toISOString(), allowed_events: ['shift.break_start', 'shift.complete'], version: 5 })
    renderPiece(<TimeClock shift={working} geolocation={granted} />, { server, user: staffProfile })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Clock out' }))
    const question = await screen.findByRole('alertdialog', { name: 'Clock out early?' })
    expect(question).toHaveTextContent(/Your shift is planned until \d\d:\d\d\./)
    await user.click(within(question).getByRole('button', { name: 'Cancel' }))
    expect(server.called('POST /schedule/{id}/events')).toHaveLength(0)
    // The question leaves with a transition; until it has, its own "Clock out" is still there.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    await user.click(screen.getByRole('button', { name: 'Clock out' }))
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Clock out early?' })).getByRole('button', { name: 'Clock out' }))
    await waitFor(() => expect(server.called('POST /schedule/{id}/events')[0]?.body).toMatchObject({ type: 'shift.complete', version: 5 }))
  })

  it('lists the shifts whose clock-in is open now: a night begun yesterday after midnight, not one over nor one hours away', async () => {
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString()
    const day = (hours: number) => localDateOf(at(hours), 'America/Toronto')
    const night = clockShift({ id: '00000000-0000-4000-8000-000000000301', date: day(-3), starts_at: at(-3), ends_at: at(5), location: { ...clockShift().location, id: '00000000-0000-4000-8000-000000000501', name: 'Night Depot' } })
    const over = clockShift({ id: '00000000-0000-4000-8000-000000000302', date: day(-6), starts_at: at(-6), ends_at: at(-4), location: { ...clockShift().location, id: '00000000-0000-4000-8000-000000000502', name: 'Morning Office' } })
    const later = clockShift({ id: '00000000-0000-4000-8000-000000000303', date: day(8), starts_at: at(8), ends_at: at(12), location: { ...clockShift().location, id: '00000000-0000-4000-8000-000000000503', name: 'Evening Mall' } })
    const server = fakeServer({ 'GET /schedule': () => ({ body: { data: { count: 3, rows: [over, night, later] } } }) })
    renderPiece(<MyTimeClock geolocation={granted} />, { server, user: staffProfile })
    expect(await screen.findByText(/Night Depot/)).toBeInTheDocument()
    expect(screen.queryByText(/Morning Office/)).toBeNull()
    expect(screen.queryByText(/Evening Mall/)).toBeNull()
    expect(screen.getAllByRole('button', { name: 'Clock in' })).toHaveLength(1)
  })

  it('keeps the keyboard in place: once clocked in, focus is on Start break, and the new state is said', async () => {
    const today = localDateOf(new Date(), 'America/Toronto')
    let shift = clockShift({ date: today, starts_at: new Date(Date.now() - 600_000).toISOString(), ends_at: new Date(Date.now() + 3_600_000).toISOString() })
    const server = fakeServer({
      'GET /schedule': () => ({ body: { data: { count: 1, rows: [shift] } } }),
      'POST /schedule/{id}/events': () => {
        shift = clockShift({ date: today, status: 'in_progress', allowed_events: ['shift.break_start', 'shift.complete'], version: 3 })
        return { body: { data: shift, message: 'Saved.' } }
      },
    })
    renderPiece(<MyTimeClock geolocation={granted} />, { server, user: staffProfile })
    const user = userEvent.setup()
    const clockIn = await screen.findByRole('button', { name: 'Clock in' })
    clockIn.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.getByRole('button', { name: 'Start break' })).toHaveFocus())
    expect(screen.getByText('Clocked in').closest('[aria-live]')).toHaveAttribute('aria-live', 'polite')
  })

  it('says at once that a clock-in made without a connection was not recorded, rather than sending it when the phone finds signal', async () => {
    const server = fakeServer({ 'POST /schedule/{id}/events': () => ({ body: { data: clockShift({ status: 'in_progress' }) } }) })
    const offline = (async () => {
      throw new TypeError('Failed to fetch')
    }) as typeof fetch
    onlineManager.setOnline(false)
    try {
      renderPiece(<TimeClock shift={clockShift()} geolocation={denied} />, { server: { ...server, fetch: offline }, user: staffProfile })
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Clock in' }))
      expect(await screen.findByText('Rota could not be reached. Check your connection and try again.')).toBeInTheDocument()
      expect(server.called('POST /schedule/{id}/events')).toHaveLength(0)
    } finally {
      onlineManager.setOnline(true)
    }
  })

  it('shows why the server refused, in its words', async () => {
    const server = fakeServer({
      'POST /schedule/{id}/events': () => ({ status: 422, body: { message: 'You are already clocked in on another shift. Clock out of it first.', code: 'already_clocked_in' } }),
    })
    renderPiece(<TimeClock shift={clockShift()} geolocation={denied} />, { server, user: staffProfile })
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Clock in' }))
    expect(await screen.findByText('You are already clocked in on another shift. Clock out of it first.')).toBeInTheDocument()
  })
})
