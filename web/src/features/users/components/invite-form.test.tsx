import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer, managerProfile } from '../../../testing/fake-server.ts'
import { defaultRoles, member } from '../../../testing/records.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const roles = defaultRoles()
const choices = roles.map(({ id, name, privileged }) => ({ id, name, privileged }))

/** The API as it answers an administrator (every role to choose from) or someone else (no administrator roles). */
function inviteServer(answer: () => { status?: number; body: unknown }, { forAdmin = true } = {}) {
  return fakeServer({
    'GET /user/role_choices': () => ({ body: { data: forAdmin ? choices : choices.filter((role) => !role.privileged) } }),
    'GET /user': () => ({ body: { data: { count: 0, rows: [] } } }),
    'POST /user': answer,
  })
}

describe('inviting a team member', () => {
  it('sends the invitation through the invite machine and offers the link to copy when Rota sends no e-mail', async () => {
    const invited = member({ status: 'invited', invite: { status: 'sent', sent_at: '2025-03-01T14:00:00Z', expires_at: '2999-03-08T14:00:00Z' } })
    const server = inviteServer(() => ({ status: 201, body: { data: { user: invited, invite_link: 'http://rota.test/auth/accept/token-0123456789abcdef' } } }))
    const { current } = renderApp('/users/create', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('E-mail address'), 'ana@maple.test')
    expect(screen.getByLabelText('Role')).toHaveDisplayValue('Staff')
    await user.selectOptions(screen.getByLabelText('Role'), 'Manager')
    await user.type(screen.getByLabelText('Pay rate per hour ($)'), '24,50')
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }))

    const dialog = await screen.findByRole('dialog', { name: 'Share the invitation link' })
    expect(server.called('POST /user')[0]?.body).toEqual({ email: 'ana@maple.test', role_id: roles[1]!.id, phone: null, pay_rate_cents: 2450 })
    expect(within(dialog).getByLabelText('Invitation link')).toHaveValue('http://rota.test/auth/accept/token-0123456789abcdef')
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }))
    expect(within(dialog).getByText('Copied to the clipboard.')).toBeVisible()
    await expect(navigator.clipboard.readText()).resolves.toBe('http://rota.test/auth/accept/token-0123456789abcdef')
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(current()).toBe('/users'))
  })

  it('shows the server\'s refusal beside the field it concerns', async () => {
    const server = inviteServer(() => ({ status: 409, body: { message: 'Another account in this business already uses this e-mail address.', code: 'email_taken', details: { email: 'Already a member of this business' } } }))
    renderApp('/users/create', { user: adminProfile, server })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('E-mail address'), 'jeanne@maple.test')
    await user.click(screen.getByRole('button', { name: 'Send the invitation' }))
    await waitFor(() => expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription('Another account in this business already uses this e-mail address.'))
    expect(screen.getByText('Another account in this business already uses this e-mail address.')).toBeVisible()
  })

  it('lets someone who may invite but not read roles choose among the roles they may hand out', async () => {
    const server = inviteServer(() => ({ body: {} }), { forAdmin: false })
    renderApp('/users/create', { user: managerProfile, server })
    const options = within(await screen.findByLabelText('Role')).getAllByRole('option').map((option) => option.textContent)
    expect(options).toEqual(['Manager', 'Staff'])
    expect(server.called('GET /role')).toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Send the invitation' })).toBeEnabled()
  })

  it('names the built-in roles in the reader\'s language while sending their ids', async () => {
    const { default: i18next } = await import('i18next')
    await i18next.changeLanguage('es')
    renderApp('/users/create', { user: adminProfile, server: inviteServer(() => ({ body: {} })) })
    const options = within(await screen.findByLabelText('Rol')).getAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual(['Superadministrador', 'Gerente', 'Personal'])
    expect(options.map((option) => option.getAttribute('value'))).toEqual(roles.map((role) => role.id))
  })
})
