import { describe, expect, it, vi } from 'vitest'
import { createActor, waitFor } from 'xstate'
import { createApiClient, memoryStore, NetworkError, type AuthTokens, type KeyValueStore, type Profile, type Settings } from '@rota/core'
import { provideSession, storedTokens, type SessionPlatform } from './session-provider.ts'

const pair = (name: string): AuthTokens => ({ token: `${name}-token`, refresh_token: `${name}-refresh`, expires_in: 900 })
const user = { id: '0b9c6f1e-3f0d-4d8e-9a43-5d0f0c7b8a11', business_id: 'acme', email: 'ada@acme.test', firstname: 'Ada' } as Profile
const settings = { business_id: 'acme', business_name: 'Acme Cleaning' } as Settings

interface Seen {
  route: string
  body: unknown
  headers: Headers
}
type Answer = Response | 'unreachable'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const data = (value: unknown, message?: string) => json(200, { data: value, ...(message && { message }) })
const refused = (message: string) => json(401, { message, code: 'invalid_credentials' })

/** A Rota behind a real API client: each route answers as `answers` says; the profile and settings load. */
function rota(answers: Record<string, (seen: Seen) => Answer> = {}) {
  const seen: Seen[] = []
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const call = {
      route: `${init.method ?? 'GET'} ${new URL(String(input)).pathname.replace('/api/v1', '')}`,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    }
    seen.push(call)
    const defaults: Record<string, () => Answer> = {
      'GET /profile': () => data(user),
      'GET /settings': () => data(settings),
      'POST /auth/logout': () => data({}, 'You are signed out.'),
    }
    const answer = answers[call.route]?.(call) ?? defaults[call.route]?.()
    if (answer === 'unreachable') throw new TypeError('fetch failed')
    return answer ?? json(404, { message: 'Not found', code: 'not_found' })
  })
  const onNotice = vi.fn()
  const connect = (store: KeyValueStore) => createApiClient({ baseURL: 'http://rota.test/api/v1', store, fetch, onNotice })
  return { seen, onNotice, connect, routes: () => seen.map((call) => call.route) }
}

function start(server: ReturnType<typeof rota>, platform: Partial<SessionPlatform> & { store: KeyValueStore }) {
  const session = createActor(provideSession({ api: server.connect(platform.store).api, ...platform })).start()
  const settled = () =>
    waitFor(session, (state) => ['signedOut', 'signedIn', 'choosingBusiness', 'awaitingOtp'].some((value) => state.matches(value as never)))
  return { session, settled }
}

