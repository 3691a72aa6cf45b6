import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { basic, bearer, registerBusiness, type Owner } from '../helpers/business.ts'

let t: TestApp
let owner: Owner
beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
})
afterAll(() => t.close())

function xsrfCookie(response: LightMyRequestResponse): { value: string; raw: string } {
  const raw = [response.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('XSRF-TOKEN='))
  if (!raw) throw new Error('no XSRF-TOKEN cookie')
  return { value: raw.slice('XSRF-TOKEN='.length).split(';')[0]!, raw }
}

/** What every browser request carries (Fetch Metadata), and scripts do not. */
const browser = { 'sec-fetch-site': 'same-origin' }

async function freshXsrf(): Promise<string> {
  return xsrfCookie(await t.request({ method: 'GET', url: '/api/v1/health', headers: browser })).value
}

const putProfile = (headers: Record<string, string>) =>
  t.request({ method: 'PUT', url: '/api/v1/profile', headers: { ...bearer(owner.tokens.token), ...headers }, payload: { lastname: 'Owner' } })

describe('the anti-forgery cookie', () => {
  it('is handed out on a response to a browser: signed, same-site strict, readable by the page', async () => {
    const { value, raw } = xsrfCookie(await t.request({ method: 'GET', url: '/api/v1/health', headers: browser }))
    expect(value).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/)
    expect(raw).toMatch(/SameSite=Strict/i)
    expect(raw).toMatch(/Path=\//)
    expect(raw).not.toMatch(/HttpOnly/i)
    expect(raw).not.toMatch(/Secure/i)
  })

  it('is not signed for scripts and probes, which send no browser headers and keep no cookies', async () => {
    for (const headers of [{}, bearer(owner.tokens.token), { accept: 'application/json' }]) {
      const response = await t.request({ method: 'GET', url: '/api/v1/health', headers })
      expect(response.headers['set-cookie']).toBeUndefined()
    }
    expect(xsrfCookie(await t.request({ method: 'GET', url: '/', headers: { accept: 'text/html' } })).value).toMatch(/\./)
  })

  it('is not replaced while the browser holds a valid one', async () => {
    const value = await freshXsrf()
    const response = await t.request({ method: 'GET', url: '/api/v1/health', headers: { cookie: `XSRF-TOKEN=${value}` } })
    expect(response.headers['set-cookie']).toBeUndefined()
  })

  it('is replaced when the browser holds a forged one', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/health', headers: { cookie: 'XSRF-TOKEN=forged.value' } })
    expect(xsrfCookie(response).value).not.toBe('forged.value')
  })

  it('lets a state-changing request through when the header echoes the cookie', async () => {
    const value = await freshXsrf()
    const response = await putProfile({ cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': value })
    expect(response.statusCode).toBe(200)
  })

  it('refuses a request carrying the cookie but no header with 400 missing_xsrf', async () => {
    const value = await freshXsrf()
    const response = await putProfile({ cookie: `XSRF-TOKEN=${value}` })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ code: 'missing_xsrf', message: 'The anti-forgery token is missing or wrong. Reload the page and try again.' })
  })

  it('refuses a header that does not match the cookie', async () => {
    const mine = await freshXsrf()
    const other = await freshXsrf()
    const response = await putProfile({ cookie: `XSRF-TOKEN=${mine}`, 'x-xsrf-token': other })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('missing_xsrf')
  })

  it('refuses a matching pair that the server did not sign', async () => {
    const forged = 'attacker-nonce.c2lnbmF0dXJlLXRoYXQtaXMtbm90LXJlYWwtYXQtYWxsLTEyMw'
    const response = await putProfile({ cookie: `XSRF-TOKEN=${forged}`, 'x-xsrf-token': forged })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('missing_xsrf')
  })

  it('refuses a request with other cookies but no anti-forgery token', async () => {
    const response = await putProfile({ cookie: 'theme=dark' })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('missing_xsrf')
  })

  it('guards sign-in, logout and registration as well', async () => {
    const value = await freshXsrf()
    const cookie = { cookie: `XSRF-TOKEN=${value}` }
    const requests = [
      t.request({ method: 'POST', url: '/api/v1/auth/login', headers: { ...cookie, authorization: basic(owner.email, owner.password) }, payload: {} }),
      t.request({ method: 'POST', url: '/api/v1/auth/logout', headers: { ...cookie, ...bearer(owner.tokens.token) }, payload: {} }),
      t.request({ method: 'POST', url: '/api/v1/business', headers: cookie, payload: {} }),
    ]
    for (const response of await Promise.all(requests)) {
      expect(response.statusCode).toBe(400)
      expect(response.json().code).toBe('missing_xsrf')
    }
    expect((await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(owner.tokens.token) })).statusCode).toBe(200)
  })

  it('does not ask a request with no cookies at all (scripts, the CLI)', async () => {
    const response = await putProfile({})
    expect(response.statusCode).toBe(200)
  })

  it('does not ask reads', async () => {
    const value = await freshXsrf()
    const response = await t.request({ method: 'GET', url: '/api/v1/profile', headers: { ...bearer(owner.tokens.token), cookie: `XSRF-TOKEN=${value}` } })
    expect(response.statusCode).toBe(200)
  })
})

describe('security headers', () => {
  it('come with every answer: a strict CSP, nosniff, no framing, no referrer leaks', async () => {
    for (const url of ['/api/v1/health', '/api/v1/no-such-route', '/']) {
      const response = await t.request({ method: 'GET', url })
      const csp = response.headers['content-security-policy'] as string
      expect(csp, url).toContain("default-src 'self'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("script-src 'self'")
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).not.toContain('unsafe-eval')
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(response.headers['x-powered-by']).toBeUndefined()
    }
  })

  it('come with errors too', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/profile' })
    expect(response.statusCode).toBe(401)
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })

  it('send no HSTS over plain http', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/health' })
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })
})

describe('the maps key', () => {
  let maps: TestApp
  beforeAll(async () => {
    maps = await createTestApp({ mapsKey: 'test-maps-key' })
  })
  afterAll(() => maps.close())

  const connectSrc = (response: LightMyRequestResponse) =>
    String(response.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.trim().startsWith('connect-src'))

  it('lets the browser ask Google Places for address suggestions only when it is set', async () => {
    for (const url of ['/', '/api/v1/health']) {
      expect(connectSrc(await maps.request({ method: 'GET', url })), url).toContain('https://places.googleapis.com')
      expect(connectSrc(await t.request({ method: 'GET', url })), url).not.toContain('places.googleapis.com')
    }
    expect(String((await maps.request({ method: 'GET', url: '/' })).headers['content-security-policy'])).not.toMatch(/script-src[^;]*googleapis/)
  })
})

describe('behind https', () => {
  let secure: TestApp
  beforeAll(async () => {
    secure = await createTestApp({ publicUrl: 'https://rota.example.com' })
  })
  afterAll(() => secure.close())

  it('sends HSTS and marks the anti-forgery cookie Secure', async () => {
    const response = await secure.request({ method: 'GET', url: '/api/v1/health', headers: browser })
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/)
    expect(xsrfCookie(response).raw).toMatch(/Secure/)
  })
})
