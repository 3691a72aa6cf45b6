import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer, managerProfile } from '../../../testing/fake-server.ts'
import { defaultRoles, location, member, service } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const roles = defaultRoles()
const harbour = location({ id: '00000000-0000-4000-8000-000000000511', name: 'Harbour Tower' })
const mall = location({ id: '00000000-0000-4000-8000-000000000512', name: 'Maple Mall' })
const cleaning = service({ id: '00000000-0000-4000-8000-000000000521', name: 'Cleaning' })
const security = service({ id: '00000000-0000-4000-8000-000000000522', name: 'Security' })

function memberServer(who = member()) {
  return fakeServer({
    'GET /role': () => ({ body: { data: { count: roles.length, rows: roles } } }),
    'GET /user/{id}': () => ({ body: { data: who } }),
    'GET /location': () => ({ body: { data: { count: 2, rows: [harbour, mall] } } }),
    'GET /service': () => ({ body: { data: { count: 2, rows: [cleaning, security] } } }),
    'PUT /user/{id}': ({ body }) => ({ body: { data: { ...who, ...(body as object), version: who.version + 1 }, message: 'Saved.' } }),
    'DELETE /user/{id}': () => ({ status: 422, body: { message: 'A business needs at least one active Super Admin.', code: 'last_admin' } }),
  })
}

