import { describe, expect, expectTypeOf, it, vi } from 'vitest'
import type { Profile, Settings } from '../contract/account.ts'
import type { LoginResult } from '../contract/auth.ts'
import { createApiClient } from './api-client.ts'
import { AbortError, ApiError, NetworkError, RotaClientError, TimeoutError } from './errors.ts'
import { memoryStore } from './store.ts'
import { never, reply, stubFetch, type SeenRequest } from './stub-fetch.ts'
import type { ApiClientOptions } from './types.ts'

const settings = { business_id: 'acme', business_name: 'Acme', version: 3 }

function setup(
  respond: (request: SeenRequest) => Response | Promise<Response> = () => reply(200, { data: settings }),
  options: Partial<ApiClientOptions> = {},
) {
  const { fetch, seen } = stubFetch(respond)
  const onNotice = vi.fn()
  const onSignOut = vi.fn()
  const client = createApiClient({
    baseURL: 'http://api.test/api/v1',
    store: memoryStore({ token: 't1', refresh_token: 'r1' }),
    fetch,
    onNotice,
    onSignOut,
    ...options,
  })
  return { client, fetch, seen, onNotice, onSignOut }
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('the call succeeded'),
    (error: unknown) => error,
  )
}

describe('requests', () => {
  it('asks for JSON and sends the stored token as a Bearer', async () => {
    const { client, seen } = setup()
    await client.api.getSettings()
    expect(seen[0]?.url).toBe('http://api.test/api/v1/settings')
    expect(seen[0]?.method).toBe('GET')
    expect(seen[0]?.headers.get('accept')).toBe('application/json')
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer t1')
  })

  it('sends no Authorization when the store has no token', async () => {
    const { client, seen } = setup(undefined, { store: memoryStore() })
    await client.api.health()
    expect(seen[0]?.headers.has('authorization')).toBe(false)
  })

  it('echoes the anti-forgery cookie and the locale when the platform has them', async () => {
    const { client, seen } = setup(undefined, { xsrfToken: () => 'x5', locale: () => 'fr' })
    await client.api.getSettings()
    expect(seen[0]?.headers.get('x-xsrf-token')).toBe('x5')
    expect(seen[0]?.headers.get('accept-language')).toBe('fr')
  })

  it('leaves out X-XSRF-TOKEN when there is no cookie', async () => {
    const { client, seen } = setup(undefined, { xsrfToken: () => undefined })
    await client.api.getSettings()
    expect(seen[0]?.headers.has('x-xsrf-token')).toBe(false)
  })

  it('sends the body as JSON with the route method', async () => {
    const { client, seen } = setup()
    await client.api.updateSettings({ body: { business_name: 'Acme Cleaning', version: 3 } })
    expect(seen[0]?.method).toBe('PUT')
    expect(seen[0]?.headers.get('content-type')).toBe('application/json')
    expect(seen[0]?.body).toEqual({ business_name: 'Acme Cleaning', version: 3 })
  })

  it('sends an idempotency key and extra headers given with the call', async () => {
    const { client, seen } = setup()
    await client.api.updateSettings({ body: {} }, { idempotencyKey: 'k-42', headers: { 'If-Match': '3' } })
    expect(seen[0]?.headers.get('idempotency-key')).toBe('k-42')
    expect(seen[0]?.headers.get('if-match')).toBe('3')
  })

  it('works with a base URL on the same origin', async () => {
    const { client, seen } = setup(undefined, { baseURL: '/api/v1' })
    await client.api.getSettings()
    expect(seen[0]?.url).toBe('/api/v1/settings')
  })

  it('calls a route by name the same way', async () => {
    const { client, seen } = setup()
    await expect(client.call('updateSettings', { body: { locale: 'es' } })).resolves.toEqual(settings)
    expect(seen[0]).toMatchObject({ method: 'PUT', url: 'http://api.test/api/v1/settings', body: { locale: 'es' } })
  })

  it('types every route from the contract', () => {
    const { client } = setup()
    expectTypeOf(client.api.getProfile).returns.resolves.toEqualTypeOf<Profile>()
    expectTypeOf(client.api.updateSettings).returns.resolves.toEqualTypeOf<Settings>()
    expectTypeOf(client.call<'login'>).returns.resolves.toEqualTypeOf<LoginResult>()
    // @ts-expect-error a route with a body needs its input
    expectTypeOf(client.api.updateSettings).toBeCallableWith()
    // @ts-expect-error only Basic-auth routes take credentials
    expectTypeOf(client.api.getProfile).toBeCallableWith({ credentials: { email: 'a@b.c', password: 'p' } })
  })
})

