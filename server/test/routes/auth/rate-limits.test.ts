import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, sleep } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { basic, registerBusiness, type Owner } from '../../helpers/business.ts'

const minute = 60
let t: TestApp
let owner: Owner
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      loginPerAccount: { max: 3, windowSeconds: minute },
      loginPerIp: { max: 6, windowSeconds: minute },
      resetPerAccount: { max: 2, windowSeconds: minute },
      resetPerIp: { max: 5, windowSeconds: minute },
      otpPerIp: { max: 2, windowSeconds: 2 },
      invitePerIp: { max: 3, windowSeconds: minute },
      registerPerIp: { max: 2, windowSeconds: minute },
    },
  })
  owner = await registerBusiness(t)
})
afterAll(() => t.close())

const login = (ip: string, email: string, password: string, business_id?: string) =>
  t.request({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: ip, headers: { authorization: basic(email, password) }, payload: business_id ? { business_id } : {} })

function expectLimited(response: LightMyRequestResponse, windowSeconds = minute) {
  expect(response.statusCode).toBe(429)
  expect(response.json()).toMatchObject({ code: 'rate_limited', message: 'Too many attempts. Try again later.', details: { retry_after: expect.any(Number) } })
  const retryAfter = Number(response.headers['retry-after'])
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds)
  expect(response.json().details.retry_after).toBe(retryAfter)
}

describe('sign-in, per account', () => {
  const email = 'targeted@example.com'
  const password = 'the targeted passphrase'
  beforeAll(async () => {
    await addUser(t, owner.business_id, { email, password })
  })

  it('answers 429 with Retry-After once the account’s attempts are spent, even to the right password and from elsewhere', async () => {
    for (let i = 0; i < 3; i++) expect((await login('10.1.0.1', email, `guess number ${i}`, owner.business_id)).statusCode).toBe(401)
    expectLimited(await login('10.1.0.1', email, password, owner.business_id))
    expectLimited(await login('10.1.0.99', email, password, owner.business_id))
  })

  it('counts attempts with and without the business id together', async () => {
    expectLimited(await login('10.1.0.98', email, password))
  })

  it('counts the e-mail whatever its case', async () => {
    expectLimited(await login('10.1.0.97', email.toUpperCase(), password, owner.business_id))
  })

  it('leaves other accounts alone', async () => {
    expect((await login('10.1.0.2', owner.email, owner.password, owner.business_id)).statusCode).toBe(200)
  })

  it('limits an unknown account the same way, so the limit reveals nothing', async () => {
    const answers = []
    for (let i = 0; i < 4; i++) answers.push((await login('10.1.0.3', 'ghost@example.com', `guess ${i}`, owner.business_id)).statusCode)
    expect(answers).toEqual([401, 401, 401, 429])
  })
})

describe('sign-in, per address', () => {
  it('answers 429 once one address has spent its attempts, whichever accounts it tries', async () => {
    const answers = []
    for (let i = 0; i < 7; i++) answers.push((await login('10.2.0.1', `spray-${i}@example.com`, 'password guess')).statusCode)
    expect(answers).toEqual([401, 401, 401, 401, 401, 401, 429])
    expectLimited(await login('10.2.0.1', owner.email, owner.password, owner.business_id))
  })

  it('does not let a forged X-Forwarded-For header pick a new address', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '10.2.0.1',
      headers: { authorization: basic(owner.email, owner.password), 'x-forwarded-for': '203.0.113.7' },
      payload: { business_id: owner.business_id },
    })
    expectLimited(response)
  })

  it('lets another address sign in meanwhile', async () => {
    expect((await login('10.2.0.2', owner.email, owner.password, owner.business_id)).statusCode).toBe(200)
  })
})

describe('password reset', () => {
  const reset = (ip: string, email: string) => t.request({ method: 'POST', url: '/api/v1/auth/reset_password_request', remoteAddress: ip, payload: { email } })

  it('limits requests per account, the same for known and unknown addresses', async () => {
    const known = [], unknown = []
    for (let i = 0; i < 3; i++) known.push((await reset(`10.3.0.${i}`, owner.email)).statusCode)
    for (let i = 0; i < 3; i++) unknown.push((await reset(`10.3.1.${i}`, 'nobody-at-all@example.com')).statusCode)
    expect(known).toEqual([200, 200, 429])
    expect(unknown).toEqual(known)
    const mails = (await t.mails()).filter((m) => m.to === owner.email && m.kind === 'reset_password')
    expect(mails).toHaveLength(2)
  })

  it('limits requests per address', async () => {
    const answers = []
    for (let i = 0; i < 6; i++) answers.push((await reset('10.3.2.1', `someone-${i}@example.com`)).statusCode)
    expect(answers).toEqual([200, 200, 200, 200, 200, 429])
    expectLimited(await reset('10.3.2.1', 'someone-else@example.com'))
  })
})

describe('one-time codes', () => {
  const verify = (ip: string) => t.request({ method: 'POST', url: '/api/v1/auth/otp/verify', remoteAddress: ip, payload: { challenge: 'c'.repeat(43), code: '000000' } })

  it('limits tries per address, and lets them again after the window', async () => {
    expect((await verify('10.4.0.1')).statusCode).toBe(400)
    expect((await verify('10.4.0.1')).statusCode).toBe(400)
    expectLimited(await verify('10.4.0.1'), 2)
    const resend = await t.request({ method: 'POST', url: '/api/v1/auth/otp/resend', remoteAddress: '10.4.0.1', payload: { challenge: 'c'.repeat(43) } })
    expect(resend.statusCode).toBe(429)
    await sleep(2_100)
    expect((await verify('10.4.0.1')).statusCode).toBe(400)
  })
})

describe('invitations', () => {
  it('limits link checks per address', async () => {
    const answers = []
    for (let i = 0; i < 4; i++) {
      const response = await t.request({ method: 'POST', url: '/api/v1/user/verify_invite', remoteAddress: '10.5.0.1', payload: { token: `${'i'.repeat(40)}${i}` } })
      answers.push(response.statusCode)
    }
    expect(answers).toEqual([400, 400, 400, 429])
    const accept = await t.request({ method: 'POST', url: '/api/v1/user/accept_invite', remoteAddress: '10.5.0.1', payload: { token: 'i'.repeat(43), password: 'an accepted passphrase' } })
    expectLimited(accept)
  })
})

describe('registration', () => {
  it('limits new businesses per address', async () => {
    const register = (n: number) =>
      t.request({
        method: 'POST',
        url: '/api/v1/business',
        remoteAddress: '10.6.0.1',
        payload: { business_id: `limited-${n}`, business_name: `Limited ${n}`, firstname: 'L', lastname: 'R', email: `l${n}@example.com`, password: 'a registration passphrase' },
      })
    expect((await register(1)).statusCode).toBe(201)
    expect((await register(2)).statusCode).toBe(201)
    expectLimited(await register(3))
  })
})
