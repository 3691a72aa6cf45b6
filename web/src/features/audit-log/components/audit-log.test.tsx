import type { AuditLogDetail, AuditLogEntry } from '@rota/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminProfile, fakeServer } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const LOCATION = '00000000-0000-4000-8000-000000000301'
const OLIVE = '00000000-0000-4000-8000-000000000001'

const update: AuditLogEntry = {
  id: 42,
  created_at: '2026-03-11T15:30:00.000Z',
  action: 'locations.update',
  model: 'locations',
  record_id: LOCATION,
  actor: { id: OLIVE, name: 'Olive Owner' },
  actor_email: 'olive@maple.test',
  ip: '203.0.113.9',
  user_agent: 'Firefox/128.0',
  changed: ['city'],
}
const login: AuditLogEntry = { ...update, id: 41, created_at: '2026-03-11T15:00:00.000Z', action: 'auth.login', model: 'users', record_id: OLIVE, changed: ['method'] }
const detail: AuditLogDetail = {
  ...update,
  before: { name: 'Harbourfront', city: 'Toronto' },
  after: { name: 'Harbourfront', city: '=Mississauga' },
  record_exists: true,
  hash: 'ab'.repeat(32),
  prev_hash: 'cd'.repeat(32),
}

const serve = (overrides: Partial<AuditLogDetail> = {}) =>
  fakeServer({
    'GET /audit_log': () => ({ body: { data: { count: 2, rows: [update, login] } } }),
    'GET /audit_log/{id}': () => ({ body: { data: { ...detail, ...overrides } } }),
    'GET /user': () => ({ body: { data: { count: 0, rows: [] } } }),
    'GET /audit_log/export': () => ({ body: { data: { count: 1, rows: [{ ...update, before: detail.before, after: detail.after }] } } }),
  })

afterEach(() => vi.restoreAllMocks())

