import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditRows, lastMail, linkToken, mailsTo, roleId, sleep } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner
let neighbour: Owner
let sequence = 0
const email = (name: string) => `${name}${++sequence}@example.com`

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  neighbour = await registerBusiness(t)
})
afterAll(() => t.close())

type App = TestApp
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = owner.tokens.token, app: App = t) =>
  app.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })
const verify = (token: string, app: App = t) => app.request({ method: 'POST', url: '/api/v1/user/verify_invite', payload: { token } })
const accept = (token: string, app: App = t) =>
  app.request({ method: 'POST', url: '/api/v1/user/accept_invite', payload: { token, password: 'a passphrase nobody guesses' } })
const tokenOf = (link: string) => link.split('/').at(-1)!

async function invite(payload: object, token = owner.tokens.token) {
  const response = await api('POST', '/user', payload, token)
  expect(response.statusCode, response.body).toBe(201)
  return response.json().data as { user: { id: string; email: string; version: number; invite: { status: string; sent_at: string; expires_at: string } }; invite_link: string }
}

describe('POST /user (invite)', () => {
  it('creates an invited member, e-mails a link and hands the link back when no mail server is set', async () => {
    const address = email('ivy')
    const response = await api('POST', '/user', { email: `  ${address.toUpperCase()} `, firstname: 'Ivy', lastname: 'Ives', role: 'Staff', phone: '(613) 555 0123', pay_rate_cents: 2250 })
    expect(response.statusCode).toBe(201)
    expect(response.json().message).toBeTruthy()
    const { user, invite_link } = response.json().data
    expect(user).toMatchObject({ email: address, firstname: 'Ivy', lastname: 'Ives', phone: '613-555-0123', pay_rate_cents: 2250, status: 'invited', role: { name: 'Staff' }, last_sign_in_at: null })
    expect(user.invite.status).toBe('sent')
    const days = (Date.parse(user.invite.expires_at) - Date.parse(user.invite.sent_at)) / 86_400_000
    expect(days).toBeCloseTo(7, 3)
    expect(invite_link).toMatch(/^http:\/\/rota\.test\/auth\/accept\/[A-Za-z0-9_-]{20,}$/)
    const mail = await lastMail(t, address, 'invite')
    expect(mail.text).toContain(invite_link)
    expect(mail.subject).toContain(owner.business_name)
    expect(linkToken(mail.text, 'accept')).toBe(tokenOf(invite_link))
  })

  it('lets the invitee accept through the link: active, invitation accepted, signed in', async () => {
    const address = email('acceptor')
    const { user, invite_link } = await invite({ email: address, role: 'Staff' })
    const accepted = await accept(tokenOf(invite_link))
    expect(accepted.statusCode).toBe(200)
    const me = (await api('GET', '/profile', undefined, accepted.json().data.token)).json().data
    expect(me).toMatchObject({ id: user.id, email: address })
    const seen = (await api('GET', `/user/${user.id}`)).json().data
    expect(seen).toMatchObject({ status: 'active', invite: { status: 'accepted' } })
    expect((await login(t, address, 'a passphrase nobody guesses', owner.business_id)).status).toBe(200)
  })

  it('invites in the business\'s language whatever the inviter\'s own, and keeps the one the person accepts in', async () => {
    const profile = (await api('GET', '/profile')).json().data
    expect((await api('PUT', '/profile', { locale: 'es', version: profile.version })).statusCode).toBe(200)
    try {
      const address = email('bilingual')
      const { invite_link } = await invite({ email: address, role: 'Staff' })
      expect((await lastMail(t, address, 'invite')).subject).toContain('invited you to')
      const accepted = await t.request({ method: 'POST', url: '/api/v1/user/accept_invite', payload: { token: tokenOf(invite_link), password: 'a passphrase nobody guesses', locale: 'fr' } })
      expect(accepted.statusCode).toBe(200)
      expect((await api('GET', '/profile', undefined, accepted.json().data.token)).json().data).toMatchObject({ locale: 'fr' })
    } finally {
      const now = (await api('GET', '/profile')).json().data
      await api('PUT', '/profile', { locale: 'en', version: now.version })
    }
  })

  it('takes the role by id or by name in any case', async () => {
    const byId = await invite({ email: email('by-id'), role_id: await roleId(t, owner.business_id, 'Manager') })
    expect(byId.user).toMatchObject({ role: { name: 'Manager' } })
    const byName = await invite({ email: email('by-name'), role: 'mAnAgEr' })
    expect(byName.user).toMatchObject({ role: { name: 'Manager' } })
  })

  it('answers 422 role_not_found for an unknown role name, role id, or another business’s role', async () => {
    const byName = await api('POST', '/user', { email: email('no-role'), role: 'Wizard' })
    expect(byName.statusCode).toBe(422)
    expect(byName.json()).toMatchObject({ code: 'role_not_found', details: { role: expect.any(String) } })
    const byId = await api('POST', '/user', { email: email('no-role'), role_id: '00000000-0000-4000-8000-000000000000' })
    expect(byId.json()).toMatchObject({ code: 'role_not_found', details: { role_id: expect.any(String) } })
    const foreign = await api('POST', '/user', { email: email('no-role'), role_id: await roleId(t, neighbour.business_id, 'Staff') })
    expect(foreign.statusCode).toBe(422)
  })

  it('answers 409 email_taken for a member, and already_invited while an invitation waits, whatever the case', async () => {
    const address = email('twice')
    await invite({ email: address, role: 'Staff' })
    const again = await api('POST', '/user', { email: address.toUpperCase(), role: 'Manager' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'already_invited', details: { email: expect.any(String) } })
    const member = await api('POST', '/user', { email: owner.email, role: 'Staff' })
    expect(member.statusCode).toBe(409)
    expect(member.json()).toMatchObject({ code: 'email_taken', details: { email: expect.any(String) } })
    expect((await api('GET', `/user?q=${encodeURIComponent(address)}`)).json().data.count).toBe(1)
  })

  it('invites someone who is already in another business', async () => {
    const { user } = await invite({ email: neighbour.email, role: 'Staff' })
    expect(user.email).toBe(neighbour.email)
  })

  it('answers 400 with a detail for every bad field and invites nobody', async () => {
    const before = (await api('GET', '/user')).json().data.count
    const response = await api('POST', '/user', { email: 'not an address', firstname: '', lastname: 'x'.repeat(101), phone: '555-0123', pay_rate_cents: 12.5, role: '' })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().details).sort()).toEqual(['email', 'firstname', 'lastname', 'pay_rate_cents', 'phone', 'role'])
    expect((await api('POST', '/user', { email: email('no-role') })).json().details).toHaveProperty('role_id')
    expect((await api('POST', '/user', { email: email('neg'), role: 'Staff', pay_rate_cents: -1 })).json().details).toHaveProperty('pay_rate_cents')
    expect((await api('POST', '/user', { email: email('rich'), role: 'Staff', pay_rate_cents: 10_000_001 })).json().details).toHaveProperty('pay_rate_cents')
    expect((await api('POST', '/user', { email: email('bad-id'), role_id: 'Manager' })).json().details).toHaveProperty('role_id')
    expect((await api('GET', '/user')).json().data.count).toBe(before)
  })

  it('audits the invitation with the new member', async () => {
    const { user } = await invite({ email: email('audited'), firstname: 'Aud', role: 'Staff' })
    const row = (await auditRows(t, owner.business_id, 'users.create')).find((r) => r.record_id === user.id)
    expect(row).toMatchObject({ actor_email: owner.email, model: 'users', before: null, after: { id: user.id, firstname: 'Aud', status: 'invited' } })
  })
})

