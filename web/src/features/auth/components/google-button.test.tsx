import { act, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeServer, tokens } from '../../../testing/fake-server.ts'
import { renderApp } from '../../../testing/render-app.tsx'
import { GOOGLE_BUTTON_HEIGHTS, GoogleButton } from './google-button.tsx'

describe('Google sign-in', () => {
  it('is not offered when this Rota has no Google client id', async () => {
    const server = fakeServer()
    renderApp('/auth', { server })
    await screen.findByRole('button', { name: 'Sign in' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.called('GET /config')).toHaveLength(1)
    expect(screen.queryByText('or')).toBeNull()
  })

  it('is offered when it is set up, and signs in with the ID token Google hands over', async () => {
    let signIn: (response: { credential: string }) => void = () => {}
    window.google = {
      accounts: {
        id: {
          initialize: ({ callback }) => (signIn = callback),
          renderButton: (parent, { size }) => {
            const button = document.createElement('button')
            button.textContent = `Sign in with Google (${size})`
            parent.append(button)
          },
        },
      },
    }
    const server = fakeServer({
      'GET /config': () => ({ body: { data: { version: '1', google_client_id: 'client-1.apps.googleusercontent.com', images: { provider: 'local', cloud_name: null }, maps_key: null, mail_delivery: false } } }),
      'POST /auth/google': () => ({ body: { data: { status: 'signed_in', ...tokens } } }),
    })
    const { current } = renderApp('/auth', { server })
    expect(await screen.findByRole('button', { name: 'Sign in with Google (large)' })).toBeVisible()
    act(() => signIn({ credential: 'google-id-token-0123456789' }))
    await waitFor(() => expect(current()).toBe('/dashboard'))
    expect(server.called('POST /auth/google')[0]?.body).toEqual({ credential: 'google-id-token-0123456789' })
    delete window.google
  })

  it('reserves the heights of SPEC.md §9: 40, 32 and 20 pixels', () => {
    expect(GOOGLE_BUTTON_HEIGHTS).toEqual({ large: 40, medium: 32, small: 20 })
    window.google = { accounts: { id: { initialize: () => {}, renderButton: () => {} } } }
    const { container } = render(<GoogleButton clientId="c" size="medium" onCredential={() => {}} />)
    expect(container.firstElementChild).toHaveStyle({ minHeight: '32px' })
    delete window.google
  })
})
