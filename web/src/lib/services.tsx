import type { ApiClient, ApiClientOptions, ApiFunctions, KeyValueStore } from '@rota/core'
import { createTokenRefresher } from '@rota/machines'
import { useSelector } from '@xstate/react'
import { createContext, use, type ReactNode } from 'react'
import { browserStore, readCookie, STORAGE_PREFIX } from './browser-store.ts'
import { currentLocale } from './i18n.ts'
import { forgetAll } from './sign-out.ts'
import { startSession, type Session, type SessionSnapshot } from './session.ts'
import { startRefresher, storedTokens, type Refresher } from './token-refresh.ts'

/** What the whole app shares: the API and the machines that keep the session. */
export interface AppServices {
  /** Rota's API as typed functions; the client behind them loads on the first call. */
  api: ApiFunctions
  store: KeyValueStore
  session: Session
  refresher: Refresher
  /** Renews the token pair, joining a renewal in flight; whether it worked. */
  refresh: () => Promise<boolean>
  /** Where the API lives and how to reach it, for the live updates' own connection. */
  baseURL: string
  fetch?: typeof globalThis.fetch
}

export interface AppServicesOptions {
  /** A server message to show (SPEC.md §7): a toast in the app, a spy in tests. */
  notify: (kind: 'success' | 'error', message: string) => void
  baseURL?: string
  fetch?: typeof globalThis.fetch
  storage?: Storage
}

type ClientOptions = Omit<ApiClientOptions, 'store'>

/** The typed API functions, each waiting for the client to load on its first call. */
function deferredApi(load: () => Promise<ApiClient>): ApiFunctions {
  return new Proxy({} as ApiFunctions, {
    get: (_, name) =>
      typeof name === 'string'
        ? (...args: unknown[]) =>
            load().then((client) => (client.api as unknown as Record<string, (...input: unknown[]) => Promise<unknown>>)[name]!(...args))
        : undefined,
  })
}

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined
  return () => {
    made ??= make().catch((error: unknown) => {
      made = undefined
      throw error
    })
    return made
  }
}

/**
 * Wires the API client, the session and the token refresher together: a 401 or a failed
 * refresh ends the session, a refresh hands the session its new pair, and another tab's
 * sign-in, refresh or sign-out reaches this one through localStorage.
 * @example
 * const services = createAppServices({ notify: (kind, text) => showToast(kind, text) })
 */
export function createAppServices(options: AppServicesOptions): AppServices {
  const baseURL = options.baseURL ?? '/api/v1'
  const store = browserStore(options.storage)
  const common: ClientOptions = {
    baseURL,
    fetch: options.fetch,
    xsrfToken: () => (typeof document === 'undefined' ? undefined : readCookie('XSRF-TOKEN')),
    locale: () => currentLocale(),
  }
  const loadClients = once(() => import('./api-client.ts'))
  const session: Session = startSession({
    api: () => api,
    store,
    forget: forgetAll,
  })
  const refresher = startRefresher({
    store,
    exchange: async (refreshToken) => (await loadClients()).sessionlessApiClient(common).api.refreshToken({ body: { refresh_token: refreshToken } }, { silent: true }),
    onTokens: (tokens) => session.send({ type: 'session.refreshed', tokens }),
    onFailure: () => session.send({ type: 'session.expired' }),
  })
  const refresh = createTokenRefresher(refresher)
  const client = once(async () =>
    (await loadClients()).browserApiClient({
      ...common,
      store,
      onNotice: options.notify,
      onSignOut: () => session.send({ type: 'session.expired' }),
      refresh,
    }),
  )
  const api = deferredApi(client)
  if (typeof window !== 'undefined') followOtherTabs({ store, session, refresher })
  return { api, store, session, refresher, refresh, baseURL, fetch: options.fetch }
}

/** Another tab signed in, refreshed or signed out: this one follows. */
function followOtherTabs({ store, session, refresher }: Pick<AppServices, 'store' | 'session' | 'refresher'>) {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && event.key !== `${STORAGE_PREFIX}token`) return
    const tokens = storedTokens(store)
    const state = session.getSnapshot()
    if (!tokens) {
      if (!state.matches('signedOut')) session.send({ type: 'session.expired' })
    } else if (state.matches('signedOut')) {
      session.send({ type: 'session.tokens', tokens })
    } else if (state.context.tokens?.token !== tokens.token) {
      refresher.send({ type: 'token.updated', tokens })
    }
  })
}

const ServicesContext = createContext<AppServices | null>(null)

/** Gives the app its services. */
export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext value={services}>{children}</ServicesContext>
}

/** The app's services; fails loudly outside the provider. */
export function useServices(): AppServices {
  const services = use(ServicesContext)
  if (!services) throw new Error('useServices needs <ServicesProvider>')
  return services
}

/**
 * The typed API functions.
 * @example
 * const api = useApi()
 * useQuery({ queryKey: ['config'], queryFn: () => api.getClientConfig() })
 */
export function useApi(): ApiFunctions {
  return useServices().api
}

/**
 * A piece of the session, re-rendering only when it changes.
 * @example
 * const user = useSession((state) => state.context.user)
 */
export function useSession<T>(selector: (snapshot: SessionSnapshot) => T): T {
  return useSelector(useServices().session, selector)
}