describe('the setup guide', () => {
  it('completes its staffs step with the first invitation', async () => {
    const fresh = await registerBusiness(t)
    const steps = async () => (await api('GET', '/settings', undefined, fresh.tokens.token)).json().data.completed_guided_setup.split(',')
    expect(await steps()).not.toContain('staffs')
    await invite({ email: email('first-hire'), role: 'Staff' }, fresh.tokens.token)
    expect(await steps()).toContain('staffs')
  })
})

describe('POST /user/{id}/invite (resend)', () => {
  it('sends a new link; the old one stops working and the new one works', async () => {
    const address = email('resent')
    const first = await invite({ email: address, role: 'Staff' })
    const resent = await api('POST', `/user/${first.user.id}/invite`)
    expect(resent.statusCode).toBe(200)
    const second = resent.json().data
    expect(second.invite_link).not.toBe(first.invite_link)
    expect(second.user.invite.status).toBe('sent')
    expect(await mailsTo(t, address, 'invite')).toHaveLength(2)
    expect((await lastMail(t, address, 'invite')).text).toContain(second.invite_link)
    expect((await verify(tokenOf(first.invite_link))).json().code).toBe('invalid_link')
    expect((await accept(tokenOf(first.invite_link))).statusCode).toBe(400)
    expect((await accept(tokenOf(second.invite_link))).statusCode).toBe(200)
    const row = (await auditRows(t, owner.business_id, 'users.invite_resent')).find((r) => r.record_id === first.user.id)
    expect(row).toMatchObject({ before: { invite: { status: 'sent', sent_at: first.user.invite.sent_at } }, after: { invite: { status: 'sent', sent_at: second.user.invite.sent_at } } })
  })

  it('answers 422 not_invited once the invitation is accepted', async () => {
    const { user, invite_link } = await invite({ email: email('done'), role: 'Staff' })
    await accept(tokenOf(invite_link))
    const response = await api('POST', `/user/${user.id}/invite`)
    expect(response.statusCode).toBe(422)
    expect(response.json().code).toBe('not_invited')
  })
})

