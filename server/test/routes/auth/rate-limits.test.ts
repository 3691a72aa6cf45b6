import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { addUser, lastMail, otpFromMail, sleep } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { basic, registerBusiness, type Owner } from '../../helpers/business.ts'

const minute = 60
let t: TestApp
let owner: Owner
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      loginPerPair: { max: 3, windowSeconds: minute },
      loginPerAccount: { max: 5, windowSeconds: minute },
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

describe('sign-in, per address and account', () => {
  const email = 'targeted@example.com'
  const password = 'the targeted passphrase'
  beforeAll(async () => {
    await addUser(t, owner.business_id, { email, password })
  })

  it('stops an address that spent its tries on an account, even with the right password, while the owner signs in from elsewhere', async () => {
    for (let i = 0; i < 3; i++) expect((await login('10.1.0.1', email, `guess number ${i}`, owner.business_id)).statusCode).toBe(401)
    expectLimited(await login('10.1.0.1', email, password, owner.business_id))
    const elsewhere = await login('10.1.0.99', email, password, owner.business_id)
    expect(elsewhere.statusCode).toBe(200)
    expect(elsewhere.json().data.status).toBe('signed_in')
  })

  it('counts attempts with and without the business id together, and the e-mail whatever its case', async () => {
    expectLimited(await login('10.1.0.1', email, password))
    expectLimited(await login('10.1.0.1', email.toUpperCase(), password, owner.business_id))
  })

  it('limits an unknown account the same way, so the limit reveals nothing', async () => {
    const answers = []
    for (let i = 0; i < 4; i++) answers.push((await login('10.1.0.3', 'ghost@example.com', `guess ${i}`, owner.business_id)).statusCode)
    expect(answers).toEqual([401, 401, 401, 429])
  })
})

describe('sign-in, an account attacked from everywhere', () => {
  const email = 'besieged@example.com'
  const password = 'the besieged passphrase'
  const key = `login:account:${email}`
  /** Moves the account's last failure back in time, as if the attacker had waited. */
  const wait = (seconds: number) => t.db.execute(sql`update rate_limits set last_at = last_at - make_interval(secs => ${seconds}) where key = ${key}`)
  beforeAll(async () => {
    await addUser(t, owner.business_id, { email, password })
    for (let i = 0; i < 5; i++) expect((await login(`10.7.0.${i}`, email, `guess ${i}`, owner.business_id)).statusCode).toBe(401)
  })

  it('makes every address wait a growing delay between attempts, never more than a minute', async () => {
    expectLimited(await login('10.7.1.1', email, 'another guess', owner.business_id), 1)
    await wait(2)
    expect((await login('10.7.1.2', email, 'another guess', owner.business_id)).statusCode).toBe(401)
    const doubled = await login('10.7.1.3', email, 'yet another guess', owner.business_id)
    expectLimited(doubled, 2)
    await t.db.execute(sql`update rate_limits set count = 500 where key = ${key}`)
    expectLimited(await login('10.7.1.4', email, password, owner.business_id), 60)
  })

  it('lets the owner in with the right password and the code e-mailed to them, and nobody in with the password alone', async () => {
    await wait(61)
    const first = await login('10.7.2.1', email, password, owner.business_id)
    expect(first.statusCode).toBe(200)
    expect(first.json().data).toMatchObject({ status: 'otp_required', email })
    const code = otpFromMail(await lastMail(t, email, 'otp'))
    const verified = await t.request({ method: 'POST', url: '/api/v1/auth/otp/verify', remoteAddress: '10.7.2.1', payload: { challenge: first.json().data.challenge, code } })
    expect(verified.statusCode).toBe(200)
    expect(verified.json().data).toHaveProperty('token')
  })

  it('leaves other accounts alone', async () => {
    expect((await login('10.7.3.1', owner.email, owner.password, owner.business_id)).json().data.status).toBe('signed_in')
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
