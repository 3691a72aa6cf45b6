import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer, staffProfile } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const entries = [
  { id: '00000000-0000-4000-8000-000000000300', title: 'Read the safety guide', description: 'On the staff drive.', required: true, position: 0, created_at: '2025-01-06T09:00:00Z', updated_at: '2025-01-06T09:00:00Z', version: 1 },
  { id: '00000000-0000-4000-8000-000000000301', title: 'Send a void cheque', description: null, required: false, position: 1, created_at: '2025-01-06T09:00:00Z', updated_at: '2025-01-06T09:00:00Z', version: 1 },
]

function profileServer() {
  return fakeServer({
    'PUT /profile': ({ body }) => ({ body: { data: { ...staffProfile, ...(body as object), version: 2 }, message: 'Your profile has been saved.' } }),
    'POST /auth/change_password': () => ({ body: { data: { token: 'access-token-2', refresh_token: 'refresh-token-2', expires_in: 900 } } }),
    'PUT /auth/update_email': () => ({ body: { data: {}, message: 'We have sent a confirmation link to the new address.' } }),
    'POST /auth/logout_others': () => ({ body: { data: {} } }),
    'GET /settings/onboarding': () => ({ body: { data: { count: 2, rows: entries } } }),
    'GET /profile/onboarding': () => ({ body: { data: { count: 0, rows: [] } } }),
    'POST /profile/onboarding': ({ body }) => ({ status: 201, body: { data: { id: '00000000-0000-4000-8000-000000000390', completed_at: null, note: null, updated_at: '2025-01-06T09:00:00Z', version: 1, ...(body as object) } } }),
  })
}

describe('the profile page', () => {
  it('saves the person\'s own details and switches to the language they chose', async () => {
    const server = profileServer()
    renderApp('/profile', { user: staffProfile, server })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Phone'), '613-555-0123')
    await user.selectOptions(screen.getByLabelText('Your language'), 'Français')
    await user.click(screen.getByRole('checkbox', { name: /E-mail me my notifications too/ }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeVisible()
    expect(server.called('PUT /profile')[0]?.body).toEqual({ firstname: 'Omar', lastname: 'Haddad', phone: '613-555-0123', locale: 'fr', email_notifications: true, version: 1 })
  })

  it('changes the password and keeps this session signed in with the new tokens', async () => {
    const server = profileServer()
    const { current } = renderApp('/profile', { user: staffProfile, server })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Current password'), 'old password here')
    await user.type(screen.getByLabelText('New password'), 'a much longer passphrase')
    await user.type(screen.getByLabelText('New password, again'), 'a different passphrase')
    await user.click(screen.getByRole('button', { name: 'Change your password' }))
    expect(screen.getByLabelText('New password, again')).toHaveAccessibleDescription('The two new passwords differ.')
    expect(server.called('POST /auth/change_password')).toHaveLength(0)

    await user.clear(screen.getByLabelText('New password, again'))
    await user.type(screen.getByLabelText('New password, again'), 'a much longer passphrase')
    await user.click(screen.getByRole('button', { name: 'Change your password' }))
    expect(await screen.findByText(/Your password is changed/)).toBeVisible()
    expect(server.called('POST /auth/change_password')[0]?.body).toEqual({ current_password: 'old password here', password: 'a much longer passphrase' })
    await waitFor(() => expect(localStorage.getItem('rota.token')).toBe('access-token-2'))
    expect(localStorage.getItem('rota.refresh_token')).toBe('refresh-token-2')
    expect(current()).toBe('/profile')
  })

  it('asks for a new e-mail address by link, and signs out other sessions after asking', async () => {
    const server = profileServer()
    renderApp('/profile', { user: staffProfile, server })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('New e-mail address'), 'omar@new.test')
    await user.type(screen.getByLabelText('Your password, to confirm it is you'), 'my password')
    await user.click(screen.getByRole('button', { name: 'Send a confirmation link' }))
    expect(await screen.findByText('We sent a link to omar@new.test. Your address changes when you open it.')).toBeVisible()

    await user.click(screen.getByRole('button', { name: 'Sign out of other sessions' }))
    const question = await screen.findByRole('alertdialog', { name: 'Sign out of every other session?' })
    await user.click(within(question).getByRole('button', { name: 'Sign out of other sessions' }))
    expect(await screen.findByText('Your other sessions are signed out.')).toBeVisible()
    expect(server.called('POST /auth/logout_others')).toHaveLength(1)
  })

  it('ticks off the onboarding steps and counts them', async () => {
    const server = profileServer()
    renderApp('/profile', { user: staffProfile, server })
    const user = userEvent.setup()
    expect(await screen.findByText('0 of 2 done')).toBeVisible()
    await user.click(screen.getByRole('checkbox', { name: 'Read the safety guide' }))
    await waitFor(() => expect(server.called('POST /profile/onboarding')[0]?.body).toEqual({ entry_id: entries[0]!.id, completed: true }))
  })
})
