import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueLinkToken } from '../../../src/repositories/link-tokens.ts'
import { addUser, lastMail, otpFromMail, sleep } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

describe('sign-in hardening', () => {
  let t: TestApp
  let owner: Owner
  beforeAll(async () => {
    t = await createTestApp({ ttl: { otp: 1 }, rateLimits: { passwordChangePerUser: { max: 3, windowSeconds: 60 } } })
    owner = await registerBusiness(t)
  })
  afterAll(() => t.close())

  it('accepts the Bearer scheme in any case', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/profile', headers: { authorization: `bearer ${owner.tokens.token}` } })
    expect(response.statusCode).toBe(200)
  })

  it('forbids framing outright, as the CSP does', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/health' })
    expect(response.headers['x-frame-options']).toBe('DENY')
  })

  it('throttles wrong current passwords on change_password like sign-ins', async () => {
    const user = await addUser(t, owner.business_id, { email: 'changer@example.com', password: 'the original passphrase' })
    expect(user.email).toBe('changer@example.com')
    const signedIn = await login(t, 'changer@example.com', 'the original passphrase', owner.business_id)
    const attempt = () =>
      t.request({ method: 'POST', url: '/api/v1/auth/change_password', headers: bearer(signedIn.body.data.token), payload: { current_password: 'guess', password: 'a brand new passphrase' } })
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode)
    expect(statuses.slice(0, 2)).toEqual([400, 400])
    expect(statuses.at(-1)).toBe(429)
  })

  it('does not let a disabled account reset its password', async () => {
    const user = await addUser(t, owner.business_id, { email: 'gone@example.com', password: 'a passphrase before leaving', status: 'disabled' })
    const token = await issueLinkToken(t.db, { businessId: owner.business_id, userId: user.id, kind: 'reset', ttlSeconds: 3600 })
    const response = await t.request({ method: 'PUT', url: '/api/v1/auth/update_password', payload: { token, password: 'another passphrase entirely' } })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('invalid_link')
  })

  it('stops renewing a sign-in code after three code lifetimes', async () => {
    await t.request({ method: 'PUT', url: '/api/v1/settings', headers: bearer(owner.tokens.token), payload: { require_otp: true } })
    await addUser(t, owner.business_id, { email: 'slow@example.com', password: 'a passphrase for codes' })
    const { body } = await login(t, 'slow@example.com', 'a passphrase for codes', owner.business_id)
    expect(otpFromMail(await lastMail(t, 'slow@example.com', 'otp'))).toMatch(/^\d{6}$/)
    const resend = () => t.request({ method: 'POST', url: '/api/v1/auth/otp/resend', payload: { challenge: body.data.challenge } })
    expect((await resend()).statusCode).toBe(200)
    await sleep(3200)
    const late = await resend()
    expect(late.statusCode).toBe(400)
    expect(late.json().code).toBe('otp_expired')
  })
})
