import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer, managerProfile } from '../../../testing/fake-server.ts'
import { defaultRoles, member } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const roles = defaultRoles()
const invitee = (id: number, email: string, expires: string) =>
  member({ id: `00000000-0000-4000-8000-00000000071${id}`, firstname: '', lastname: '', email, status: 'invited', last_sign_in_at: null, invite: { status: 'sent', sent_at: '2025-03-01T14:00:00Z', expires_at: expires } })
const team = [member(), invitee(1, 'bea@maple.test', '2999-01-01T00:00:00Z'), invitee(2, 'carl@maple.test', '2020-01-01T00:00:00Z')]

function teamServer() {
  return fakeServer({
    'GET /role': () => ({ body: { data: { count: roles.length, rows: roles } } }),
    'GET /user': () => ({ body: { data: { count: team.length, rows: team } } }),
    'POST /user/{id}/invite': () => ({ body: { data: { user: team[2], invite_link: 'http://rota.test/auth/accept/new-link-0123456789' } } }),
    'DELETE /user/{id}/invite': () => ({ body: { data: { ...team[1], invite: { ...team[1]!.invite!, status: 'revoked' } } } }),
  })
}

describe('the team list', () => {
  it('gives someone who is no administrator no button to change an administrator', async () => {
    const owner = member({ id: '00000000-0000-4000-8000-000000000799', firstname: 'Olive', lastname: 'Owner', email: 'olive@maple.test', role: { id: roles[0]!.id, name: 'Super Admin' } })
    const server = fakeServer({ 'GET /user': () => ({ body: { data: { count: 2, rows: [owner, member()] } } }) })
    const manager = { ...managerProfile, permissions: [...managerProfile.permissions.filter((entry) => entry.model_name !== 'users'), { model_name: 'users' as const, name: 'users', read: true, create: true, update: true, delete: true }] }
    renderApp('/users', { user: manager, server })
    const row = (email: string) => screen.getByText(email).closest('tr')!
    await screen.findByText('olive@maple.test')
    expect(within(row('olive@maple.test')).queryByRole('link', { name: 'Edit Olive Owner' })).toBeNull()
    expect(within(row('olive@maple.test')).queryByRole('button', { name: 'Remove Olive Owner' })).toBeNull()
    expect(within(row('ana@maple.test')).getByRole('link', { name: 'Edit Ana Diaz' })).toBeVisible()
    expect(within(row('ana@maple.test')).getByRole('button', { name: 'Remove Ana Diaz' })).toBeVisible()
  })

  it('pages forward as steps of the history, so Back returns to the previous page', async () => {
    const everyone = Array.from({ length: 25 }, (_, index) => member({ id: `00000000-0000-4000-8000-0000000008${String(index).padStart(2, '0')}`, email: `person${index}@maple.test` }))
    const server = fakeServer({
      'GET /user': ({ query }) => {
        const page = Number(query.get('page') ?? '1')
        return { body: { data: { count: everyone.length, rows: everyone.slice((page - 1) * 20, page * 20) } } }
      },
    })
    const { location } = renderApp('/users', { user: adminProfile, server })
    const user = userEvent.setup()
    await screen.findByText('person0@maple.test')
    const before = location.history.length
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('person24@maple.test')).toBeVisible()
    expect(location.history.slice(before - 1)).toEqual(['/users', '/users?page=2'])
  })

  it('keeps its search, filters and sort in the address and asks the API for them', async () => {
    const server = teamServer()
    const { current } = renderApp('/users', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.type(await screen.findByRole('searchbox', { name: 'Search by name or e-mail' }), 'ana')
    await waitFor(() => expect(current()).toBe('/users?q=ana'))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Invited')
    await user.click(screen.getByRole('button', { name: 'Last sign-in' }))
    await waitFor(() => expect(current()).toBe('/users?q=ana&status=invited&sort=last_sign_in_at&order=asc'))
    const query = server.called('GET /user').at(-1)!.query
    expect(Object.fromEntries(query)).toMatchObject({ q: 'ana', 'filter[status]': 'invited', sort: 'last_sign_in_at', order: 'asc' })
    expect(screen.getByRole('columnheader', { name: 'Last sign-in' })).toHaveAttribute('aria-sort', 'ascending')
  })

  it('shows where each invitation stands, judged now, with a new link or a revocation a click away', async () => {
    renderApp('/users', { user: adminProfile, server: teamServer() })
    const user = userEvent.setup()
    const row = (email: string) => screen.getByText(email).closest('tr')!
    await screen.findByText('carl@maple.test')
    expect(within(row('ana@maple.test')).getByText('Active')).toBeVisible()
    expect(within(row('bea@maple.test')).getByText('Invitation sent')).toBeVisible()
    expect(within(row('carl@maple.test')).getByText('Invitation expired')).toBeVisible()

    await user.click(within(row('carl@maple.test')).getByRole('button', { name: 'Send the invitation to carl@maple.test again' }))
    const dialog = await screen.findByRole('dialog', { name: 'Share the invitation link' })
    expect(within(dialog).getByLabelText('Invitation link')).toHaveValue('http://rota.test/auth/accept/new-link-0123456789')
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))

    await user.click(within(row('bea@maple.test')).getByRole('button', { name: 'Revoke the invitation of bea@maple.test' }))
    const question = await screen.findByRole('alertdialog', { name: 'Revoke the invitation of bea@maple.test?' })
    await user.click(within(question).getByRole('button', { name: 'Revoke the invitation' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })

  it('hides what the viewer may not do', async () => {
    renderApp('/users', { user: managerProfile, server: teamServer() })
    await screen.findByText('ana@maple.test')
    expect(screen.queryByRole('link', { name: /^Edit / })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull()
    expect(screen.getByRole('button', { name: 'Send the invitation to carl@maple.test again' })).toBeVisible()
    expect(screen.queryByRole('combobox', { name: 'Filter by role' })).toBeNull()
  })
})