describe('DELETE /user/{id}/invite (revoke)', () => {
  it('kills the link and shows the invitation revoked', async () => {
    const { user, invite_link } = await invite({ email: email('revoked'), role: 'Staff' })
    const response = await api('DELETE', `/user/${user.id}/invite`)
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toMatchObject({ id: user.id, status: 'invited', invite: { status: 'revoked' } })
    expect((await api('GET', `/user/${user.id}`)).json().data.invite.status).toBe('revoked')
    expect((await verify(tokenOf(invite_link))).statusCode).toBe(400)
    expect((await accept(tokenOf(invite_link))).json().code).toBe('invalid_link')
    const row = (await auditRows(t, owner.business_id, 'users.invite_revoked')).find((r) => r.record_id === user.id)
    expect(row).toMatchObject({ before: { invite: { status: 'sent' } }, after: { invite: { status: 'revoked' } } })
  })

  it('can be followed by a fresh invitation that works', async () => {
    const { user } = await invite({ email: email('second-chance'), role: 'Staff' })
    await api('DELETE', `/user/${user.id}/invite`)
    const resent = (await api('POST', `/user/${user.id}/invite`)).json().data
    expect(resent.user.invite.status).toBe('sent')
    expect((await accept(tokenOf(resent.invite_link))).statusCode).toBe(200)
  })

  it('answers 422 not_invited for an active member', async () => {
    const me = (await api('GET', '/profile')).json().data
    expect((await api('DELETE', `/user/${me.id}/invite`)).json().code).toBe('not_invited')
  })

  it('leaves the person free to be invited again by e-mail: the same member, a new role and link, the old link dead', async () => {
    const address = email('invite-again')
    const first = await invite({ email: address, firstname: 'Rosa', role: 'Staff' })
    await api('DELETE', `/user/${first.user.id}/invite`)
    const again = await invite({ email: address.toUpperCase(), lastname: 'Parks', role: 'Manager', pay_rate_cents: 2500 })
    expect(again.user).toMatchObject({ id: first.user.id, firstname: 'Rosa', lastname: 'Parks', role: { name: 'Manager' }, pay_rate_cents: 2500, status: 'invited', invite: { status: 'sent' } })
    expect((await accept(tokenOf(first.invite_link))).json().code).toBe('invalid_link')
    expect((await api('GET', `/user?q=${encodeURIComponent(address)}`)).json().data.count).toBe(1)
    expect((await lastMail(t, address, 'invite')).text).toContain(again.invite_link)
    const row = (await auditRows(t, owner.business_id, 'users.invite_replaced')).find((r) => r.record_id === first.user.id)
    expect(row).toMatchObject({ before: { invite: { status: 'revoked' } }, after: { invite: { status: 'sent' } } })
    expect((await accept(tokenOf(again.invite_link))).statusCode).toBe(200)
  })
})

