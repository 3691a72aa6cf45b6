import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, auditRows, lastMail, mailsTo, otpFromMail, sleep } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

const password = 'a passphrase needing a code'

async function requireOtp(t: TestApp, owner: Owner) {
  const response = await t.request({ method: 'PUT', url: '/api/v1/settings', headers: bearer(owner.tokens.token), payload: { require_otp: true } })
  expect(response.statusCode).toBe(200)
  expect(response.json().data.require_otp).toBe(true)
}

/** Signs in a fresh user up to the code step; returns the challenge and the mailed code. */
async function startSignIn(t: TestApp, owner: Owner, email: string) {
  await addUser(t, owner.business_id, { email, password })
  const { status, body } = await login(t, email, password, owner.business_id)
  expect(status).toBe(200)
  const challenge: string = body.data.challenge
  return { challenge, code: otpFromMail(await lastMail(t, email, 'otp')), body }
}

const verify = (t: TestApp, challenge: string, code: string) => t.request({ method: 'POST', url: '/api/v1/auth/otp/verify', payload: { challenge, code } })
const resend = (t: TestApp, challenge: string) => t.request({ method: 'POST', url: '/api/v1/auth/otp/resend', payload: { challenge } })
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('a business that requires a one-time code', () => {
  let t: TestApp
  let owner: Owner
  beforeAll(async () => {
    t = await createTestApp()
    owner = await registerBusiness(t)
    await requireOtp(t, owner)
  })
  afterAll(() => t.close())

  it('answers a password sign-in with otp_required and mails a 6-digit code, no tokens yet', async () => {
    const { body, code } = await startSignIn(t, owner, 'two-step@example.com')
    expect(body.data).toEqual({ status: 'otp_required', challenge: expect.any(String), email: 'two-step@example.com' })
    expect(JSON.stringify(body)).not.toContain('token')
    expect(code).toMatch(/^\d{6}$/)
    const mail = await lastMail(t, 'two-step@example.com', 'otp')
    expect(mail.text).toContain(code)
    expect(await auditRows(t, owner.business_id, 'auth.otp_sent')).not.toHaveLength(0)
  })

  it('signs in with the code from the mail, once', async () => {
    const { challenge, code } = await startSignIn(t, owner, 'right-code@example.com')
    const response = await verify(t, challenge, code)
    expect(response.statusCode).toBe(200)
    const tokens = response.json().data
    expect(tokens).toEqual({ token: expect.any(String), refresh_token: expect.any(String), expires_in: 900 })
    const me = await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(tokens.token) })
    expect(me.json().data.email).toBe('right-code@example.com')
    const logins = await auditRows(t, owner.business_id, 'auth.login')
    expect(logins.at(-1)).toMatchObject({ after: { method: 'password+otp' } })

    const again = await verify(t, challenge, code)
    expect(again.statusCode).toBe(400)
  })

  it('refuses a wrong code with 400 invalid_otp and audits it; the right one still works', async () => {
    const { challenge, code } = await startSignIn(t, owner, 'typo-code@example.com')
    const wrong = await verify(t, challenge, otherCode(code))
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'invalid_otp', details: { code: expect.any(String) } })
    const [failed] = await auditRows(t, owner.business_id, 'auth.otp_failed')
    expect(failed).toMatchObject({ after: { reason: 'wrong' } })
    expect((await verify(t, challenge, code)).statusCode).toBe(200)
  })

  it('locks the attempt after 5 wrong codes, even against the right one', async () => {
    const { challenge, code } = await startSignIn(t, owner, 'guesser@example.com')
    const answers = []
    for (let i = 0; i < 5; i++) answers.push((await verify(t, challenge, otherCode(code))).json().code)
    expect(answers).toEqual(['invalid_otp', 'invalid_otp', 'invalid_otp', 'invalid_otp', 'otp_locked'])
    const right = await verify(t, challenge, code)
    expect(right.statusCode).toBe(400)
    expect(right.json().code).toBe('otp_locked')
    const resent = await resend(t, challenge)
    expect(resent.statusCode).toBe(400)
    expect(resent.json().code).toBe('otp_expired')
  })

  it('binds the code to its sign-in attempt', async () => {
    const first = await startSignIn(t, owner, 'bound-a@example.com')
    const second = await startSignIn(t, owner, 'bound-b@example.com')
    expect((await verify(t, first.challenge, second.code)).statusCode).toBe(first.code === second.code ? 200 : 400)
    expect((await verify(t, second.challenge, second.code)).statusCode).toBe(200)
  })

  it('resends a new code for the same attempt; the old code stops working', async () => {
    const { challenge, code } = await startSignIn(t, owner, 'resend@example.com')
    const response = await resend(t, challenge)
    expect(response.statusCode).toBe(200)
    expect(response.json().message).toBe('We have sent you a new code.')
    const mails = await mailsTo(t, 'resend@example.com', 'otp')
    expect(mails).toHaveLength(2)
    const fresh = otpFromMail(mails[1]!)
    if (fresh !== code) expect((await verify(t, challenge, code)).json().code).toBe('invalid_otp')
    expect((await verify(t, challenge, fresh)).statusCode).toBe(200)
  })

  it('keeps the wrong tries already spent across a resend', async () => {
    const { challenge, code } = await startSignIn(t, owner, 'resend-guesser@example.com')
    for (let i = 0; i < 4; i++) await verify(t, challenge, otherCode(code))
    await resend(t, challenge)
    const fresh = otpFromMail(await lastMail(t, 'resend-guesser@example.com', 'otp'))
    expect((await verify(t, challenge, otherCode(fresh))).json().code).toBe('otp_locked')
    expect((await verify(t, challenge, fresh)).json().code).toBe('otp_locked')
  })

  it('refuses an unknown challenge', async () => {
    const response = await verify(t, 'c'.repeat(43), '123456')
    expect(response.statusCode).toBe(400)
    expect((await resend(t, 'c'.repeat(43))).statusCode).toBe(400)
  })

  it('answers 400 validation_failed for a code that is not 6 digits', async () => {
    const { challenge } = await startSignIn(t, owner, 'format@example.com')
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const response = await verify(t, challenge, code)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'validation_failed', details: { code: expect.any(String) } })
    }
  })

  it('does not ask for a code with a wrong password', async () => {
    await addUser(t, owner.business_id, { email: 'no-code@example.com', password })
    const { status } = await login(t, 'no-code@example.com', 'wrong passphrase', owner.business_id)
    expect(status).toBe(401)
    expect(await mailsTo(t, 'no-code@example.com', 'otp')).toHaveLength(0)
  })
})

describe('an expired code', () => {
  let t: TestApp
  let owner: Owner
  beforeAll(async () => {
    t = await createTestApp({ ttl: { otp: 1 } })
    owner = await registerBusiness(t)
    await requireOtp(t, owner)
  })
  afterAll(() => t.close())

  it('is refused after config.ttl.otp with otp_expired; a resend mails a new code', async () => {
    const { challenge, code } = await startSignIn(t, owner, 'slowpoke@example.com')
    await sleep(1_300)
    const late = await verify(t, challenge, code)
    expect(late.statusCode).toBe(400)
    expect(late.json().code).toBe('otp_expired')
    const [failed] = await auditRows(t, owner.business_id, 'auth.otp_failed')
    expect(failed).toMatchObject({ after: { reason: 'expired' } })

    expect((await resend(t, challenge)).statusCode).toBe(200)
    expect(await mailsTo(t, 'slowpoke@example.com', 'otp')).toHaveLength(2)
  })
})
