import type { Dashboard } from '@rota/core'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const weeks = ['2025-12-21', '2025-12-28', '2026-01-04', '2026-01-11', '2026-01-18', '2026-01-25', '2026-02-01', '2026-02-08', '2026-02-15', '2026-02-22', '2026-03-01', '2026-03-08']

const dashboard: Dashboard = {
  timezone: 'America/Toronto',
  week: { first_day: '2026-03-08', last_day: '2026-03-14' },
  last_week: { first_day: '2026-03-01', last_day: '2026-03-07' },
  first_run: false,
  attention: [
    { key: 'open_shifts', count: 3 },
    { key: 'unpublished_shifts', count: 0 },
    { key: 'shift_requests', count: 2, date: '2026-03-19' },
    { key: 'pending_timeoff', count: 2 },
    { key: 'timesheets_to_approve', count: 5 },
    { key: 'flagged_timesheets', count: 1 },
    { key: 'unscheduled_people', count: 4 },
    { key: 'expenses_to_approve', count: 2 },
    { key: 'overdue_invoices', count: 1 },
  ],
  figures: [
    { key: 'scheduled_minutes', unit: 'minutes', this_week: 660, last_week: 450 },
    { key: 'worked_minutes', unit: 'minutes', this_week: 420, last_week: 900 },
    { key: 'labour_cost_cents', unit: 'cents', this_week: 14000, last_week: 0 },
    { key: 'invoiced_cents', unit: 'cents', this_week: 0, last_week: 32000 },
    { key: 'margin_cents', unit: 'cents', this_week: -14000, last_week: 32000 },
  ],
  trend_weeks: weeks,
  trends: [
    { key: 'hours', unit: 'minutes', series: [{ key: 'scheduled', values: [...new Array(10).fill(0), 450, 660] }, { key: 'worked', values: [...new Array(10).fill(0), 900, 420] }] },
    { key: 'revenue', unit: 'cents', series: [{ key: 'invoiced', values: [...new Array(10).fill(0), 32000, 0] }] },
  ],
  top_clients: [
    { id: '00000000-0000-4000-8000-000000000501', name: 'Harbour Tower', cents: 32000 },
    { id: '00000000-0000-4000-8000-000000000502', name: 'Maple Clinic', cents: 8000 },
  ],
}

const serve = (data: Dashboard) => fakeServer({ 'GET /dashboard': () => ({ body: { data } }) })

