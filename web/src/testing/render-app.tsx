import type { Profile } from '@rota/core'
import { render } from '@testing-library/react'
import { vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { AppProvider } from '../app/provider.tsx'
import { AppRouter } from '../app/router.tsx'
import { createAppServices } from '../lib/services.tsx'
import { fakeServer, tokens, type FakeServer } from './fake-server.ts'

interface Options {
  server?: FakeServer
  /** Someone already signed in: their tokens are stored and `GET /profile` answers with them. */
  user?: Profile
}

/**
 * The whole app at `path`, in memory: a fake API behind `fetch`, a memory router whose
 * history the test can read, and a spy where toasts would go.
 * @example
 * const { location } = renderApp('/dashboard', { user: staffProfile })
 * await waitFor(() => expect(location.history.at(-1)).toBe('/profile'))
 */
export function renderApp(path: string, { server = fakeServer(), user }: Options = {}) {
  if (user) {
    localStorage.setItem('rota.token', tokens.token)
    localStorage.setItem('rota.refresh_token', tokens.refresh_token)
    server.on('GET /profile', () => ({ body: { data: user } }))
  }
  const notify = vi.fn()
  const services = createAppServices({ notify, fetch: server.fetch })
  const location = memoryLocation({ path, record: true })
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider services={services}>
        <AppRouter />
      </AppProvider>
    </Router>,
  )
  const current = () => location.history.at(-1) ?? path
  return { ...view, server, services, location, notify, current }
}
