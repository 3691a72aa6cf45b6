import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessClaims, addUser, auditRows, lastMail, linkToken, mailsTo, sleep } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner
beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
})
afterAll(() => t.close())

const api = (method: 'POST' | 'PUT', path: string, payload: object, headers: Record<string, string> = {}) =>
  t.request({ method, url: `/api/v1/auth/${path}`, payload, headers })
const requestReset = (payload: object, headers: Record<string, string> = {}) => api('POST', 'reset_password_request', payload, headers)
const verifyReset = (token: string) => api('POST', 'verify_reset_token', { token })
const updatePassword = (token: string, password: string) => api('PUT', 'update_password', { token, password })

/** Asks for a reset for a fresh user and returns the token from the mail. */
async function resetTokenFor(email: string, password = 'the passphrase before the reset'): Promise<string> {
  await addUser(t, owner.business_id, { email, password })
  await requestReset({ email })
  return linkToken((await lastMail(t, email, 'reset_password')).text, 'reset-password')
}

describe('POST /auth/reset_password_request', () => {
  it('mails a single-use link to the account and says so', async () => {
    const response = await requestReset({ email: owner.email })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: {}, message: 'If an account exists for this address, we have sent a link to reset the password.' })
    const mail = await lastMail(t, owner.email, 'reset_password')
    expect(mail.subject).toContain(owner.business_name)
    expect(mail.text).toMatch(/http:\/\/rota\.test\/auth\/reset-password\/[A-Za-z0-9_-]{43}/)
    expect(mail.html).toContain('http://rota.test/auth/reset-password/')
    expect(mail.status).toBe('logged')
    const [row] = await auditRows(t, owner.business_id, 'auth.password_reset_requested')
    expect(row).toMatchObject({ actor_email: owner.email, model: 'users' })
  })

  it('answers exactly the same for an address with no account, and mails nothing', async () => {
    const known = await requestReset({ email: owner.email })
    const unknown = await requestReset({ email: 'nobody-here@example.com' })
    const unknownInBusiness = await requestReset({ email: 'nobody-here@example.com', business_id: owner.business_id })
    const unknownBusiness = await requestReset({ email: owner.email, business_id: 'no-such-business' })
    for (const response of [unknown, unknownInBusiness, unknownBusiness]) {
      expect(response.statusCode).toBe(known.statusCode)
      expect(response.body).toBe(known.body)
    }
    expect(await mailsTo(t, 'nobody-here@example.com')).toHaveLength(0)
  })

  it('mails nothing to an invited or disabled account', async () => {
    await addUser(t, owner.business_id, { email: 'pending@example.com', status: 'invited' })
    await addUser(t, owner.business_id, { email: 'off@example.com', password: 'a disabled account passphrase', status: 'disabled' })
    expect((await requestReset({ email: 'pending@example.com' })).statusCode).toBe(200)
    expect((await requestReset({ email: 'off@example.com' })).statusCode).toBe(200)
    expect(await mailsTo(t, 'pending@example.com')).toHaveLength(0)
    expect(await mailsTo(t, 'off@example.com')).toHaveLength(0)
  })

  it('writes the mail in the account’s language', async () => {
    await addUser(t, owner.business_id, { email: 'francine@example.com', password: 'une phrase de passe longue', locale: 'fr' })
    await requestReset({ email: 'francine@example.com' })
    const mail = await lastMail(t, 'francine@example.com', 'reset_password')
    expect(mail.subject).toBe(`Réinitialisez votre mot de passe Rota pour ${owner.business_name}`)
    expect(mail.text).toContain('Choisir un nouveau mot de passe')
  })

  it('mails one link per business for an address with accounts in several, or only the one named', async () => {
    const one = await registerBusiness(t, { email: 'two-jobs@example.com', business_name: 'Job One' })
    const two = await registerBusiness(t, { email: 'two-jobs@example.com', business_name: 'Job Two' })
    await requestReset({ email: 'two-jobs@example.com' })
    const both = await mailsTo(t, 'two-jobs@example.com', 'reset_password')
    expect(both.map((m) => m.business_id).sort()).toEqual([one.business_id, two.business_id].sort())

    await requestReset({ email: 'two-jobs@example.com', business_id: two.business_id })
    const after = await mailsTo(t, 'two-jobs@example.com', 'reset_password')
    expect(after).toHaveLength(3)
    expect(after.at(-1)!.business_id).toBe(two.business_id)
    const info = (await verifyReset(linkToken(after.at(-1)!.text, 'reset-password'))).json().data
    expect(info).toEqual({ email: 'two-jobs@example.com', business_id: two.business_id, business_name: 'Job Two' })
  })

  it('answers 400 for a malformed address', async () => {
    const response = await requestReset({ email: 'not an address' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'validation_failed', details: { email: expect.any(String) } })
  })
})