describe('a team member\'s page', () => {
  it('sends only what changed, with the version read, and warns before disabling', async () => {
    const server = memberServer()
    renderApp(`/users/edit/${member().id}`, { user: adminProfile, server })
    const user = userEvent.setup()
    const phone = await screen.findByLabelText('Phone')
    expect(screen.getByLabelText('Pay rate per hour ($)')).toHaveValue('24.50')
    await user.type(phone, '613 555 0123')
    await user.selectOptions(screen.getByLabelText('Status'), 'Disabled')
    expect(screen.getByText(/Disabling signs this person out everywhere/)).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(server.called('PUT /user/{id}')).toHaveLength(1))
    expect(server.called('PUT /user/{id}')[0]?.body).toEqual({ phone: '613-555-0123', status: 'disabled', version: 4 })
  })

  it('keeps what the fill weighs for them: the week they would like and the one it aims at, in hours, and their preferred clients', async () => {
    const server = memberServer(member({ preferred_location_ids: [mall.id], target_weekly_minutes: 1800 }))
    renderApp(`/users/edit/${member().id}`, { user: adminProfile, server })
    const user = userEvent.setup()
    const scheduling = await screen.findByRole('region', { name: 'Scheduling' })
    const target = within(scheduling).getByLabelText('Target hours a week')
    expect(target).toHaveValue('30')
    const preferred = within(scheduling).getByLabelText('Preferred hours a week')
    await user.type(preferred, 'lots')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await within(scheduling).findByText('Enter hours from 0 to 168, such as 30 or 37.5, or leave it empty.')).toBeVisible()
    expect(preferred).toHaveFocus()

    await user.clear(preferred)
    await user.type(preferred, '37,5')
    await user.clear(target)
    const clients = within(scheduling).getByRole('group', { name: 'Preferred clients' })
    expect(within(clients).getByRole('checkbox', { name: 'Maple Mall' })).toBeChecked()
    await user.click(within(clients).getByRole('checkbox', { name: 'Harbour Tower' }))
    await user.click(within(clients).getByRole('checkbox', { name: 'Maple Mall' }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(server.called('PUT /user/{id}')).toHaveLength(1))
    expect(server.called('PUT /user/{id}')[0]?.body).toEqual({ preferred_weekly_minutes: 2250, target_weekly_minutes: null, preferred_location_ids: [harbour.id], version: 4 })
  })

  it('keeps the rules the schedule holds them to: the services they may work and their most hours a week', async () => {
    const server = memberServer(member({ service_ids: [cleaning.id], max_weekly_minutes: 2400 }))
    renderApp(`/users/edit/${member().id}`, { user: adminProfile, server })
    const user = userEvent.setup()
    const scheduling = await screen.findByRole('region', { name: 'Scheduling' })
    const most = within(scheduling).getByLabelText('Most hours a week')
    expect(most).toHaveValue('40')
    const services = within(scheduling).getByRole('group', { name: 'Services they may work' })
    expect(await within(services).findByRole('checkbox', { name: 'Cleaning' })).toBeChecked()
    expect(within(services).getByRole('checkbox', { name: 'Security' })).not.toBeChecked()
    await user.clear(most)
    await user.type(most, '200')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await within(scheduling).findByText('Enter hours from 0 to 168, such as 30 or 37.5, or leave it empty.')).toBeVisible()
    expect(server.called('PUT /user/{id}')).toHaveLength(0)

    await user.clear(most)
    await user.type(most, '32')
    await user.click(within(services).getByRole('checkbox', { name: 'Security' }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(server.called('PUT /user/{id}')).toHaveLength(1))
    expect(server.called('PUT /user/{id}')[0]?.body).toEqual({ max_weekly_minutes: 1920, service_ids: [cleaning.id, security.id], version: 4 })
  })

  it('writes a saved rate and hours in the reader’s number style, and reads them back unchanged', async () => {
    await i18next.changeLanguage('fr')
    const server = memberServer(member({ pay_rate_cents: 2550, preferred_weekly_minutes: 2250 }))
    renderApp(`/users/edit/${member().id}`, { user: adminProfile, server })
    const user = userEvent.setup()
    const rate = await screen.findByLabelText('Taux horaire ($)')
    expect(rate).toHaveValue('25,50')
    expect(rate).toHaveAccessibleDescription(/comme 24,50/)
    expect(screen.getByLabelText('Heures souhaitées par semaine')).toHaveValue('37,5')
    const save = screen.getByRole('button', { name: 'Enregistrer les modifications' })
    await user.type(screen.getByLabelText('Téléphone'), '613 555 0123')
    save.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(server.called('PUT /user/{id}')).toHaveLength(1))
    expect(server.called('PUT /user/{id}')[0]?.body).toEqual({ phone: '613-555-0123', version: 4 })
    // Saved with the keyboard: the keyboard is still where it was.
    await waitFor(() => expect(save).not.toHaveAttribute('aria-disabled'))
    expect(save).toHaveFocus()
  })

  it('keeps people from changing their own role and status', async () => {
    const me = member({ id: adminProfile.id, firstname: 'Jeanne', email: adminProfile.email, role: { id: roles[0]!.id, name: 'Super Admin' } })
    renderApp(`/users/edit/${me.id}`, { user: adminProfile, server: memberServer(me) })
    expect(await screen.findByLabelText('Role')).toBeDisabled()
    expect(screen.getByLabelText('Status')).toBeDisabled()
    expect(screen.getByText('You cannot change your own role or status: ask another administrator.')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Remove from the team' })).toBeNull()
  })

  it('shows an administrator\'s record read-only to someone who is no administrator, with no way to change it', async () => {
    const owner = member({ firstname: 'Olive', lastname: 'Owner', role: { id: roles[0]!.id, name: 'Super Admin' } })
    const manager = { ...managerProfile, permissions: [...managerProfile.permissions.filter((entry) => entry.model_name !== 'users'), { model_name: 'users' as const, name: 'users', read: true, create: true, update: true, delete: true }] }
    const server = memberServer(owner)
    renderApp(`/users/edit/${owner.id}`, { user: manager, server })
    for (const name of ['First name', 'Last name', 'Phone', 'Pay rate per hour ($)', 'Role', 'Status']) expect(await screen.findByLabelText(name), name).toBeDisabled()
    expect(screen.getByText("Only an administrator can change an administrator's details, role or status.")).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Remove from the team' })).toBeNull()
    expect(screen.queryByRole('button', { name: /picture/i })).toBeNull()
    expect(server.called('GET /role')).toHaveLength(0)
  })

  it('shows no expiry beside a revoked invitation, and offers to send a new one', async () => {
    const revoked = member({ status: 'invited', last_sign_in_at: null, invite: { status: 'revoked', sent_at: '2025-03-01T14:00:00Z', expires_at: '2025-03-08T14:00:00Z' } })
    renderApp(`/users/edit/${revoked.id}`, { user: adminProfile, server: memberServer(revoked) })
    expect(await screen.findByText('Invitation revoked')).toBeVisible()
    expect(screen.getByText('Invitation sent')).toBeVisible()
    expect(screen.queryByText('Expires')).toBeNull()
    expect(screen.getByRole('button', { name: 'Send again' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Revoke the invitation' })).toBeNull()
  })

  it('keeps the keyboard on Send again while the invitation goes out', async () => {
    const invited = member({ status: 'invited', last_sign_in_at: null, invite: { status: 'sent', sent_at: '2025-03-01T14:00:00Z', expires_at: '2099-03-08T14:00:00Z' } })
    const server = memberServer(invited)
    server.on('POST /user/{id}/invite', () => ({ body: { data: { user: invited, invite_link: null } } }))
    renderApp(`/users/edit/${invited.id}`, { user: adminProfile, server })
    const again = await screen.findByRole('button', { name: 'Send again' })
    again.focus()
    await userEvent.setup().keyboard('{Enter}')
    await waitFor(() => expect(server.called('POST /user/{id}/invite')).toHaveLength(1))
    expect(await screen.findByText('Invitation sent to ana@maple.test.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send again' })).toBe(again)
    expect(again).not.toHaveAttribute('aria-disabled')
    expect(again).toHaveFocus()
  })

  it('asks before removing someone, and shows the server\'s reason when it refuses', async () => {
    const server = memberServer(member({ role: { id: roles[0]!.id, name: 'Super Admin' } }))
    renderApp(`/users/edit/${member().id}`, { user: adminProfile, server })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Remove from the team' }))
    const question = await screen.findByRole('alertdialog', { name: 'Remove Ana Diaz from the team?' })
    await user.click(within(question).getByRole('button', { name: 'Remove from the team' }))
    expect(await within(question).findByText('A business needs at least one active Super Admin.')).toBeVisible()
  })
})
