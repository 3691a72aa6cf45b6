import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeServer, tokens } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const link = 'link-token-0123456789abcdef0123456789'

describe('the e-mailed links', () => {
  it('asks for a reset link and says where it went, without telling whether the account exists', async () => {
    const server = fakeServer({ 'POST /auth/reset_password_request': () => ({ body: { data: {} } }) })
    renderApp('/auth/forget-password', { server })
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('E-mail address'), 'ana@maple.test')
    await user.click(screen.getByRole('button', { name: 'Send the link' }))
    expect(await screen.findByText(/If an account exists for ana@maple.test/)).toBeVisible()
    expect(server.called('POST /auth/reset_password_request')[0]?.body).toEqual({ email: 'ana@maple.test' })
  })

  it('sets a new password with a reset link, then offers sign-in to that business', async () => {
    const server = fakeServer({
      'POST /auth/verify_reset_token': () => ({ body: { data: { email: 'ana@maple.test', business_id: 'maple', business_name: 'Maple Cleaning' } } }),
      'PUT /auth/update_password': () => ({ body: { data: {} } }),
    })
    const { current } = renderApp(`/auth/reset-password/${link}`, { server })
    expect(await screen.findByText('For ana@maple.test at Maple Cleaning.')).toBeVisible()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('New password'), 'a much better passphrase')
    await user.click(screen.getByRole('button', { name: 'Save the new password' }))
    await waitFor(() => expect(current()).toBe('/auth?business=maple'))
    expect(server.called('PUT /auth/update_password')[0]?.body).toEqual({ token: link, password: 'a much better passphrase' })
    expect(await screen.findByLabelText('Business ID')).toHaveValue('maple')
  })

  it('says when a reset link cannot be used', async () => {
    const server = fakeServer({
      'POST /auth/verify_reset_token': () => ({ status: 400, body: { message: 'This link is not valid or has expired. Ask for a new one.', code: 'invalid_link' } }),
    })
    renderApp(`/auth/reset-password/${link}`, { server })
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid or has expired.')
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/auth/forget-password')
  })

  it('lets an invited member choose a password and signs them in', async () => {
    const server = fakeServer({
      'POST /user/verify_invite': () => ({ body: { data: { email: 'omar@maple.test', business_id: 'maple', business_name: 'Maple Cleaning', firstname: 'Omar', lastname: '' } } }),
      'POST /user/accept_invite': () => ({ body: { data: tokens } }),
    })
    const { current } = renderApp(`/auth/accept/${link}`, { server })
    expect(await screen.findByText(/You have been invited to Maple Cleaning/)).toBeVisible()
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('Last name'), 'Haddad')
    await user.type(screen.getByLabelText('Password'), 'omar joins the team')
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }))
    await waitFor(() => expect(current()).toBe('/dashboard'))
    expect(server.called('POST /user/accept_invite')[0]?.body).toEqual({ token: link, firstname: 'Omar', lastname: 'Haddad', password: 'omar joins the team', locale: 'en' })
  })

  it('confirms a new e-mail address once, even if the page renders twice', async () => {
    const server = fakeServer({ 'POST /auth/confirm_email': () => ({ body: { data: {} } }) })
    renderApp(`/auth/confirm-email/${link}`, { server })
    expect(await screen.findByText('Your e-mail address has been changed')).toBeVisible()
    expect(server.called('POST /auth/confirm_email')).toHaveLength(1)
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth')
  })
})