describe('POST /auth/verify_reset_token', () => {
  it('tells who the link is for', async () => {
    const token = await resetTokenFor('verify-me@example.com')
    const response = await verifyReset(token)
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toEqual({ email: 'verify-me@example.com', business_id: owner.business_id, business_name: owner.business_name })
  })

  it('refuses an unknown token with 400 invalid_link', async () => {
    const response = await verifyReset('z'.repeat(43))
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('invalid_link')
  })

  it('answers 400 validation_failed for a token too short to be one', async () => {
    const response = await verifyReset('short')
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('validation_failed')
  })

  it('refuses an older link once a newer one was sent', async () => {
    const older = await resetTokenFor('twice@example.com')
    await requestReset({ email: 'twice@example.com' })
    const newer = linkToken((await lastMail(t, 'twice@example.com', 'reset_password')).text, 'reset-password')
    expect(newer).not.toBe(older)
    expect((await verifyReset(older)).statusCode).toBe(400)
    expect((await verifyReset(newer)).statusCode).toBe(200)
  })
})

describe('PUT /auth/update_password', () => {
  it('sets the new password: the old one stops working, the new one signs in', async () => {
    const token = await resetTokenFor('forgetful@example.com', 'the old forgotten passphrase')
    const response = await updatePassword(token, 'a brand new passphrase')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: {}, message: 'Your password has been changed. Please sign in.' })
    expect((await login(t, 'forgetful@example.com', 'the old forgotten passphrase', owner.business_id)).status).toBe(401)
    expect((await login(t, 'forgetful@example.com', 'a brand new passphrase', owner.business_id)).status).toBe(200)
  })

  it('signs out every session of the user and writes an audit row', async () => {
    const token = await resetTokenFor('many-sessions@example.com', 'my passphrase of many sessions')
    const one = (await login(t, 'many-sessions@example.com', 'my passphrase of many sessions', owner.business_id)).body.data
    const two = (await login(t, 'many-sessions@example.com', 'my passphrase of many sessions', owner.business_id)).body.data
    expect((await updatePassword(token, 'the passphrase after the reset')).statusCode).toBe(200)
    for (const session of [one, two]) {
      const me = await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(session.token) })
      expect(me.statusCode).toBe(401)
      expect(me.json().code).toBe('session_revoked')
      expect((await api('POST', 'refresh_token', { refresh_token: session.refresh_token })).statusCode).toBe(401)
    }
    const rows = await auditRows(t, owner.business_id, 'auth.password_reset')
    expect(rows.at(-1)).toMatchObject({ actor_id: accessClaims(one.token).sub, model: 'users' })
  })

  it('works once: the link is spent', async () => {
    const token = await resetTokenFor('once@example.com')
    expect((await updatePassword(token, 'the first new passphrase')).statusCode).toBe(200)
    const again = await updatePassword(token, 'the second new passphrase')
    expect(again.statusCode).toBe(400)
    expect(again.json().code).toBe('invalid_link')
    expect((await verifyReset(token)).statusCode).toBe(400)
    expect((await login(t, 'once@example.com', 'the first new passphrase', owner.business_id)).status).toBe(200)
  })

  it('refuses a common password and leaves the link usable', async () => {
    const token = await resetTokenFor('common@example.com')
    const response = await updatePassword(token, 'password1')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'common_password', details: { password: expect.any(String) } })
    expect((await verifyReset(token)).statusCode).toBe(200)
  })

  it('refuses a password shorter than 8 characters', async () => {
    const token = await resetTokenFor('shorty@example.com')
    const response = await updatePassword(token, 'a1b2c3')
    expect(response.statusCode).toBe(400)
    expect(response.json().details).toHaveProperty('password')
  })

  it('refuses an unknown token', async () => {
    const response = await updatePassword('q'.repeat(43), 'a fine new passphrase')
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('invalid_link')
  })
})

