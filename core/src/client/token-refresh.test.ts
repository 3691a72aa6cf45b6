import { describe, expect, it, vi } from 'vitest'
import { createApiClient } from './api-client.ts'
import { ApiError } from './errors.ts'
import { memoryStore } from './store.ts'
import { reply, stubFetch, type SeenRequest } from './stub-fetch.ts'
import type { ApiClientOptions } from './types.ts'

const profile = { id: 'u1', firstname: 'Zoé' }
const expired = { message: 'Your session has expired', code: 'token_expired' }
const forbidden = { message: 'You may not change the settings', code: 'forbidden' }
const tokens = { token: 't2', refresh_token: 'r2', expires_in: 900 }

/**
 * A server where only the token `t2` is current: `t1` is expired, and the refresh
 * route hands out `t2` for `r1`.
 */
function server(overrides: { refresh?: () => Response | Promise<Response>; profile?: () => Response } = {}) {
  return (request: SeenRequest): Response | Promise<Response> => {
    if (request.url.endsWith('/auth/refresh_token')) {
      return overrides.refresh?.() ?? reply(200, { data: tokens })
    }
    if (overrides.profile) return overrides.profile()
    return request.headers.get('authorization') === 'Bearer t2' ? reply(200, { data: profile }) : reply(403, expired)
  }
}

function setup(
  respond: (request: SeenRequest) => Response | Promise<Response> = server(),
  options: Partial<ApiClientOptions> = {},
) {
  const { fetch, seen } = stubFetch(respond)
  const store = options.store ?? memoryStore({ token: 't1', refresh_token: 'r1' })
  const onNotice = vi.fn()
  const onSignOut = vi.fn()
  const client = createApiClient({ baseURL: 'http://api.test/api/v1', store, fetch, onNotice, onSignOut, ...options })
  const refreshCalls = () => seen.filter((request) => request.url.endsWith('/auth/refresh_token'))
  return { client, store, seen, refreshCalls, onNotice, onSignOut }
}

describe('401', () => {
  it('does not sign out when a sign-in with wrong credentials is refused', async () => {
    const { client, onSignOut, onNotice } = setup(() => reply(401, { message: 'Wrong password', code: 'invalid_credentials' }), {
      store: memoryStore(),
    })
    const login = client.api.login({ body: { business_id: 'acme' }, credentials: { email: 'a@b.ca', password: 'nope' } })
    await expect(login).rejects.toMatchObject({ status: 401, code: 'invalid_credentials' })
    expect(onSignOut).not.toHaveBeenCalled()
    expect(onNotice).toHaveBeenCalledExactlyOnceWith('error', 'Wrong password')
  })

  it('signs out, shows the message and throws', async () => {
    const { client, onSignOut, onNotice, refreshCalls } = setup(() => reply(401, { message: 'Please sign in', code: 'unauthorized' }))
    await expect(client.api.getProfile()).rejects.toMatchObject({ status: 401, code: 'unauthorized' })
    expect(onSignOut).toHaveBeenCalledExactlyOnceWith('unauthorized')
    expect(onNotice).toHaveBeenCalledExactlyOnceWith('error', 'Please sign in')
    expect(refreshCalls()).toHaveLength(0)
  })
})