describe('provideSession', () => {
  it('signs in through the API, keeps the pair, the user and the settings in the store, and signing out clears them', async () => {
    const server = rota({ 'POST /auth/login': () => data({ status: 'signed_in', ...pair('ada') }) })
    const store = memoryStore()
    const forget = vi.fn()
    const { session, settled } = start(server, { store, forget })
    expect((await settled()).value).toBe('signedOut')

    session.send({ type: 'session.login', business_id: 'acme', email: 'ada@acme.test', password: 'correct horse' })
    expect((await settled()).value).toBe('signedIn')
    const [login] = server.seen
    expect(login).toMatchObject({ route: 'POST /auth/login', body: { business_id: 'acme' } })
    expect(login?.headers.get('authorization')).toBe(`Basic ${btoa('ada@acme.test:correct horse')}`)
    expect(storedTokens(store)).toEqual({ token: 'ada-token', refresh_token: 'ada-refresh', expires_in: 0 })
    expect(JSON.parse(store.get('user')!)).toEqual(user)
    expect(JSON.parse(store.get('settings')!)).toEqual(settings)
    expect(server.seen.find((call) => call.route === 'GET /profile')?.headers.get('authorization')).toBe('Bearer ada-token')

    session.send({ type: 'session.logout' })
    expect((await settled()).value).toBe('signedOut')
    expect(server.seen.at(-1)?.body).toEqual({ refresh_token: 'ada-refresh' })
    expect(['token', 'refresh_token', 'user', 'settings'].map((key) => store.get(key as never))).toEqual([null, null, null, null])
    expect(forget).toHaveBeenCalledOnce()
    // Sign-in calls are silent (the screens show their refusals); the sign-out's notice is the platform's to show.
    expect(server.onNotice).toHaveBeenCalledExactlyOnceWith('success', 'You are signed out.')
  })

  it('signs out with the refresh token in the store, which the token refresher may have rotated since', async () => {
    const store = memoryStore({ token: 'kept-token', refresh_token: 'kept-refresh' })
    const server = rota()
    const { session, settled } = start(server, { store })
    expect((await settled()).value).toBe('signedIn')
    store.set('refresh_token', 'rotated-refresh')

    session.send({ type: 'session.logout' })
    await settled()
    expect(server.seen.at(-1)).toMatchObject({ route: 'POST /auth/logout', body: { refresh_token: 'rotated-refresh' } })
  })

  it("signs in with Google's ID token, and again with the business the server asked to choose", async () => {
    const server = rota({
      'POST /auth/google': ({ body }) =>
        (body as { business_id?: string }).business_id === 'brite'
          ? data({ status: 'signed_in', ...pair('pat') })
          : data({ status: 'choose_business', businesses: [{ business_id: 'acme', business_name: 'Acme' }, { business_id: 'brite', business_name: 'Brite' }] }),
    })
    const store = memoryStore()
    const { session, settled } = start(server, { store })
    await settled()

    session.send({ type: 'session.google', credential: 'google-id-token-0123456789' })
    expect((await settled()).value).toBe('choosingBusiness')
    expect(store.get('token')).toBeNull()
    session.send({ type: 'session.business.choose', business_id: 'brite' })
    expect((await settled()).value).toBe('signedIn')
    expect(server.seen.filter((call) => call.route === 'POST /auth/google').map((call) => call.body)).toEqual([
      { credential: 'google-id-token-0123456789' },
      { credential: 'google-id-token-0123456789', business_id: 'brite' },
    ])
    expect(store.get('token')).toBe('pat-token')
  })

  it.each([
    ['pair', { token: 'kept-token', refresh_token: 'kept-refresh' }, 'signedIn'],
    ['pair', { token: 'kept-token' }, 'signedOut'],
    ['token', { token: 'kept-token' }, 'signedIn'],
    ['nothing', { token: 'kept-token', refresh_token: 'kept-refresh' }, 'signedOut'],
  ] as const)('restores %s from a store holding %j: %s', async (restore, held, state) => {
    const server = rota()
    const { settled } = start(server, { store: memoryStore(held), restore })
    expect((await settled()).value).toBe(state)
    expect(server.routes().includes('GET /profile')).toBe(state === 'signedIn')
  })

  it('tells the platform each failed call, and keeps the store when the platform says the last failure does not end the session', async () => {
    const server = rota({ 'GET /profile': () => 'unreachable' })
    const store = memoryStore({ token: 'kept-token', refresh_token: 'kept-refresh' })
    const onError = vi.fn()
    const forget = vi.fn()
    const { settled } = start(server, { store, onError, forget, keepStoreAfter: (error) => error instanceof NetworkError })

    expect((await settled()).value).toBe('signedOut')
    expect(onError).toHaveBeenCalledExactlyOnceWith(expect.any(NetworkError))
    expect(storedTokens(store)).toMatchObject({ token: 'kept-token', refresh_token: 'kept-refresh' })
    expect(forget).not.toHaveBeenCalled()
  })

  it('clears the store when the user cannot be loaded for any other reason', async () => {
    const server = rota({ 'GET /profile': () => refused('Please sign in') })
    const store = memoryStore({ token: 'revoked-token', refresh_token: 'revoked-refresh' })
    const { settled } = start(server, { store, keepStoreAfter: (error) => error instanceof NetworkError })

    expect((await settled()).context).toMatchObject({ tokens: null, user: null })
    expect(store.get('token')).toBeNull()
  })

  it('reads the API functions at each call when given a function, so the client may be made after the session', async () => {
    const server = rota({ 'POST /auth/login': () => refused('The business, e-mail or password is incorrect.') })
    const store = memoryStore()
    let api: ReturnType<typeof server.connect>['api'] | undefined
    const session = createActor(provideSession({ api: () => api!, store })).start()
    api = server.connect(store).api
    await waitFor(session, (state) => state.matches('signedOut'))

    session.send({ type: 'session.login', email: 'ada@acme.test', password: 'wrong horse' })
    const refusedSignIn = await waitFor(session, (state) => state.matches('signedOut') && state.context.error !== null)
    expect(refusedSignIn.context.error).toBe('The business, e-mail or password is incorrect.')
    expect(server.seen[0]?.body).toEqual({})
    expect(server.onNotice).not.toHaveBeenCalled()
  })
})