describe('an expired reset link', () => {
  let short: TestApp
  beforeAll(async () => {
    short = await createTestApp({ ttl: { reset: 1 } })
  })
  afterAll(() => short.close())

  it('is refused by verify_reset_token and update_password after config.ttl.reset', async () => {
    const who = await registerBusiness(short)
    await short.request({ method: 'POST', url: '/api/v1/auth/reset_password_request', payload: { email: who.email } })
    const mail = (await short.mails()).find((m) => m.kind === 'reset_password')!
    const token = linkToken(mail.text, 'reset-password')
    await sleep(1_300)
    const verify = await short.request({ method: 'POST', url: '/api/v1/auth/verify_reset_token', payload: { token } })
    expect(verify.statusCode).toBe(400)
    expect(verify.json().code).toBe('invalid_link')
    const update = await short.request({ method: 'PUT', url: '/api/v1/auth/update_password', payload: { token, password: 'too late for this passphrase' } })
    expect(update.statusCode).toBe(400)
    expect((await login(short, who.email, who.password, who.business_id)).status).toBe(200)
  })
})

describe('POST /auth/change_password', () => {
  const email = 'changer@example.com'
  const original = 'the original passphrase here'
  beforeAll(async () => {
    await addUser(t, owner.business_id, { email, password: original })
  })
  const change = (token: string, payload: object) => api('POST', 'change_password', payload, bearer(token))

  it('refuses a wrong current password with 400 and audits it', async () => {
    const session = (await login(t, email, original, owner.business_id)).body.data
    const response = await change(session.token, { current_password: 'not my passphrase', password: 'whatever new passphrase' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'wrong_password', details: { current_password: expect.any(String) } })
    expect(await auditRows(t, owner.business_id, 'auth.password_change_failed')).toHaveLength(1)
    expect((await login(t, email, original, owner.business_id)).status).toBe(200)
  })

  it('refuses a common new password', async () => {
    const session = (await login(t, email, original, owner.business_id)).body.data
    const response = await change(session.token, { current_password: original, password: 'iloveyou' })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('common_password')
  })

  it('needs a signed-in user', async () => {
    const response = await api('POST', 'change_password', { current_password: original, password: 'a fresh passphrase' })
    expect(response.statusCode).toBe(401)
    expect(response.json().code).toBe('unauthenticated')
  })

  it('changes the password, returns new tokens and signs out the other sessions', async () => {
    const other = (await login(t, email, original, owner.business_id)).body.data
    const current = (await login(t, email, original, owner.business_id)).body.data
    const response = await change(current.token, { current_password: original, password: 'the changed passphrase' })
    expect(response.statusCode).toBe(200)
    const fresh = response.json().data
    expect(fresh).toEqual({ token: expect.any(String), refresh_token: expect.any(String), expires_in: 900 })
    expect(response.json().message).toBe('Your password has been changed. Your other sessions were signed out.')

    expect((await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(fresh.token) })).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(other.token) })).json().code).toBe('session_revoked')
    expect((await api('POST', 'refresh_token', { refresh_token: other.refresh_token })).statusCode).toBe(401)

    expect((await login(t, email, original, owner.business_id)).status).toBe(401)
    expect((await login(t, email, 'the changed passphrase', owner.business_id)).status).toBe(200)
    expect(await auditRows(t, owner.business_id, 'auth.password_changed')).toHaveLength(1)
  })

  it('answers 400 naming both fields when they are missing', async () => {
    const session = (await login(t, email, 'the changed passphrase', owner.business_id)).body.data
    const response = await change(session.token, {})
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().details).sort()).toEqual(['current_password', 'password'])
  })
})
