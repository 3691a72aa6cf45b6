import type { HistoryEntry, RecordHistory } from '@rota/core'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer } from '../../../../testing/fake-server.ts'
import { defaultRoles, location, member, service } from '../../../../testing/records.ts'
import { renderApp } from '../../../../testing/render-app.tsx'

const roles = defaultRoles()
const zoe = member({ firstname: 'Zoë' })
const history: RecordHistory = {
  count: 3,
  rows: [
    {
      id: 9,
      action: 'users.update',
      actor: { id: adminProfile.id, name: 'Olive Owner' },
      created_at: '2026-03-11T15:30:00.000Z',
      changes: [
        { field: 'firstname', before: 'Zoé', after: 'Zoë' },
        { field: 'role', before: { id: roles.at(-1)!.id, name: 'Staff' }, after: { id: roles[0]!.id, name: 'Manager' } },
        { field: 'pay_rate_cents', before: null, after: 2750 },
      ],
    },
    { id: 8, action: 'auth.login', actor: { id: zoe.id, name: 'Zoë Roy' }, created_at: '2026-03-10T13:00:00.000Z', changes: [] },
    { id: 7, action: 'auth.invite_accepted', actor: { id: zoe.id, name: 'Zoë Roy' }, created_at: '2026-03-09T13:00:00.000Z', changes: [{ field: 'status', before: 'invited', after: 'active' }] },
  ],
}

describe('a team member’s history', () => {
  it('shows who changed what on their record, and their sign-ins and invitation, newest first', async () => {
    const server = fakeServer({
      'GET /role': () => ({ body: { data: { count: roles.length, rows: roles } } }),
      'GET /user/{id}': () => ({ body: { data: zoe } }),
      'GET /user/{id}/history': () => ({ body: { data: history } }),
    })
    renderApp(`/users/edit/${zoe.id}`, { user: adminProfile, server })
    const section = await screen.findByRole('region', { name: 'History' })
    const entries = within(await within(section).findByRole('list', { name: 'Changes, newest first' })).getAllByRole('listitem')
    expect(entries).toHaveLength(3)
    expect(entries[0]).toHaveTextContent('Changed by Olive Owner')
    const said = (element: HTMLElement) => within(element).getAllByRole('definition').map((value) => value.textContent?.replace(/\s+/g, ' ').trim())
    expect(within(entries[0]!).getAllByRole('term').map((term) => term.textContent)).toEqual(['First name', 'Role', 'Pay rate per hour ($)'])
    expect(said(entries[0]!)).toEqual(['Zoé → changed to Zoë', 'Staff → changed to Manager', '—empty → changed to $27.50'])
    expect(entries[1]).toHaveTextContent('Signed in by Zoë Roy')
    expect(entries[2]).toHaveTextContent('Invitation accepted by Zoë Roy')
    expect(said(entries[2]!)).toEqual(['Invited → changed to Active'])
    expect(server.called('GET /user/{id}/history')[0]!.path).toBe(`/user/${zoe.id}/history`)
  })

  it('says each change as the form does, in the reader’s language: hours, names of services and clients, roles; never keys, ids or an invitation’s inner state', async () => {
    await i18next.changeLanguage('fr')
    const clinic = location({ id: '00000000-0000-4000-8000-000000000511', name: 'Clinique Saint-Roch' })
    const cleaning = service({ id: '00000000-0000-4000-8000-000000000521', name: 'Entretien' })
    const retired = '3d378be3-0c7a-4c1a-9f0e-2c8f6b1d0e42'
    const change: HistoryEntry = {
      id: 12,
      action: 'users.update',
      actor: { id: adminProfile.id, name: 'Olive Owner' },
      created_at: '2026-11-24T20:59:54.917Z',
      changes: [
        { field: 'role', before: { id: roles[0]!.id, name: 'Manager' }, after: { id: roles.at(-1)!.id, name: 'Staff' } },
        { field: 'pay_rate_cents', before: null, after: 2550 },
        { field: 'max_weekly_minutes', before: null, after: 600 },
        { field: 'preferred_weekly_minutes', before: 2250, after: 480 },
        { field: 'service_ids', before: [], after: [cleaning.id] },
        { field: 'preferred_location_ids', before: [retired], after: [clinic.id, retired] },
        { field: 'invite', before: { status: 'sent', sent_at: '2026-11-24T20:59:54.917Z' }, after: null },
      ],
    }
    const server = fakeServer({
      'GET /role': () => ({ body: { data: { count: roles.length, rows: roles } } }),
      'GET /user/{id}': () => ({ body: { data: zoe } }),
      'GET /location': () => ({ body: { data: { count: 1, rows: [clinic] } } }),
      'GET /service': () => ({ body: { data: { count: 1, rows: [cleaning] } } }),
      'GET /user/{id}/history': () => ({ body: { data: { count: 1, rows: [change] } } }),
    })
    renderApp(`/users/edit/${zoe.id}`, { user: adminProfile, server })
    const section = await screen.findByRole('region', { name: 'Historique' })
    const entry = within(await within(section).findByRole('list', { name: /Modifications/ })).getByRole('listitem')
    const said = () => within(entry).getAllByRole('definition').map((value) => value.textContent?.replace(/\s+/g, ' ').trim())
    expect(within(entry).getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Rôle',
      'Taux horaire ($)',
      'Heures maximales par semaine',
      'Heures souhaitées par semaine',
      'Services qu’elle peut assurer',
      'Clients préférés',
    ])
    await waitFor(() => expect(said()[4]).toBe('—vide → devient Entretien'))
    await waitFor(() => expect(said()[5]).toBe('identifiant 3d378be3… → devient Clinique Saint-Roch, identifiant 3d378be3…'))
    expect(said().slice(0, 4)).toEqual(['Gestionnaire → devient Employé', '—vide → devient 25,50 $', '—vide → devient 10 h', '37 h 30 min → devient 8 h'])
    expect(entry).not.toHaveTextContent(/invite|sent_at|2026-11-24T/)
  })

  it('shows a saved change at once, below the form', async () => {
    const rows: HistoryEntry[] = [{ id: 8, action: 'auth.login', actor: { id: zoe.id, name: 'Zoë Roy' }, created_at: '2026-03-10T13:00:00.000Z', changes: [] }]
    const server = fakeServer({
      'GET /role': () => ({ body: { data: { count: roles.length, rows: roles } } }),
      'GET /user/{id}': () => ({ body: { data: zoe } }),
      'GET /user/{id}/history': () => ({ body: { data: { count: rows.length, rows } } }),
      'PUT /user/{id}': ({ body }) => {
        rows.unshift({ id: 9, action: 'users.update', actor: { id: adminProfile.id, name: 'Olive Owner' }, created_at: '2026-03-11T15:30:00.000Z', changes: [{ field: 'phone', before: null, after: '613-555-0123' }] })
        return { body: { data: { ...zoe, ...(body as object), version: zoe.version + 1 }, message: 'Saved.' } }
      },
    })
    renderApp(`/users/edit/${zoe.id}`, { user: adminProfile, server })
    const section = await screen.findByRole('region', { name: 'History' })
    expect(await within(section).findByRole('listitem')).toHaveTextContent('Signed in by Zoë Roy')
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Phone'), '613 555 0123')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    const entries = await waitFor(() => {
      const items = within(within(section).getByRole('list', { name: 'Changes, newest first' })).getAllByRole('listitem')
      expect(items).toHaveLength(2)
      return items
    })
    expect(entries[0]).toHaveTextContent('Changed by Olive Owner')
    expect(entries[0]).toHaveTextContent('613-555-0123')
  })
})