describe('the audit log', () => {
  it('lists who did what when, newest first, and narrows by text, area and days through the API', async () => {
    const server = serve()
    renderApp('/audit-logs', { user: adminProfile, server })
    const table = await screen.findByRole('table', { name: 'Audit log' })
    await within(table).findByText('Changed')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Mar 11, 2026, 11:30', 'Olive Owner', 'Changed', 'Clients', 'City'],
      ['Mar 11, 2026, 11:00', 'Olive Owner', 'Signed in', 'Team Members', 'Method'],
    ])
    expect(server.called('GET /audit_log')[0]!.query.get('order')).toBe('desc')
    const user = userEvent.setup()
    // Every area that writes to the log, timesheets by that name; the reports only read, so they are not offered.
    const areas = within(screen.getByLabelText('Filter by area')).getAllByRole('option').map((option) => option.textContent)
    expect(areas).toEqual(expect.arrayContaining(['Clients', 'Timesheets']))
    expect(areas).not.toContain('Invoice Report')
    await user.selectOptions(screen.getByLabelText('Filter by area'), 'Clients')
    await waitFor(() => expect(server.called('GET /audit_log').at(-1)!.query.get('filter[model]')).toBe('locations'))
    await user.type(screen.getByLabelText('From'), '2026-03-01')
    await waitFor(() => expect(server.called('GET /audit_log').at(-1)!.query.get('from')).toBe('2026-03-01'))
  })

  it('says what happened in the screen’s language, machine events and sign-ins alike, never as codes', async () => {
    await i18next.changeLanguage('fr')
    const approved: AuditLogEntry = { ...update, id: 43, action: 'timeoff-requests.approve', model: 'timeoff-requests', changed: ['status', 'decision_note'] }
    const unnamed: AuditLogEntry = { ...update, id: 44, action: 'widgets.resize_all', model: 'widgets', changed: ['width_minutes'] }
    const server = fakeServer({
      'GET /audit_log': () => ({ body: { data: { count: 4, rows: [update, approved, unnamed, login] } } }),
      'GET /user': () => ({ body: { data: { count: 0, rows: [] } } }),
    })
    renderApp('/audit-logs', { user: adminProfile, server })
    const table = await screen.findByRole('table', { name: 'Journal d’audit' })
    await within(table).findByText('Modification')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(2).map((cell) => cell.textContent))).toEqual([
      ['Modification', 'Clients', 'Ville'],
      ['Approbation', 'Demandes de congé', 'Statut, Motif donné'],
      ['Resize all', 'Widgets', 'Width'],
      ['Connexion', "Membres de l'équipe", 'Méthode'],
    ])
  })

  it('opens a row: before and after side by side, the changed field marked, where it came from, and the record', async () => {
    renderApp('/audit-logs', { user: adminProfile, server: serve() })
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Mar 11, 2026, 11:30' }))
    const panel = await screen.findByRole('dialog', { name: 'Changed · Clients' })
    const values = within(panel).getByRole('table', { name: 'Values before and after' })
    const rows = within(values).getAllByRole('row').slice(1)
    expect(rows.map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)])).toEqual([
      ['Name', 'Harbourfront', 'Harbourfront'],
      ['CityChanged', 'Toronto', '=Mississauga'],
    ])
    expect(within(panel).getByText('203.0.113.9')).toBeVisible()
    expect(within(panel).getByText('Firefox/128.0')).toBeVisible()
    expect(within(panel).getByRole('link', { name: 'Open the record' })).toHaveAttribute('href', `/locations?id=${LOCATION}`)
  })

  it('writes stored values as the screens that set them do: days, money, lengths of time, yes and no, languages', async () => {
    const settingsChange = {
      action: 'settings.update',
      model: 'settings',
      record_id: 'maple',
      changed: ['week_start', 'mileage_rate_cents', 'min_rest_minutes', 'require_otp', 'locale', 'optimiser_priorities', 'vacation_pay_percent', 'completed_guided_setup'],
      before: { week_start: 0, mileage_rate_cents: 68, min_rest_minutes: 600, require_otp: true, locale: 'fr', optimiser_priorities: { cost: 1, fairness: 2 }, vacation_pay_percent: '4', completed_guided_setup: 'settings' },
      after: { week_start: 1, mileage_rate_cents: 72, min_rest_minutes: 480, require_otp: false, locale: 'en', optimiser_priorities: { cost: 2, fairness: 1 }, vacation_pay_percent: '6.5', completed_guided_setup: 'settings,staffs' },
    }
    renderApp('/audit-logs?entry=42', { user: adminProfile, server: serve(settingsChange) })
    const panel = await screen.findByRole('dialog', { name: /Settings/ })
    const rows = within(within(panel).getByRole('table', { name: 'Values before and after' })).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Sunday', 'Monday'],
      ['$0.68', '$0.72'],
      ['10 h', '8 h'],
      ['Yes', 'No'],
      ['French', 'English'],
      ['Cost: 1, Fairness: 2', 'Cost: 2, Fairness: 1'],
      ['4%', '6.5%'],
      ['Business settings', 'Business settings, Team members'],
    ])
  })

  it('writes a payment as its dialog does: its day and its method in words', async () => {
    const payment = {
      action: 'invoices.payment',
      model: 'invoices',
      record_id: '00000000-0000-4000-8000-000000000001',
      changed: ['paid_cents', 'payment'],
      before: { paid_cents: 0 },
      after: { paid_cents: 5000, payment: { paid_on: '2026-04-10', amount_cents: 5000, method: 'e_transfer', reference: null } },
    }
    renderApp('/audit-logs?entry=42', { user: adminProfile, server: serve(payment) })
    const panel = await screen.findByRole('dialog', { name: /Invoices/ })
    const table = within(panel).getByRole('table', { name: 'Values before and after' })
    expect(table).toHaveTextContent('April 10, 2026')
    expect(table).toHaveTextContent('Interac e-Transfer')
    expect(table).not.toHaveTextContent('e_transfer')
  })

  it('writes statuses in words, the people and clients an entry points at by name, and times of day as HH:MM, in French too', async () => {
    await i18next.changeLanguage('fr')
    const SHIFT = '0bcabeb2-8570-4c1a-9f0e-2c8f6b1d0e42'
    const SOPHIE = '4723ad7d-b49e-4c1a-9f0e-2c8f6b1d0e42'
    const CLINIC = '00000000-0000-4000-8000-000000000511'
    const RETIRED = '7e3d2c1b-0000-4000-8000-000000000521'
    const shift = {
      action: 'schedules.drop_request',
      model: 'schedules',
      record_id: SHIFT,
      changed: ['staff_id'],
      before: { status: 'published', staff_id: SOPHIE, location_id: CLINIC, service_id: RETIRED, starts_at: '2026-12-12T14:00:00.000Z' },
      after: { status: 'published', staff_id: null, location_id: CLINIC, service_id: RETIRED, starts_at: '2026-12-12T14:00:00.000Z' },
    }
    const server = fakeServer({
      'GET /audit_log': () => ({ body: { data: { count: 1, rows: [update] } } }),
      'GET /audit_log/{id}': () => ({ body: { data: { ...detail, ...shift } } }),
      'GET /user': () => ({ body: { data: { count: 1, rows: [{ id: SOPHIE, firstname: 'Sophie', lastname: 'Bélanger', email: 'sophie@maple.test' }] } } }),
      'GET /location': () => ({ body: { data: { count: 1, rows: [{ id: CLINIC, name: 'Clinique Saint-Roch' }] } } }),
      'GET /service': () => ({ body: { data: { count: 0, rows: [] } } }),
    })
    renderApp('/audit-logs?entry=42', { user: adminProfile, server })
    const panel = await screen.findByRole('dialog', { name: /Horaires/ })
    const values = within(panel).getByRole('table', { name: 'Valeurs avant et après' })
    const rows = () => within(values).getAllByRole('row').slice(1).map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)])
    await waitFor(() => expect(rows()[1]).toEqual(['Membre de l’équipeModifié', 'Sophie Bélanger', '']))
    await waitFor(() => expect(rows()[2]).toEqual(['Client', 'Clinique Saint-Roch', 'Clinique Saint-Roch']))
    expect(rows()[0]).toEqual(['Statut', 'Publié', 'Publié'])
    expect(rows()[3]).toEqual(['Service', 'identifiant 7e3d2c1b…', 'identifiant 7e3d2c1b…'])
    expect(rows()[4]).toEqual(['Début', '12 déc. 2026, 09:00', '12 déc. 2026, 09:00'])
    expect(within(panel).getByTitle(SHIFT)).toHaveTextContent('identifiant 0bcabeb2…')
    expect(panel).not.toHaveTextContent(SOPHIE)
  })

  it('names a team member’s role and status as the team screens do', async () => {
    await i18next.changeLanguage('fr')
    const change = {
      action: 'users.update',
      model: 'users',
      record_id: OLIVE,
      changed: ['role', 'status'],
      before: { role: { id: '00000000-0000-4000-8000-000000000901', name: 'Manager' }, status: 'invited' },
      after: { role: { id: '00000000-0000-4000-8000-000000000903', name: 'Staff' }, status: 'active' },
    }
    renderApp('/audit-logs?entry=42', { user: adminProfile, server: serve(change) })
    const panel = await screen.findByRole('dialog', { name: /Membres de l'équipe/ })
    const rows = within(within(panel).getByRole('table', { name: 'Valeurs avant et après' })).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Gestionnaire', 'Employé'],
      ['Invité', 'Actif'],
    ])
    expect(within(panel).getByTitle(OLIVE)).toHaveTextContent('Olive Owner')
  })

  it('says when the record is gone rather than linking to it', async () => {
    renderApp('/audit-logs?entry=42', { user: adminProfile, server: serve({ record_exists: false }) })
    const panel = await screen.findByRole('dialog', { name: 'Changed · Clients' })
    expect(within(panel).getByText('This record no longer exists.')).toBeVisible()
    expect(within(panel).queryByRole('link', { name: 'Open the record' })).toBeNull()
  })

  it('exports the range as filtered to CSV whose cells a spreadsheet cannot run', async () => {
    const files: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob)
      return 'blob:audit'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const server = serve()
    renderApp('/audit-logs?from=2026-03-01&to=2026-03-31&q=city', { user: adminProfile, server })
    await screen.findByRole('table', { name: 'Audit log' })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(files).toHaveLength(1))
    const asked = server.called('GET /audit_log/export')[0]!.query
    expect([asked.get('from'), asked.get('to'), asked.get('q')]).toEqual(['2026-03-01', '2026-03-31', 'city'])
    const lines = (await files[0]!.text()).split('\r\n')
    expect(lines[0]).toBe('\uFEFFid,created_at,actor_id,actor,actor_email,action,model,record_id,changed,before,after,ip,user_agent')
    expect(lines[1]).toContain(`"{""name"":""Harbourfront"",""city"":""Toronto""}","{""name"":""Harbourfront"",""city"":""=Mississauga""}"`)
  })
})