describe('403 with an expired token', () => {
  it('refreshes once with the stored refresh token, then repeats the request with the new token', async () => {
    const { client, store, seen, refreshCalls, onNotice, onSignOut } = setup()
    await expect(client.api.getProfile()).resolves.toEqual(profile)
    expect(refreshCalls()).toHaveLength(1)
    expect(refreshCalls()[0]?.body).toEqual({ refresh_token: 'r1' })
    expect(refreshCalls()[0]?.headers.has('authorization')).toBe(false)
    expect(seen.map((request) => request.headers.get('authorization'))).toEqual(['Bearer t1', null, 'Bearer t2'])
    expect([store.get('token'), store.get('refresh_token')]).toEqual(['t2', 'r2'])
    expect(onNotice).not.toHaveBeenCalled()
    expect(onSignOut).not.toHaveBeenCalled()
  })

  it('shares one refresh among five requests that expire together, and all five succeed', async () => {
    const { client, seen, refreshCalls } = setup()
    const results = await Promise.all(Array.from({ length: 5 }, () => client.api.getProfile()))
    expect(results).toEqual(Array(5).fill(profile))
    expect(refreshCalls()).toHaveLength(1)
    expect(seen.filter((request) => request.headers.get('authorization') === 'Bearer t2')).toHaveLength(5)
  })

  it('shares one call of an injected refresher too', async () => {
    let finish: (renewed: boolean) => void = () => {}
    const refresh = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)))
    const { client, store } = setup(server(), { refresh })
    const calls = Promise.all(Array.from({ length: 5 }, () => client.api.getProfile()))
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled())
    store.set('token', 't2')
    finish(true)
    await expect(calls).resolves.toHaveLength(5)
    expect(refresh).toHaveBeenCalledOnce()
  })

  it('repeats without a new refresh a request that expires after another one renewed the token', async () => {
    const store = memoryStore({ token: 't1', refresh_token: 'r1' })
    const tokenRenewed = () => vi.waitFor(() => expect(store.get('token')).toBe('t2'))
    let expiredAnswers = 0
    const { client, refreshCalls } = setup(
      async (request) => {
        if (request.url.endsWith('/auth/refresh_token')) return reply(200, { data: tokens })
        if (request.headers.get('authorization') === 'Bearer t2') return reply(200, { data: profile })
        expiredAnswers += 1
        if (expiredAnswers === 2) await tokenRenewed()
        return reply(403, expired)
      },
      { store },
    )
    await expect(Promise.all([client.api.getProfile(), client.api.getProfile()])).resolves.toEqual([profile, profile])
    expect(refreshCalls()).toHaveLength(1)
  })

  it('does not refresh a second time when the repeated request fails again', async () => {
    const { client, refreshCalls, onNotice, onSignOut } = setup(server({ profile: () => reply(403, expired) }))
    const error = await client.api.getProfile().catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 403, code: 'token_expired' })
    expect(refreshCalls()).toHaveLength(1)
    expect(onNotice).toHaveBeenCalledExactlyOnceWith('error', 'Your session has expired')
    expect(onSignOut).not.toHaveBeenCalled()
  })

  it('signs out and throws the original error when the refresh is refused', async () => {
    const { client, onSignOut, onNotice } = setup(server({ refresh: () => reply(401, { message: 'Spent', code: 'invalid_refresh_token' }) }))
    await expect(client.api.getProfile()).rejects.toMatchObject({ status: 403, code: 'token_expired', message: expired.message })
    expect(onSignOut).toHaveBeenCalledExactlyOnceWith('refresh_failed')
    expect(onNotice).not.toHaveBeenCalled()
  })

  it('signs out when the refresh cannot reach the server', async () => {
    const { client, onSignOut } = setup(server({ refresh: () => Promise.reject(new TypeError('fetch failed')) }))
    await expect(client.api.getProfile()).rejects.toMatchObject({ status: 403, code: 'token_expired' })
    expect(onSignOut).toHaveBeenCalledExactlyOnceWith('refresh_failed')
  })

  it('signs out when an injected refresher says no or throws', async () => {
    for (const refresh of [async () => false, async () => Promise.reject(new Error('tab closed'))]) {
      const { client, onSignOut } = setup(server(), { refresh })
      await expect(client.api.getProfile()).rejects.toMatchObject({ status: 403, code: 'token_expired' })
      expect(onSignOut).toHaveBeenCalledExactlyOnceWith('refresh_failed')
    }
  })

  it('does not refresh without a refresh token, and shows the message', async () => {
    const { client, refreshCalls, onNotice, onSignOut } = setup(server(), { store: memoryStore({ token: 't1' }) })
    await expect(client.api.getProfile()).rejects.toMatchObject({ status: 403, code: 'token_expired' })
    expect(refreshCalls()).toHaveLength(0)
    expect(onNotice).toHaveBeenCalledExactlyOnceWith('error', 'Your session has expired')
    expect(onSignOut).not.toHaveBeenCalled()
  })
})

describe('403 forbidden', () => {
  it('shows the message and throws without refreshing', async () => {
    const { client, refreshCalls, onNotice, onSignOut } = setup(() => reply(403, forbidden))
    await expect(client.api.updateSettings({ body: {} })).rejects.toMatchObject({ status: 403, code: 'forbidden' })
    expect(refreshCalls()).toHaveLength(0)
    expect(onNotice).toHaveBeenCalledExactlyOnceWith('error', forbidden.message)
    expect(onSignOut).not.toHaveBeenCalled()
  })

  it('takes a refusal that names its reason as a refusal: no refresh, the request sent once', async () => {
    const beyond = { message: 'You can only give rights you have yourself', code: 'rights_beyond_own', details: { rights: [] } }
    const { client, seen, refreshCalls, onNotice, onSignOut } = setup(() => reply(403, beyond))
    await expect(client.api.updateSettings({ body: {} })).rejects.toMatchObject({ status: 403, code: 'rights_beyond_own' })
    expect(refreshCalls()).toHaveLength(0)
    expect(seen).toHaveLength(1)
    expect(onNotice).toHaveBeenCalledExactlyOnceWith('error', beyond.message)
    expect(onSignOut).not.toHaveBeenCalled()
  })

  it("refreshes once on a 403 without Rota's body, as a proxy in front might answer an expired token", async () => {
    const { client, refreshCalls } = setup((request) => {
      if (request.url.endsWith('/auth/refresh_token')) return reply(200, { data: tokens })
      return request.headers.get('authorization') === 'Bearer t2' ? reply(200, { data: profile }) : new Response('Forbidden', { status: 403 })
    })
    await expect(client.api.getProfile()).resolves.toEqual(profile)
    expect(refreshCalls()).toHaveLength(1)
  })
})
