import { addLocalDays, localDateOf, shiftRange } from '@rota/core'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it, vi } from 'vitest'
import { staffProfile } from '../../../testing/fake-server.ts'
import { shift } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'
import { scheduleServer } from '../../../testing/schedule-server.ts'

const tomorrow = addLocalDays(localDateOf(new Date(), 'America/Toronto'), 1)
const me = { id: staffProfile.id, name: 'Omar Haddad' }
/** A shift's day and hours on the business's clock, with the instants they are. */
function timed(date: string, start: string, end: string) {
  const range = shiftRange(date, start, end, 'America/Toronto')
  return { date, start_time: start, end_time: end, starts_at: range.from.toISOString(), ends_at: range.to.toISOString() }
}
const casa = { id: '00000000-0000-4000-8000-000000000501', name: 'Casa Martínez', street: '12 Rue Saint-Denis', city: 'Montréal', province: 'QC' as const, postal_code: 'H2X 3K8', latitude: 45.5154, longitude: -73.5687 }
const atCasa = shift({ id: '00000000-0000-4000-8000-000000000820', staff: me, location: casa, ...timed(tomorrow, '09:00', '17:00'), status: 'published', pending_change: null, allowed_events: ['shift.drop', 'shift.swap'] })
const open = shift({ id: '00000000-0000-4000-8000-000000000821', staff: null, ...timed(addLocalDays(tomorrow, 1), '18:00', '23:00'), status: 'published', pending_change: null, allowed_events: ['shift.request'] })

describe('a shift’s card, for its staff member', () => {
  it('shows the client’s address, with a link that opens its map point in the phone’s maps', async () => {
    renderApp('/schedules', { user: staffProfile, server: scheduleServer({ shifts: [atCasa, open] }).server })
    const card = await screen.findByRole('article', { name: /09:00–17:00 · Casa Martínez/ })
    expect(within(card).getByText('12 Rue Saint-Denis, Montréal, QC H2X 3K8')).toBeVisible()
    const map = within(card).getByRole('link', { name: 'Open Casa Martínez in Maps' })
    expect(map).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=45.5154%2C-73.5687')
    expect(map).toHaveAttribute('target', '_blank')
    expect(map).toHaveAttribute('rel', 'noopener')
  })

  it('finds a client without coordinates by its address, on an open shift too, in the person’s language', async () => {
    await i18next.changeLanguage('es')
    renderApp('/schedules', { user: staffProfile, server: scheduleServer({ shifts: [atCasa, open] }).server })
    const map = await screen.findByRole('link', { name: 'Abrir Casa Martínez en Maps' })
    expect(map).toHaveTextContent('Maps')
    await userEvent.setup().click(screen.getByRole('tab', { name: /Turnos abiertos/ }))
    const card = await screen.findByRole('article', { name: /18:00–23:00 · Harbourfront Centre/ })
    expect(within(card).getByText('627 Queens Quay W, Toronto, ON M5V 3G3')).toBeVisible()
    const query = new URL(within(card).getByRole('link', { name: 'Abrir Harbourfront Centre en Maps' }).getAttribute('href')!).searchParams.get('query')
    expect(query).toBe('627 Queens Quay W, Toronto, ON M5V 3G3')
  })
})

describe('a shift on a statutory holiday, for its staff member', () => {
  it('says the day is one (Christmas, in Ontario)', async () => {
    vi.useFakeTimers({ now: new Date('2026-12-20T15:00:00Z'), shouldAdvanceTime: true, toFake: ['Date'] })
    try {
      const christmas = shift({ id: '00000000-0000-4000-8000-000000000822', staff: me, location: casa, ...timed('2026-12-25', '09:00', '13:00'), status: 'published', pending_change: null, allowed_events: [] })
      const boxing = shift({ id: '00000000-0000-4000-8000-000000000823', staff: me, location: casa, ...timed('2026-12-28', '09:00', '13:00'), status: 'published', pending_change: null, allowed_events: [] })
      renderApp('/schedules', { user: staffProfile, server: scheduleServer({ shifts: [christmas, boxing] }).server })
      const cards = await screen.findAllByRole('article', { name: /09:00–13:00 · Casa Martínez/ })
      expect(within(cards[0]!).getByText('Statutory holiday: Christmas Day.')).toBeVisible()
      expect(within(cards[1]!).queryByText(/Statutory holiday/)).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })
})
