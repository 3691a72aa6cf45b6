import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, auditRows, lastMail, linkToken, mailsTo } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner
beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
})
afterAll(() => t.close())

const password = 'a passphrase for moving house'
const updateEmail = (token: string, payload: object) => t.request({ method: 'PUT', url: '/api/v1/auth/update_email', headers: bearer(token), payload })
const confirmEmail = (token: string) => t.request({ method: 'POST', url: '/api/v1/auth/confirm_email', payload: { token } })
const profile = (token: string) => t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(token) })

async function signedIn(email: string) {
  await addUser(t, owner.business_id, { email, password, firstname: 'Mo' })
  return (await login(t, email, password, owner.business_id)).body.data as { token: string }
}

describe('PUT /auth/update_email and POST /auth/confirm_email', () => {
  it('changes nothing until the link sent to the new address is opened', async () => {
    const session = await signedIn('old@example.com')
    const response = await updateEmail(session.token, { email: 'New@Example.com', password })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ data: {}, message: 'We have sent a confirmation link to the new address.' })
    expect((await profile(session.token)).json().data.email).toBe('old@example.com')

    const mail = await lastMail(t, 'new@example.com', 'confirm_email')
    expect(mail.text).toContain('http://rota.test/auth/confirm-email/')
    const [requested] = await auditRows(t, owner.business_id, 'auth.email_change_requested')
    expect(requested).toMatchObject({ actor_email: 'old@example.com', after: { email: 'new@example.com' } })

    const confirmed = await confirmEmail(linkToken(mail.text, 'confirm-email'))
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json().message).toBe('Your e-mail address has been changed.')
    expect((await profile(session.token)).json().data.email).toBe('new@example.com')
  })

  it('then signs in with the new address only, and tells the old address', async () => {
    expect((await login(t, 'new@example.com', password, owner.business_id)).status).toBe(200)
    expect((await login(t, 'old@example.com', password, owner.business_id)).status).toBe(401)
    const notice = await lastMail(t, 'old@example.com', 'email_changed')
    expect(notice.text).toContain('new@example.com')
    const [changed] = await auditRows(t, owner.business_id, 'auth.email_changed')
    expect(changed).toMatchObject({ before: { email: 'old@example.com' }, after: { email: 'new@example.com' } })
  })

  it('uses each link once', async () => {
    const session = await signedIn('once-a@example.com')
    await updateEmail(session.token, { email: 'once-b@example.com', password })
    const token = linkToken((await lastMail(t, 'once-b@example.com', 'confirm_email')).text, 'confirm-email')
    expect((await confirmEmail(token)).statusCode).toBe(200)
    const again = await confirmEmail(token)
    expect(again.statusCode).toBe(400)
    expect(again.json().code).toBe('invalid_link')
  })

  it('refuses a wrong password with 400 and sends nothing', async () => {
    const session = await signedIn('careful@example.com')
    const response = await updateEmail(session.token, { email: 'elsewhere@example.com', password: 'not my passphrase' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'wrong_password', details: { password: expect.any(String) } })
    expect(await mailsTo(t, 'elsewhere@example.com')).toHaveLength(0)
  })

  it('refuses an address another account of the business uses, with 409', async () => {
    const session = await signedIn('taker@example.com')
    const response = await updateEmail(session.token, { email: owner.email, password })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ code: 'email_taken', details: { email: expect.any(String) } })
    expect(await mailsTo(t, owner.email, 'confirm_email')).toHaveLength(0)
  })

  it('refuses the link when the address was taken in the meantime', async () => {
    const session = await signedIn('slow@example.com')
    await updateEmail(session.token, { email: 'contested@example.com', password })
    const token = linkToken((await lastMail(t, 'contested@example.com', 'confirm_email')).text, 'confirm-email')
    await addUser(t, owner.business_id, { email: 'contested@example.com', password })
    const response = await confirmEmail(token)
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('email_taken')
    expect((await profile(session.token)).json().data.email).toBe('slow@example.com')
  })

  it('allows an address that only another business uses', async () => {
    const other = await registerBusiness(t, { email: 'elsewhere-owner@example.com' })
    const session = await signedIn('mover@example.com')
    const response = await updateEmail(session.token, { email: other.email, password })
    expect(response.statusCode).toBe(200)
  })

  it('answers 400 for a malformed address and 401 without a session', async () => {
    const session = await signedIn('typo@example.com')
    const bad = await updateEmail(session.token, { email: 'typo@', password })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().details).toHaveProperty('email')
    const anonymous = await t.request({ method: 'PUT', url: '/api/v1/auth/update_email', payload: { email: 'x@example.com', password } })
    expect(anonymous.statusCode).toBe(401)
  })

  it('refuses an unknown confirmation token and a reset token', async () => {
    expect((await confirmEmail('n'.repeat(43))).json().code).toBe('invalid_link')
    await t.request({ method: 'POST', url: '/api/v1/auth/reset_password_request', payload: { email: owner.email } })
    const reset = linkToken((await lastMail(t, owner.email, 'reset_password')).text, 'reset-password')
    const response = await confirmEmail(reset)
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('invalid_link')
  })
})
