import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueLinkToken } from '../../../src/repositories/link-tokens.ts'
import { updateUser } from '../../../src/repositories/users.ts'
import { addUser, auditRows, sleep } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner
beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
})
afterAll(() => t.close())

/** An invited person and the token of their invitation link, as the users routes would make them. */
async function invite(app: TestApp, business: Owner, email: string, ttlSeconds = 7 * 86_400) {
  const user = await addUser(app, business.business_id, { email, status: 'invited', firstname: 'Ivy' })
  const token = await issueLinkToken(app.db, { businessId: business.business_id, userId: user.id, kind: 'invite', ttlSeconds })
  return { user, token }
}

const verifyInvite = (app: TestApp, token: string) => app.request({ method: 'POST', url: '/api/v1/user/verify_invite', payload: { token } })
const acceptInvite = (app: TestApp, payload: object) => app.request({ method: 'POST', url: '/api/v1/user/accept_invite', payload })

describe('POST /user/verify_invite', () => {
  it('tells who the invitation is for', async () => {
    const { token } = await invite(t, owner, 'ivy@example.com')
    const response = await verifyInvite(t, token)
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toEqual({ email: 'ivy@example.com', business_id: owner.business_id, business_name: owner.business_name, firstname: 'Ivy', lastname: 'Staff' })
  })

  it('refuses an unknown token and a reset token', async () => {
    expect((await verifyInvite(t, 'u'.repeat(43))).json().code).toBe('invalid_link')
    const user = await addUser(t, owner.business_id, { email: 'resetter@example.com', password: 'a passphrase for resets' })
    const reset = await issueLinkToken(t.db, { businessId: owner.business_id, userId: user.id, kind: 'reset', ttlSeconds: 3600 })
    const response = await verifyInvite(t, reset)
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('invalid_link')
  })
})

describe('POST /user/accept_invite', () => {
  it('sets the password, activates the account and signs in', async () => {
    const { user, token } = await invite(t, owner, 'joiner@example.com')
    const response = await acceptInvite(t, { token, password: 'my very own passphrase', firstname: 'Joan', lastname: 'Joiner' })
    expect(response.statusCode).toBe(200)
    expect(response.json().message).toBe('Welcome! Your account is ready.')
    const tokens = response.json().data
    expect(tokens).toEqual({ token: expect.any(String), refresh_token: expect.any(String), expires_in: 900 })
    const me = (await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(tokens.token) })).json().data
    expect(me).toMatchObject({ id: user.id, email: 'joiner@example.com', firstname: 'Joan', lastname: 'Joiner', role: { name: 'Staff' } })
    expect((await login(t, 'joiner@example.com', 'my very own passphrase', owner.business_id)).status).toBe(200)
    const [row] = await auditRows(t, owner.business_id, 'auth.invite_accepted')
    expect(row).toMatchObject({ actor_id: user.id, before: { status: 'invited' }, after: { status: 'active' } })
  })

  it('keeps the invited name when none is given', async () => {
    const { token } = await invite(t, owner, 'keeps-name@example.com')
    const tokens = (await acceptInvite(t, { token, password: 'another own passphrase' })).json().data
    const me = (await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(tokens.token) })).json().data
    expect(me).toMatchObject({ firstname: 'Ivy', lastname: 'Staff' })
  })

  it('refuses a link used already', async () => {
    const { token } = await invite(t, owner, 'twice-joined@example.com')
    expect((await acceptInvite(t, { token, password: 'the first passphrase set' })).statusCode).toBe(200)
    const again = await acceptInvite(t, { token, password: 'a hijacking passphrase' })
    expect(again.statusCode).toBe(400)
    expect(again.json().code).toBe('invalid_link')
    expect((await verifyInvite(t, token)).statusCode).toBe(400)
    expect((await login(t, 'twice-joined@example.com', 'a hijacking passphrase', owner.business_id)).status).toBe(401)
  })

  it('refuses a common password and leaves the invitation open', async () => {
    const { token } = await invite(t, owner, 'weak@example.com')
    const response = await acceptInvite(t, { token, password: 'qwertyuiop' })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('common_password')
    expect((await verifyInvite(t, token)).statusCode).toBe(200)
  })

  it('answers 400 for bad fields', async () => {
    const { token } = await invite(t, owner, 'fields@example.com')
    const response = await acceptInvite(t, { token, password: 'short', firstname: '' })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().details).sort()).toEqual(['firstname', 'password'])
  })

  it('refuses an invitation whose account was activated some other way', async () => {
    const { user, token } = await invite(t, owner, 'already@example.com')
    await updateUser(t.db, owner.business_id, user.id, { status: 'active' })
    expect((await verifyInvite(t, token)).json().code).toBe('invalid_link')
    expect((await acceptInvite(t, { token, password: 'a late passphrase' })).json().code).toBe('invalid_link')
  })
})

describe('an expired invitation', () => {
  it('is refused by verify_invite and accept_invite', async () => {
    const { token } = await invite(t, owner, 'too-late@example.com', 1)
    await sleep(1_300)
    expect((await verifyInvite(t, token)).json().code).toBe('invalid_link')
    const response = await acceptInvite(t, { token, password: 'a passphrase too late' })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('invalid_link')
  })
})