describe('Basic sign-in', () => {
  it('encodes UTF-8 credentials, a colon in the password included, instead of the Bearer', async () => {
    const { client, seen } = setup(() => reply(200, { data: { status: 'signed_in' } }))
    await client.api.login({ body: { business_id: 'acme' }, credentials: { email: 'zoé@acme.ca', password: 'pa:ss été' } })
    const header = seen[0]?.headers.get('authorization') ?? ''
    expect(header.startsWith('Basic ')).toBe(true)
    const bytes = Uint8Array.from(atob(header.slice('Basic '.length)), (char) => char.charCodeAt(0))
    expect(new TextDecoder().decode(bytes)).toBe('zoé@acme.ca:pa:ss été')
    expect(seen[0]?.body).toEqual({ business_id: 'acme' })
  })

  it('omits the header without credentials', async () => {
    const { client, seen } = setup(() => reply(200, { data: { status: 'signed_in' } }))
    await client.api.login({ body: {} })
    expect(seen[0]?.headers.has('authorization')).toBe(false)
  })
})

describe('answers', () => {
  it('returns the data of the answer', async () => {
    const { client } = setup()
    await expect(client.api.getSettings()).resolves.toEqual(settings)
  })

  it('shows the message of a success as a notice', async () => {
    const { client, onNotice } = setup(() => reply(200, { data: settings, message: 'Settings saved' }))
    await client.api.updateSettings({ body: {} })
    expect(onNotice).toHaveBeenCalledExactlyOnceWith('success', 'Settings saved')
  })

  it('shows no notice when the answer has no message', async () => {
    const { client, onNotice } = setup()
    await client.api.getSettings()
    expect(onNotice).not.toHaveBeenCalled()
  })

  it('keeps a silent call quiet, whether it succeeds or fails', async () => {
    const answers = [reply(200, { data: settings, message: 'Saved' }), reply(422, { message: 'No', code: 'rule' })]
    const { client, onNotice } = setup(() => answers.shift() ?? never())
    await client.api.updateSettings({ body: {} }, { silent: true })
    await failure(client.api.updateSettings({ body: {} }, { silent: true }))
    expect(onNotice).not.toHaveBeenCalled()
  })

  it("with silent: 'errors' shows the success notice but not the refusal (the form shows that itself)", async () => {
    const answers = [reply(200, { data: settings, message: 'Saved' }), reply(422, { message: 'No', code: 'rule' })]
    const { client, onNotice } = setup(() => answers.shift() ?? never())
    await client.api.updateSettings({ body: {} }, { silent: 'errors' })
    await failure(client.api.updateSettings({ body: {} }, { silent: 'errors' }))
    expect(onNotice).toHaveBeenCalledExactlyOnceWith('success', 'Saved')
  })
})

describe('errors', () => {
  it('throws an ApiError with the status, code, message and details of the body, and shows the message', async () => {
    const details = { business_name: ['Required'] }
    const { client, onNotice, onSignOut } = setup(() =>
      reply(400, { message: 'Check the highlighted fields', code: 'validation_failed', details }),
    )
    const error = await failure(client.api.updateSettings({ body: {} }))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toBeInstanceOf(RotaClientError)
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Check the highlighted fields', details })
    expect(onNotice).toHaveBeenCalledExactlyOnceWith('error', 'Check the highlighted fields')
    expect(onSignOut).not.toHaveBeenCalled()
  })

  it('names the status when the body has no message, and shows nothing', async () => {
    const { client, onNotice } = setup(() => new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }))
    const error = await failure(client.api.getSettings())
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 502, message: 'Request failed with status code 502' })
    expect(onNotice).not.toHaveBeenCalled()
  })

  it('throws a NetworkError when no answer comes back', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('fetch failed')))
    const error = await failure(client.api.getSettings())
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toBeInstanceOf(RotaClientError)
    expect(error).toMatchObject({ message: 'Network error' })
  })

  it('throws a TimeoutError when the answer takes longer than the timeout', async () => {
    const { client } = setup(never, { timeout: 20 })
    const error = await failure(client.api.getSettings())
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error).toMatchObject({ message: 'Timeout exceeded' })
  })

  it('still times out when the call brings its own signal', async () => {
    const { client } = setup(never, { timeout: 20 })
    const error = await failure(client.api.getSettings(undefined, { signal: new AbortController().signal }))
    expect(error).toBeInstanceOf(TimeoutError)
  })

  it('throws an AbortError when the caller aborts', async () => {
    const { client, onNotice } = setup(never, { timeout: 60_000 })
    const controller = new AbortController()
    const call = failure(client.api.getSettings(undefined, { signal: controller.signal }))
    controller.abort()
    const error = await call
    expect(error).toBeInstanceOf(AbortError)
    expect(error).toBeInstanceOf(RotaClientError)
    expect(error).toMatchObject({ message: 'Request aborted' })
    expect(onNotice).not.toHaveBeenCalled()
  })

  it('throws an AbortError when the signal has already aborted', async () => {
    const { client } = setup()
    await expect(client.api.getSettings(undefined, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortError)
  })
})
