import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { adminProfile, fakeServer, tokens } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

async function fillIn(fields: Record<string, string>) {
  const user = userEvent.setup()
  for (const [label, value] of Object.entries(fields)) await user.type(screen.getByLabelText(label), value)
  return user
}

describe('the sign-in page', () => {
  it('asks for business, e-mail and password, and explains what is wrong before sending anything', async () => {
    const { server } = renderApp('/auth')
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Business ID'), 'A')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByText(/Use 3 to 40 lowercase letters/)).toBeVisible()
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription('This field is required.')
    expect(screen.getByLabelText('Business ID')).toHaveFocus()
    expect(server.called('POST /auth/login')).toHaveLength(0)
  })

  it('sends the credentials in a Basic header and opens the page the visitor was going to', async () => {
    const server = fakeServer({ 'POST /auth/login': () => ({ body: { data: { status: 'signed_in', ...tokens } } }) })
    const { current } = renderApp('/auth?redirect=%2Fusers%3Fpage%3D2', { server })
    await screen.findByLabelText('Business ID')
    const user = await fillIn({ 'Business ID': 'maple', 'E-mail address': 'jeanne@maple.test', Password: 'correct horse' })
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    await waitFor(() => expect(current()).toBe('/users?page=2'))
    const [login] = server.called('POST /auth/login')
    expect(login?.headers.get('authorization')).toBe(`Basic ${btoa('jeanne@maple.test:correct horse')}`)
    expect(login?.body).toEqual({ business_id: 'maple' })
    expect(localStorage.getItem('rota.token')).toBe(tokens.token)
    expect(await screen.findByRole('heading', { name: 'Team Members' })).toBeVisible()
  })

  it('opens in the language chosen in the profile, which follows the user to a new browser', async () => {
    const server = fakeServer({
      'POST /auth/login': () => ({ body: { data: { status: 'signed_in', ...tokens } } }),
      'GET /profile': () => ({ body: { data: { ...adminProfile, locale: 'es' } } }),
    })
    const { current } = renderApp('/auth?redirect=%2Fusers', { server })
    await screen.findByLabelText('Business ID')
    const user = await fillIn({ 'Business ID': 'maple', 'E-mail address': 'jeanne@maple.test', Password: 'correct horse' })
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(current()).toBe('/users'))
    expect(await screen.findByRole('heading', { name: 'Miembros del equipo' })).toBeVisible()
    expect(document.documentElement.lang).toBe('es')
  })

  it('shows the server\'s refusal in the form, not as a sign-out', async () => {
    const server = fakeServer({
      'POST /auth/login': () => ({ status: 401, body: { message: 'The business, e-mail or password is incorrect.', code: 'invalid_credentials' } }),
    })
    renderApp('/auth', { server })
    await screen.findByLabelText('Business ID')
    const user = await fillIn({ 'E-mail address': 'jeanne@maple.test', Password: 'wrong horse' })
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByRole('alert')).toHaveTextContent('The business, e-mail or password is incorrect.')
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  })

  it('lets someone with accounts in several businesses choose one', async () => {
    const server = fakeServer({
      'POST /auth/login': ({ body }) =>
        (body as { business_id?: string }).business_id === 'brite'
          ? { body: { data: { status: 'signed_in', ...tokens } } }
          : {
              body: {
                data: {
                  status: 'choose_business',
                  businesses: [
                    { business_id: 'maple', business_name: 'Maple Cleaning' },
                    { business_id: 'brite', business_name: 'Brite Homes' },
                  ],
                },
              },
            },
    })
    const { current } = renderApp('/auth', { server })
    await screen.findByLabelText('Business ID')
    const user = await fillIn({ 'E-mail address': 'pat@two.test', Password: 'correct horse' })
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByRole('heading', { name: 'Choose a business' })).toBeVisible()
    await user.click(await screen.findByRole('radio', { name: /Brite Homes/ }))
    await user.click(screen.getByRole('button', { name: 'Continue' }))

    await waitFor(() => expect(current()).toBe('/dashboard'))
    expect(server.called('POST /auth/login').map((call) => call.body)).toEqual([{}, { business_id: 'brite' }])
  })

  it('goes on to the e-mailed code when the business asks for one', async () => {
    const server = fakeServer({
      'POST /auth/login': () => ({ body: { data: { status: 'otp_required', challenge: 'challenge-0123456789-abcdef', email: 'jeanne@maple.test' } } }),
      'POST /auth/otp/verify': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? { body: { data: tokens } }
          : { status: 400, body: { message: 'The code is incorrect.', code: 'invalid_otp' } },
    })
    const { current } = renderApp('/auth?redirect=%2Fprofile', { server })
    await screen.findByLabelText('Business ID')
    let user = await fillIn({ 'Business ID': 'maple', 'E-mail address': 'jeanne@maple.test', Password: 'correct horse' })
    await user.click(screen.getByRole('button', { name: 'Sign in' }))

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeVisible()
    expect(current()).toBe('/auth/otp/jeanne%40maple.test?redirect=%2Fprofile')
    expect(screen.getByText(/We sent a 6-digit code to jeanne@maple.test/)).toBeVisible()
    user = await fillIn({ '6-digit code': '12345' })
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }))
    expect(await screen.findByText('Enter the 6-digit code.')).toBeVisible()

    await user.type(screen.getByLabelText('6-digit code'), '9')
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is incorrect.')

    await user.clear(screen.getByLabelText('6-digit code'))
    await user.type(screen.getByLabelText('6-digit code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }))
    await waitFor(() => expect(current()).toBe('/profile'))
  })

  it('sends someone already signed in to the page they asked for', async () => {
    const { current } = renderApp('/auth?redirect=%2Fschedules', { user: adminProfile })
    await waitFor(() => expect(current()).toBe('/schedules'))
  })

  it('refuses to send anyone to another site after signing in', async () => {
    const { current } = renderApp('/auth?redirect=%2F%2Fevil.test', { user: adminProfile })
    await waitFor(() => expect(current()).toBe('/dashboard'))
  })
})
