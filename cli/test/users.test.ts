import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { file } from './helpers/files.ts'
import { startServer, type Account, type LiveServer } from './helpers/live-server.ts'
import { newMachine, type Machine } from './helpers/rota.ts'

let server: LiveServer
let owner: Account
let admin: Machine

const signIn = async (machine: Machine, account: Account) => {
  const run = await machine.rota(['login', '--host', server.url, '--business', account.business_id, '--email', account.email, '--password-stdin'], { stdin: account.password })
  expect(run.code).toBe(0)
}

beforeAll(async () => {
  server = await startServer()
  owner = await server.register()
  admin = newMachine()
  await signIn(admin, owner)
})
afterAll(() => server.close())

describe('rota users invite', () => {
  it('invites one person with a role and shows the acceptance link on request', async () => {
    const run = await admin.rota(['users', 'invite', 'zoe@acme.test', '--role', 'manager', '--firstname', 'Zoé', '--lastname', 'Roy', '--print-links'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^zoe@acme\.test: invited as Manager, link http:\/\/localhost:\d+\/auth\/accept\/\S+\n$/)
    const link = /link (\S+)/.exec(run.stdout)![1]!
    await server.api('POST', '/user/accept_invite', { body: { token: link.split('/').at(-1), password: 'zoé chose a long passphrase' } })
    const members = (await admin.rota(['users', 'list', '--json'])).json()
    expect(members).toContainEqual(expect.objectContaining({ email: 'zoe@acme.test', firstname: 'Zoé', status: 'active', role: expect.objectContaining({ name: 'Manager' }) }))
  })

  it('keeps the link to itself without --print-links', async () => {
    const run = await admin.rota(['users', 'invite', 'quiet@acme.test', '--role', 'Staff', '--firstname', 'Q', '--lastname', 'Uiet', '--json'])
    expect(run.code).toBe(0)
    expect(run.json()).toEqual([expect.objectContaining({ email: 'quiet@acme.test', ok: true, role: 'Staff', invite_link: null, emailed: false })])
  })

  it('refuses an unknown role, listing the roles there are, with exit 4', async () => {
    const run = await admin.rota(['users', 'invite', 'x@acme.test', '--role', 'Boss', '--firstname', 'X', '--lastname', 'Y'])
    expect(run.code).toBe(4)
    expect(run.stdout).toMatch(/^x@acme\.test: No role named "Boss": the roles are .*Manager.*Staff/)
  })

  it('refuses a bad e-mail with the server\'s field message', async () => {
    const run = await admin.rota(['users', 'invite', 'not-an-email', '--role', 'Staff', '--firstname', 'X', '--lastname', 'Y'])
    expect(run.code).toBe(4)
    expect(run.stdout).toContain('not-an-email: Some fields are not valid. (email: ')
  })

  it('leaves the names to the invitee when they are not given', async () => {
    const run = await admin.rota(['users', 'invite', 'nameless@acme.test', '--role', 'Staff', '--print-links', '--json'])
    expect(run.code).toBe(0)
    const [invited] = run.json()
    await server.api('POST', '/user/accept_invite', { body: { token: invited.invite_link.split('/').at(-1), password: 'a long passphrase of mine', firstname: 'Nia', lastname: 'Meless' } })
    expect((await admin.rota(['users', 'list', '--search', 'nameless', '--json'])).json()).toEqual([expect.objectContaining({ firstname: 'Nia', lastname: 'Meless', status: 'active' })])
  })

  it('invites everyone in a CSV file with a result per row, and exits 4 when some rows were refused', async () => {
    const csv = file('team.csv', [
      '\uFEFFCourriel,Prénom,Nom,Rôle',
      'ana@acme.test,Ana,Silva,Staff',
      'bad-address,Bo,Li,Staff',
      'zoe@acme.test,Zoé,Roy,Staff',
      'cy@acme.test,Cy,Ng,',
    ].join('\r\n'))
    const run = await admin.rota(['users', 'invite', '--csv', csv, '--role', 'Manager', '--print-links', '--json'])
    expect(run.code).toBe(4)
    const results = run.json()
    expect(results).toHaveLength(4)
    expect(results[0]).toMatchObject({ line: 2, email: 'ana@acme.test', ok: true, role: 'Staff', invite_link: expect.stringContaining('/auth/accept/') })
    expect(results[1]).toMatchObject({ line: 3, ok: false, error: expect.stringContaining('email') })
    expect(results[2]).toMatchObject({ line: 4, ok: false, error: 'Another account in this business already uses this e-mail address.' })
    expect(results[3]).toMatchObject({ line: 5, email: 'cy@acme.test', ok: true, role: 'Manager' })
  })

  it('says how to send a waiting invitation again, once', async () => {
    await admin.rota(['users', 'invite', 'wai@acme.test', '--role', 'Staff'])
    const again = await admin.rota(['users', 'invite', 'wai@acme.test', '--role', 'Staff'])
    expect(again.code).toBe(1)
    expect(again.stdout.trim()).toBe('wai@acme.test: An invitation is already waiting: send it again with rota users resend wai@acme.test')
  })

  it('says a row without a role needs one, or --role', async () => {
    const run = await admin.rota(['users', 'invite', '--csv', file('no-role.csv', 'email,role\nlee@acme.test,\n'), '--json'])
    expect(run.json()[0]).toMatchObject({ line: 2, ok: false, error: 'The role is missing: fill the role column, or pass --role for the rows without one' })
  })

  it('names a CSV file\'s unknown and missing columns', async () => {
    const run = await admin.rota(['users', 'invite', '--csv', file('odd.csv', 'email,phone\na@acme.test,555\n')])
    expect(run.code).toBe(4)
    expect(run.stderr).toContain('Unknown column "phone"')
    expect(run.stderr).toContain('Missing column "role" (or pass --role)')
  })

  it('exits 3 for someone who may not invite', async () => {
    const staff = await server.member(owner, { email: 'plain@acme.test', role: 'Staff' })
    const machine = newMachine()
    await signIn(machine, staff)
    const run = await machine.rota(['users', 'invite', 'friend@acme.test', '--role', 'Staff', '--firstname', 'F', '--lastname', 'R'])
    expect(run.code).toBe(3)
    expect(run.stdout).toBe('friend@acme.test: You do not have permission to do this.\n')
    expect((await machine.rota(['users', 'list'])).code).toBe(3)
  })
})

describe('rota users invites, resend, revoke', () => {
  it('lists pending invitations with where they stand', async () => {
    await admin.rota(['users', 'invite', 'pending@acme.test', '--role', 'Staff', '--firstname', 'Pen', '--lastname', 'Ding'])
    const run = await admin.rota(['users', 'invites'])
    expect(run.code).toBe(0)
    expect(run.stdout.split('\n')[0]).toMatch(/^EMAIL\s+NAME\s+ROLE\s+INVITATION\s+SENT\s+EXPIRES$/)
    expect(run.stdout).toMatch(/pending@acme\.test\s+Pen Ding\s+Staff\s+sent\s+\d{4}-\d\d-\d\d\s+\d{4}-\d\d-\d\d/)
    expect(run.stdout).not.toContain('zoe@acme.test')
  })

  it('sends a new link that replaces the old one', async () => {
    const first = (await admin.rota(['users', 'invite', 'again@acme.test', '--role', 'Staff', '--firstname', 'A', '--lastname', 'G', '--print-links', '--json'])).json()[0]
    const run = await admin.rota(['users', 'resend', 'AGAIN@acme.test', '--print-links', '--json'])
    expect(run.code).toBe(0)
    const [resent] = run.json()
    expect(resent.invite_link).toMatch(/\/auth\/accept\//)
    expect(resent.invite_link).not.toBe(first.invite_link)
    await expect(server.api('POST', '/user/verify_invite', { body: { token: first.invite_link.split('/').at(-1) } })).rejects.toThrow()
  })

  it('revokes an invitation, after which its link no longer works until a new one is sent', async () => {
    const [sent] = (await admin.rota(['users', 'invite', 'gone@acme.test', '--role', 'Staff', '--firstname', 'G', '--lastname', 'One', '--print-links', '--json'])).json()
    const run = await admin.rota(['users', 'revoke', 'gone@acme.test'])
    expect(run.code).toBe(0)
    expect(run.stdout).toBe('The invitation of gone@acme.test is revoked: its link no longer works.\n')
    await expect(server.api('POST', '/user/verify_invite', { body: { token: sent.invite_link.split('/').at(-1) } })).rejects.toThrow()
    expect((await admin.rota(['users', 'invites'])).stdout).toMatch(/gone@acme\.test\s+G One\s+Staff\s+revoked/)
    const resend = await admin.rota(['users', 'resend', 'gone@acme.test', '--print-links', '--json'])
    expect(resend.code).toBe(0)
    const [renewed] = resend.json()
    await expect(server.api('POST', '/user/verify_invite', { body: { token: renewed.invite_link.split('/').at(-1) } })).resolves.toBeTruthy()
  })

  it('will not resend or revoke an accepted invitation, nor find someone absent', async () => {
    expect((await admin.rota(['users', 'revoke', 'zoe@acme.test'])).stderr).toBe('rota: The invitation of zoe@acme.test is accepted: there is nothing to revoke\n')
    const absent = await admin.rota(['users', 'resend', 'nobody@acme.test'])
    expect(absent.code).toBe(1)
    expect(absent.stderr).toBe('rota: Nobody with the e-mail nobody@acme.test in this business\n')
  })
})

describe('rota users list', () => {
  it('lists everyone as a table, and filters by role and status', async () => {
    const table = await admin.rota(['users', 'list'])
    expect(table.stdout.split('\n')[0]).toMatch(/^NAME\s+EMAIL\s+ROLE\s+STATUS\s+LAST SIGN-IN$/)
    expect(table.stdout).toContain(owner.email)
    const managers = (await admin.rota(['users', 'list', '--role', 'Manager', '--json'])).json()
    expect(managers.map((user: { email: string }) => user.email).sort()).toEqual(['cy@acme.test', 'zoe@acme.test'])
    const active = (await admin.rota(['users', 'list', '--status', 'active', '--json'])).json()
    expect(active.every((user: { status: string }) => user.status === 'active')).toBe(true)
    expect((await admin.rota(['users', 'list', '--status', 'gone'])).code).toBe(2)
  })
})
