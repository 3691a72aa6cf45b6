import type { Profile } from '@rota/core'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { AppProvider } from '../app/provider.tsx'
import { QueryProvider } from '../lib/query-provider.tsx'
import { createAppServices } from '../lib/services.tsx'
import { fakeServer, tokens, type FakeServer } from './fake-server.ts'

interface Options {
  /** Where the memory router starts, with its query (`/things?id=…`). */
  path?: string
  server?: FakeServer
  /** Someone signed in, so the session's settings (the business's time zone) are there. */
  user?: Profile
}

/**
 * One component outside the pages, with what a page gives it: the API behind a fake
 * server, the session, the query cache and a memory router whose history the test reads.
 * @example
 * const { current } = renderPiece(<RecordTable … />, { path: '/things?page=2' })
 */
export function renderPiece(ui: ReactNode, { path = '/', server = fakeServer(), user }: Options = {}) {
  if (user) {
    localStorage.setItem('rota.token', tokens.token)
    localStorage.setItem('rota.refresh_token', tokens.refresh_token)
    server.on('GET /profile', () => ({ body: { data: user } }))
  }
  const services = createAppServices({ notify: vi.fn(), fetch: server.fetch })
  const location = memoryLocation({ path, record: true })
  const view = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider services={services}>
        <QueryProvider>{ui}</QueryProvider>
      </AppProvider>
    </Router>,
  )
  const current = () => location.history.at(-1) ?? path
  return { ...view, server, services, location, current }
}