describe('the dashboard', () => {
  it('lists what needs attention, each a link to the list that answers it', async () => {
    renderApp('/dashboard', { user: adminProfile, server: serve(dashboard) })
    const attention = await screen.findByRole('region', { name: 'Needs attention' })
    const links = within(attention).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['3Open shifts this week', '/schedules?date=2026-03-08'],
      ['0Shift changes not published yet', '/schedules?date=2026-03-08'],
      // Opened on the week of the first shift asked about.
      ['2Shift requests to decide', '/schedules?date=2026-03-19'],
      ['2Time-off requests to decide', '/timeoff/timeoff-requests?status=pending'],
      ['5Timesheets to approve', '/timesheets'],
      ['1Flagged timesheets to check', '/timesheets'],
      ['4People without a shift this week', '/schedules?date=2026-03-08'],
      ['2Expense claims to decide', '/finances/expenses?status=submitted'],
      ['1Overdue invoices', '/finances/invoices?overdue=true'],
    ])
  })

  it('puts each figure of the week beside last week’s, the change said in words', async () => {
    renderApp('/dashboard', { user: adminProfile, server: serve(dashboard) })
    const numbers = await screen.findByRole('region', { name: /^This week, Mar 8, 2026 to Mar 14, 2026$/ })
    expect(within(numbers).getByText('Hours scheduled').parentElement).toHaveTextContent('Hours scheduled11 hLast week: 7 h 30 minup 47 %')
    expect(within(numbers).getByText('Hours worked').parentElement).toHaveTextContent('Hours worked7 hLast week: 15 hdown 53 %')
    expect(within(numbers).getByText('Labour cost').parentElement).toHaveTextContent('Labour cost$140.00Last week: $0.00')
    expect(within(numbers).getByText('Invoiced (before tax)').parentElement).toHaveTextContent('Invoiced (before tax)$0.00Last week: $320.00down 100 %')
    expect(within(numbers).getByText('Margin (invoiced less labour)').parentElement).toHaveTextContent('Margin (invoiced less labour)-$140.00Last week: $320.00')
  })

  it('charts the value invoiced week by week, with its table', async () => {
    renderApp('/dashboard', { user: adminProfile, server: serve(dashboard) })
    const chart = await screen.findByRole('figure', { name: /Invoiced over the last 12 weeks/ })
    await userEvent.setup().click(within(chart).getByText('Show the numbers as a table'))
    const rows = within(within(chart).getByRole('table', { name: 'Invoiced over the last 12 weeks' })).getAllByRole('row')
    expect(within(rows[11]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['$320.00'])
  })

  it('draws the trend for the eye and gives the same numbers as a table', async () => {
    renderApp('/dashboard', { user: adminProfile, server: serve(dashboard) })
    const chart = await screen.findByRole('figure', { name: /Hours over the last 12 weeks/ })
    expect(chart.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
    await userEvent.setup().click(within(chart).getByText('Show the numbers as a table'))
    const table = within(chart).getByRole('table', { name: 'Hours over the last 12 weeks' })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(13)
    expect(within(rows[12]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['11 h', '7 h'])
    expect(within(rows[12]!).getByRole('rowheader')).toHaveTextContent('Mar 8')
  })

  it('keeps the scale\'s amounts whole and the weeks\' names apart, whatever their length in the language', async () => {
    const { default: i18next } = await import('i18next')
    await i18next.changeLanguage('fr')
    const large = { ...dashboard, trends: [{ key: 'revenue' as const, unit: 'cents' as const, series: [{ key: 'invoiced', values: [...new Array(11).fill(0), 1_234_500] }] }] }
    renderApp('/dashboard', { user: adminProfile, server: serve(large) })
    const chart = await screen.findByRole('figure', { name: 'Facturé sur les 12 dernières semaines' })
    const texts = [...chart.querySelectorAll('svg text')].map((text) => ({ x: Number(text.getAttribute('x')), anchor: text.getAttribute('text-anchor'), text: text.textContent! }))
    const scale = texts.filter((text) => text.anchor === 'end')
    expect(scale.map((text) => text.text.replace(/\s/g, ' '))).toEqual(['0,00 $', '10 000,00 $', '20 000,00 $'])
    // Each amount, drawn leftwards from its x, has room for every character (an 11-unit digit is at most 6.5 wide).
    for (const text of scale) expect(text.x).toBeGreaterThanOrEqual(text.text.length * 6.5)
    // French week names are too long for a slot each: every second is named, back from the latest.
    const named = texts.filter((text) => text.anchor === 'middle').map((text) => text.text)
    expect(named).toEqual(['28 déc.', '11 janv.', '25 janv.', '8 févr.', '22 févr.', '8 mars'])
  })

  it('writes the hours of the scale as numbers are written in the reader’s language', async () => {
    const { default: i18next } = await import('i18next')
    await i18next.changeLanguage('fr')
    const little = { ...dashboard, trends: [{ key: 'hours' as const, unit: 'minutes' as const, series: [{ key: 'scheduled', values: [...new Array(11).fill(0), 45] }] }] }
    renderApp('/dashboard', { user: adminProfile, server: serve(little) })
    const chart = await screen.findByRole('figure', { name: /Heures/ })
    const scale = [...chart.querySelectorAll('svg text[text-anchor="end"]')].map((text) => text.textContent)
    expect(scale).toEqual(['0 h', '0,5 h', '1 h'])
  })

  it('lists the clients most invoiced, most first, and says when nothing was', async () => {
    const view = renderApp('/dashboard', { user: adminProfile, server: serve(dashboard) })
    const clients = await screen.findByRole('figure', { name: 'Revenue by client, last 12 weeks' })
    expect(within(clients).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Harbour Tower$320.00', 'Maple Clinic$80.00'])
    view.unmount()
    renderApp('/dashboard', { user: adminProfile, server: serve({ ...dashboard, top_clients: [] }) })
    expect(await screen.findByText('No invoice sent in these weeks yet.')).toBeVisible()
  })

  it('shows a new business its first steps and the setup guide instead of empty numbers', async () => {
    renderApp('/dashboard', { user: adminProfile, server: serve({ ...dashboard, first_run: true }) })
    expect(await screen.findByText('Your numbers will show here')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Open the setup guide' })).toHaveAttribute('href', '/dashboard?guide=open')
    expect(screen.queryByRole('region', { name: 'Needs attention' })).toBeNull()
  })

  it('says so when the dashboard cannot be loaded', async () => {
    renderApp('/dashboard', { user: adminProfile, server: fakeServer({ 'GET /dashboard': () => ({ status: 403, body: { message: 'You do not have access.', code: 'forbidden' } }) }) })
    expect(await screen.findByText('The dashboard could not be loaded')).toBeVisible()
    expect(screen.getByText('You do not have access.')).toBeVisible()
  })
})