describe('GET /user/role_choices', () => {
  it('gives an administrator every role, administrator roles first, without needing roles:read', async () => {
    const response = await api('GET', '/user/role_choices')
    expect(response.statusCode).toBe(200)
    expect(response.json().data.map((role: { name: string }) => role.name)).toEqual(['Super Admin', 'System Administrator', 'Manager', 'Staff'])
    expect(response.json().data[0]).toEqual({ id: await roleId(t, owner.business_id, 'Super Admin'), name: 'Super Admin', privileged: true })
  })

  it('gives someone who may invite but not read roles the roles they may give, and they can invite with them', async () => {
    // The inviter holds what Staff holds, and may invite: Staff is theirs to give, Manager (more) is not.
    const staffRights = ((await api('GET', '/role?q=Staff')).json().data.rows as { name: string; permissions: { model_name: string }[] }[]).find((role) => role.name === 'Staff')!.permissions
    const inviterRole = (
      await api('POST', '/role', {
        name: `Inviter ${++sequence}`,
        permissions: [...staffRights.filter((entry) => entry.model_name !== 'users').map(({ name: _name, ...entry }: { name?: string; model_name: string }) => entry), { model_name: 'users', read: true, create: true, update: false, delete: false }],
      })
    ).json().data
    const { invite_link } = await invite({ email: email('inviter'), role_id: inviterRole.id })
    const inviter = (await accept(tokenOf(invite_link))).json().data.token
    expect((await api('GET', '/role', undefined, inviter)).statusCode).toBe(403)
    const choices = (await api('GET', '/user/role_choices', undefined, inviter)).json().data as { id: string; name: string; privileged: boolean }[]
    expect(choices.map((role) => role.name)).toEqual(expect.arrayContaining(['Staff', inviterRole.name]))
    expect(choices.map((role) => role.name)).not.toContain('Manager')
    expect(choices.some((role) => role.privileged)).toBe(false)
    const staff = choices.find((role) => role.name === 'Staff')!
    await invite({ email: email('invited-by-inviter'), role_id: staff.id }, inviter)
    const admin = await api('POST', '/user', { email: email('admin'), role_id: await roleId(t, owner.business_id, 'System Administrator') }, inviter)
    expect(admin.statusCode).toBe(403)
  })
})

describe('an invitation accepted', () => {
  it('tells whoever sent it, in their language, with the new member to open', async () => {
    const { invite_link: managerLink } = await invite({ email: email('fr-manager'), role: 'Manager' })
    const manager = (await accept(tokenOf(managerLink))).json().data.token
    await api('PUT', '/profile', { locale: 'fr' }, manager)
    const { user, invite_link } = await invite({ email: email('joiner'), firstname: 'Zoé', lastname: 'Roy', role: 'Staff' }, manager)
    expect((await accept(tokenOf(invite_link))).statusCode).toBe(200)
    const bell = (await api('GET', '/notification?filter[read_status]=false', undefined, manager)).json().data
    expect(bell.rows[0]).toMatchObject({
      title: 'Zoé Roy a accepté votre invitation et fait maintenant partie de l’équipe.',
      model: 'users',
      operation: 'invite_accepted',
      read_status: false,
      extra: { user_id: user.id },
    })
    const ownersBell = (await api('GET', '/notification')).json().data.rows as { operation: string; extra: { user_id?: string } }[]
    expect(ownersBell.some((n) => n.operation === 'invite_accepted' && n.extra.user_id === user.id)).toBe(false)
  })

  it('tells whoever sent the latest link when it was sent again by someone else', async () => {
    const { invite_link: managerLink } = await invite({ email: email('resender'), role: 'Manager' })
    const manager = (await accept(tokenOf(managerLink))).json().data.token
    const { user } = await invite({ email: email('resent'), role: 'Staff' })
    const resent = (await api('POST', `/user/${user.id}/invite`, undefined, manager)).json().data
    await accept(tokenOf(resent.invite_link))
    const bell = (await api('GET', '/notification', undefined, manager)).json().data.rows as { operation: string; extra: { user_id?: string } }[]
    expect(bell.filter((n) => n.operation === 'invite_accepted' && n.extra.user_id === user.id)).toHaveLength(1)
  })
})

