import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { fakeServer, tokens } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'

const CREDENTIAL = 'google-id-token-0123456789'

/** Google's script, as far as the page sees it: a button, and a way to be handed an ID token. */
function fakeGoogle(): { signIn: () => void } {
  let callback: (response: { credential: string }) => void = () => {}
  window.google = {
    accounts: {
      id: {
        initialize: (options) => (callback = options.callback),
        renderButton: (parent) => {
          const button = document.createElement('button')
          button.textContent = 'Sign in with Google'
          parent.append(button)
        },
      },
    },
  }
  return { signIn: () => act(() => callback({ credential: CREDENTIAL })) }
}

/** A Rota with Google set up, answering `POST /auth/google` with `answer(body)`. */
function rotaWithGoogle(answer: (body: { credential: string; business_id?: string }) => { status?: number; body: unknown }) {
  return fakeServer({
    'GET /config': () => ({ body: { data: { version: '1', google_client_id: 'client-1.apps.googleusercontent.com', images: { provider: 'local', cloud_name: null }, maps_key: null, mail_delivery: false } } }),
    'POST /auth/google': ({ body }) => answer(body as { credential: string; business_id?: string }),
  })
}

afterEach(() => {
  delete window.google
})

describe('Google sign-in, through the session', () => {
  it('asks which business when the Google account has several, and signs in to the one chosen', async () => {
    const google = fakeGoogle()
    const server = rotaWithGoogle(({ business_id }) =>
      business_id === 'brite'
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
    )
    const { current } = renderApp('/auth', { server })
    await screen.findByRole('button', { name: 'Sign in with Google' })
    google.signIn()

    expect(await screen.findByRole('heading', { name: 'Choose a business' })).toBeVisible()
    const user = userEvent.setup()
    await user.click(await screen.findByRole('radio', { name: /Brite Homes/ }))
    await user.click(screen.getByRole('button', { name: 'Continue' }))

    await waitFor(() => expect(current()).toBe('/dashboard'))
    expect(server.called('POST /auth/google').map((call) => call.body)).toEqual([{ credential: CREDENTIAL }, { credential: CREDENTIAL, business_id: 'brite' }])
    expect(server.called('POST /auth/login')).toHaveLength(0)
    expect(localStorage.getItem('rota.token')).toBe(tokens.token)
  })

  it('goes back to the sign-in form from the business choice', async () => {
    const google = fakeGoogle()
    const server = rotaWithGoogle(() => ({
      body: { data: { status: 'choose_business', businesses: [{ business_id: 'maple', business_name: 'Maple Cleaning' }, { business_id: 'brite', business_name: 'Brite Homes' }] } },
    }))
    renderApp('/auth', { server })
    await screen.findByRole('button', { name: 'Sign in with Google' })
    google.signIn()
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Back' }))

    expect(await screen.findByRole('heading', { name: 'Sign in to Rota' })).toBeVisible()
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeVisible()
  })

  it('goes on to the e-mailed code when the business asks for one', async () => {
    const google = fakeGoogle()
    const server = rotaWithGoogle(() => ({ body: { data: { status: 'otp_required', challenge: 'challenge-0123456789-abcdef', email: 'jeanne@maple.test' } } }))
    server.on('POST /auth/otp/verify', () => ({ body: { data: tokens } }))
    const { current } = renderApp('/auth?redirect=%2Fprofile', { server })
    await screen.findByRole('button', { name: 'Sign in with Google' })
    google.signIn()

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeVisible()
    expect(current()).toBe('/auth/otp/jeanne%40maple.test?redirect=%2Fprofile')
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('6-digit code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }))
    await waitFor(() => expect(current()).toBe('/profile'))
    expect(server.called('POST /auth/otp/verify')[0]?.body).toEqual({ challenge: 'challenge-0123456789-abcdef', code: '123456' })
  })

  it("shows the server's refusal in the sign-in form, and says it is signing in meanwhile", async () => {
    const google = fakeGoogle()
    let refuse: () => void = () => {}
    const refusal = new Promise<void>((resolve) => (refuse = resolve))
    const server = rotaWithGoogle(() => ({ status: 401, body: { message: 'No Rota account uses this Google account.', code: 'invalid_credentials' } }))
    const answered = server.fetch
    server.fetch = async (input, init) => {
      if (String(input).endsWith('/auth/google')) await refusal
      return answered(input, init)
    }
    renderApp('/auth', { server })
    await screen.findByRole('button', { name: 'Sign in with Google' })
    google.signIn()

    expect(await screen.findByRole('status')).toHaveTextContent('Signing in with Google…')
    refuse()
    expect(await screen.findByRole('alert')).toHaveTextContent('No Rota account uses this Google account.')
    expect(screen.queryByText('Signing in with Google…')).toBeNull()
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  })
})
