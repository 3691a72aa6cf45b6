import { ApiError } from '@rota/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { forgetOnSignOut } from './sign-out.ts'

const MAX_RETRIES = 3
const MAX_DELAY_MS = 30_000

/** A refusal (4xx) will be refused again; only a timeout or too-many-requests is worth another try. */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true
  return error.status >= 500 || error.status === 408 || error.status === 429
}

/**
 * The server-data cache with SPEC.md §9's policy: three retries waiting 1 s, 2 s, 4 s…
 * up to 30 s, paused while offline and resumed online, no refetch when the window
 * regains focus, and data kept for as long as the page lives.
 * @example
 * const queryClient = createQueryClient()
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < MAX_RETRIES && worthRetrying(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, MAX_DELAY_MS),
        networkMode: 'online',
        refetchOnWindowFocus: false,
        gcTime: Number.POSITIVE_INFINITY,
      },
      // A change made offline fails at once, saying so, rather than spinning until the connection is back and
      // only then being sent: a clock-in tapped in a basement was recorded at the time the phone found signal.
      // (Chat keeps messages written offline in its own outbox.)
      mutations: { retry: false, networkMode: 'always' },
    },
  })
}

/** The app's one cache; a session's data goes with the session. */
export const queryClient = createQueryClient()
forgetOnSignOut(() => queryClient.clear())

/**
 * Server data for the pages that use it. It is a chunk of its own, loaded with the first
 * such page, which the sign-in page is not.
 * @example
 * <QueryProvider><RegisterPage /></QueryProvider>
 */
export function QueryProvider({ client = queryClient, children }: { client?: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