describe('a Manager inviting', () => {
  let manager: string
  beforeAll(async () => {
    const { invite_link } = await invite({ email: email('manager'), role: 'Manager' })
    manager = (await accept(tokenOf(invite_link))).json().data.token
  })

  it('may invite Staff and Managers', async () => {
    await invite({ email: email('by-manager'), role: 'Staff' }, manager)
    await invite({ email: email('by-manager'), role: 'Manager' }, manager)
  })

  it('may not invite an administrator (403), by name or by id, and nobody is created', async () => {
    const before = (await api('GET', '/user')).json().data.count
    for (const role of ['Super Admin', 'System Administrator']) {
      const byName = await api('POST', '/user', { email: email('admin'), role }, manager)
      expect(byName.statusCode).toBe(403)
      const byId = await api('POST', '/user', { email: email('admin'), role_id: await roleId(t, owner.business_id, role) }, manager)
      expect(byId.statusCode).toBe(403)
    }
    expect((await api('GET', '/user')).json().data.count).toBe(before)
  })

  it('may not replace the revoked invitation of an administrator, even with a role of their own', async () => {
    const address = email('revoked-admin')
    const { user } = await invite({ email: address, role: 'System Administrator' })
    await api('DELETE', `/user/${user.id}/invite`)
    const response = await api('POST', '/user', { email: address, role: 'Staff' }, manager)
    expect(response.statusCode).toBe(403)
    expect((await api('GET', `/user/${user.id}`)).json().data).toMatchObject({ role: { name: 'System Administrator' }, invite: { status: 'revoked' } })
  })
})

describe('an invitation left too long', () => {
  let short: TestApp
  let boss: Owner
  beforeAll(async () => {
    short = await createTestApp({ ttl: { invite: 1 } })
    boss = await registerBusiness(short)
  })
  afterAll(() => short.close())

  it('shows as expired, raises an alert, cannot be accepted, and a resend revives it', async () => {
    const response = await api('POST', '/user', { email: 'late@example.com', role: 'Staff' }, boss.tokens.token, short)
    const { user, invite_link } = response.json().data
    await sleep(1_200)
    expect((await api('GET', `/user/${user.id}`, undefined, boss.tokens.token, short)).json().data.invite.status).toBe('expired')
    const alerts = (await api('GET', '/alerts', undefined, boss.tokens.token, short)).json().data
    expect(alerts).toContainEqual(expect.objectContaining({ id: 'invites_expired', level: 'warning', values: { count: 1 }, link: '/users' }))
    expect((await accept(tokenOf(invite_link), short)).json().code).toBe('invalid_link')
    const resent = (await api('POST', `/user/${user.id}/invite`, undefined, boss.tokens.token, short)).json().data
    expect(resent.user.invite.status).toBe('sent')
    // verify, not accept: accepting hashes a password first, which could outlast a one-second link
    expect((await verify(tokenOf(resent.invite_link), short)).statusCode).toBe(200)
  })

  it('is replaced by inviting the same e-mail again', async () => {
    const first = (await api('POST', '/user', { email: 'later@example.com', role: 'Staff' }, boss.tokens.token, short)).json().data
    await sleep(1_200)
    const again = await api('POST', '/user', { email: 'later@example.com', role: 'Staff' }, boss.tokens.token, short)
    expect(again.statusCode).toBe(201)
    expect(again.json().data.user).toMatchObject({ id: first.user.id, invite: { status: 'sent' } })
    expect((await verify(tokenOf(again.json().data.invite_link), short)).statusCode).toBe(200)
  })
})
