import { ApiError, createApiClient, memoryStore, type ApiClientOptions } from '@rota/core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { accessClaims, craftAccessToken } from '../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { registerBusiness, type Owner } from '../helpers/business.ts'

/**
 * The shared API client (core) against a real Rota on loopback, as SPEC.md §8 says
 * it must behave: sign in, an expired token refreshed once and the request
 * repeated, concurrent expiries sharing one refresh, a reused refresh token and a
 * 401 ending the session.
 */
let t: TestApp
let base: string
let owner: Owner
let refreshes = 0

beforeAll(async () => {
  t = await createTestApp()
  base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1`
  owner = await registerBusiness(t)
})
afterAll(() => t.close())

/** Every refresh request that leaves any client, counted on the wire. */
const countingFetch: typeof fetch = (input, init) => {
  if (String(input instanceof Request ? input.url : input).endsWith('/auth/refresh_token')) refreshes += 1
  return fetch(input, init)
}

function client(options: Partial<ApiClientOptions> = {}) {
  const store = memoryStore()
  const onSignOut = vi.fn()
  const onNotice = vi.fn()
  const api = createApiClient({ baseURL: base, store, onSignOut, onNotice, fetch: countingFetch, ...options })
  return { ...api, store, onSignOut, onNotice }
}

/**
 * Replaces the stored access token by the same one already expired (same user, business
 * and session), as if its 15 minutes had passed: the refresh then gives a fresh one.
 */
async function expire(c: { store: { get(key: 'token'): string | null; set(key: 'token', value: string): void } }) {
  const claims = accessClaims(c.store.get('token')!)
  c.store.set('token', await craftAccessToken(t.config.secret, { ...claims, exp: Math.floor(Date.now() / 1000) - 5 }))
}

async function signedIn() {
  const c = client()
  const result = await c.api.login({ body: { business_id: owner.business_id }, credentials: { email: owner.email, password: owner.password } })
  if (result.status !== 'signed_in') throw new Error(`unexpected ${result.status}`)
  c.store.set('token', result.token)
  c.store.set('refresh_token', result.refresh_token)
  return c
}

describe('the client against a real server', () => {
  it('signs in with the Basic header and reads the profile with the Bearer token', async () => {
    const c = await signedIn()
    const profile = await c.api.getProfile()
    expect(profile).toMatchObject({ email: owner.email, role: { name: 'Super Admin' } })
    expect(c.onSignOut).not.toHaveBeenCalled()
  })

  it('refuses wrong credentials without signing anyone out, showing the server message', async () => {
    const c = client()
    await expect(c.api.login({ body: { business_id: owner.business_id }, credentials: { email: owner.email, password: 'wrong password!' } })).rejects.toMatchObject({
      status: 401,
      code: 'invalid_credentials',
    })
    expect(c.onSignOut).not.toHaveBeenCalled()
    expect(c.onNotice).toHaveBeenCalledWith('error', 'The business, e-mail or password is incorrect.')
  })

  it('after the access token expires: 403 token_expired → one refresh → the request succeeds', async () => {
    const c = await signedIn()
    await expire(c)
    const before = { token: c.store.get('token'), refresh: c.store.get('refresh_token') }
    refreshes = 0
    const profile = await c.api.getProfile()
    expect(profile.email).toBe(owner.email)
    expect(refreshes).toBe(1)
    expect(c.store.get('token')).not.toBe(before.token)
    expect(c.store.get('refresh_token')).not.toBe(before.refresh)
    expect(c.onSignOut).not.toHaveBeenCalled()
  })

  it('five requests failing together share exactly one refresh', async () => {
    const c = await signedIn()
    await expire(c)
    refreshes = 0
    const answers = await Promise.all([c.api.getProfile(), c.api.getSettings(), c.api.getProfile(), c.api.listNotifications(), c.api.getSettings()])
    expect(answers).toHaveLength(5)
    expect(refreshes).toBe(1)
    expect(c.onSignOut).not.toHaveBeenCalled()
  })

  it('a reused refresh token ends the session: the family is revoked and the client signs out', async () => {
    const c = await signedIn()
    const stolen = c.store.get('refresh_token')!
    await expire(c)
    await c.api.getProfile()
    const thief = client()
    thief.store.set('refresh_token', stolen)
    await expect(thief.api.refreshToken({ body: { refresh_token: stolen } })).rejects.toMatchObject({ status: 401, code: 'invalid_refresh_token' })

    // The legitimate holder's current tokens died with the family: the next call is refused and signs out.
    await expect(c.api.getProfile()).rejects.toBeInstanceOf(ApiError)
    expect(c.onSignOut).toHaveBeenCalledWith('unauthorized')
  })

  it('a refresh that fails signs out with the original error', async () => {
    const c = await signedIn()
    c.store.set('refresh_token', 'x'.repeat(43))
    await expire(c)
    await expect(c.api.getProfile()).rejects.toMatchObject({ status: 403, code: 'token_expired' })
    expect(c.onSignOut).toHaveBeenCalledExactlyOnceWith('refresh_failed')
  })

  it('a 401 (revoked session) signs out', async () => {
    const c = await signedIn()
    await c.api.logout({ body: {} })
    await expect(c.api.getProfile()).rejects.toMatchObject({ status: 401, code: 'session_revoked' })
    expect(c.onSignOut).toHaveBeenCalledWith('unauthorized')
  })

  it('a 403 forbidden is shown and not refreshed', async () => {
    const c = await signedIn()
    refreshes = 0
    const staff = await c.api.createUser({ body: { email: 'contract-staff@example.com', role: 'Staff' } })
    const link = staff.invite_link!
    const accepted = await client().api.acceptInvite({ body: { token: link.split('/').at(-1)!, password: 'a staff passphrase here' } })
    const s = client()
    s.store.set('token', accepted.token)
    s.store.set('refresh_token', accepted.refresh_token)
    await expect(s.api.updateSettings({ body: { business_name: 'Nope' } })).rejects.toMatchObject({ status: 403, code: 'forbidden' })
    expect(refreshes).toBe(0)
    expect(s.onSignOut).not.toHaveBeenCalled()
    expect(s.onNotice).toHaveBeenCalledWith('error', 'You do not have permission to do this.')
  })
})
