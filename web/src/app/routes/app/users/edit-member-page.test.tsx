import type { RecordHistory } from '@rota/core'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer } from '../../../../testing/fake-server.ts'
import { defaultRoles, member } from '../../../../testing/records.ts'
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
})
