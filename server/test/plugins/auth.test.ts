import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTokens } from '../../src/services/tokens.ts'
import { accessClaims, craftAccessToken } from '../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../helpers/business.ts'

let t: TestApp
let owner: Owner
let claims: { sub: string; bid: string; sid: string }
beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  const { sub, bid, sid } = accessClaims(owner.tokens.token)
  claims = { sub, bid, sid }
})
afterAll(() => t.close())

const profile = (authorization: string) => t.request({ method: 'GET', url: '/api/v1/profile', headers: { authorization } })

describe('access tokens', () => {
  it('checks that a crafted token with the server’s own key is accepted, so the cases below test one thing each', async () => {
    const token = await craftAccessToken(t.config.secret, claims)
    expect((await profile(`Bearer ${token}`)).statusCode).toBe(200)
  })

  it('answers an expired token with 403 token_expired, so the client refreshes', async () => {
    const token = await craftAccessToken(t.config.secret, { ...claims, exp: Math.floor(Date.now() / 1000) - 5 })
    const response = await profile(`Bearer ${token}`)
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('token_expired')
  })

  it('answers an expired token of a server-made kind the same way', async () => {
    const token = await createTokens(t.config.secret, -30).signAccess({ userId: claims.sub, businessId: claims.bid, sessionId: claims.sid })
    expect((await profile(`Bearer ${token}`)).json().code).toBe('token_expired')
  })

  it.each([
    ['signed with another secret', () => craftAccessToken('another-secret-another-secret-another-secret', claims)],
    ['from another issuer', () => craftAccessToken(t.config.secret, { ...claims, iss: 'someone-else' })],
    ['for another audience', () => craftAccessToken(t.config.secret, { ...claims, aud: 'another-api' })],
    ['signed with another algorithm', () => craftAccessToken(t.config.secret, { ...claims, alg: 'HS512' })],
    ['with its signature cut off', async () => (await craftAccessToken(t.config.secret, claims)).split('.').slice(0, 2).join('.') + '.'],
    ['unsigned (alg none)', async () => {
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
      const body = Buffer.from(JSON.stringify({ ...claims, iss: 'rota', aud: 'rota-api', exp: Math.floor(Date.now() / 1000) + 600 })).toString('base64url')
      return `${header}.${body}.`
    }],
    ['tampered with after signing', async () => {
      const [header, , signature] = (await craftAccessToken(t.config.secret, claims)).split('.')
      const body = Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000', iss: 'rota', aud: 'rota-api', exp: Math.floor(Date.now() / 1000) + 600 })).toString('base64url')
      return `${header}.${body}.${signature}`
    }],
    ['not a JWT', async () => 'definitely-not-a-jwt'],
  ])('answers a token %s with 401 invalid_token', async (_, make) => {
    const response = await profile(`Bearer ${await make()}`)
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('invalid_token')
  })

  it('answers a validly signed token whose session is not the user’s with 401', async () => {
    const other = await registerBusiness(t)
    const { sid } = accessClaims(other.tokens.token)
    const response = await profile(`Bearer ${await craftAccessToken(t.config.secret, { ...claims, sid })}`)
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('session_revoked')
  })

  it('answers a validly signed token for an unknown session with 401 session_revoked', async () => {
    const token = await craftAccessToken(t.config.secret, { ...claims, sid: '00000000-0000-4000-8000-000000000000' })
    const response = await profile(`Bearer ${token}`)
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('session_revoked')
  })

  it('answers a validly signed token with non-UUID claims with 401, never 500', async () => {
    for (const bad of [{ sid: 'not-a-uuid' }, { sub: "'; drop table users; --" }, { bid: '' }]) {
      const token = await craftAccessToken(t.config.secret, { ...claims, ...bad })
      const response = await profile(`Bearer ${token}`)
      expect(response.statusCode, JSON.stringify(bad)).toBe(401)
    }
  })

  it('treats a bad token on a public route as no token at all', async () => {
    const response = await t.request({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer('garbage'), payload: {} })
    expect(response.statusCode).toBe(200)
    expect((await profile(`Bearer ${owner.tokens.token}`)).statusCode).toBe(200)
  })
})
