import { statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type Account, type LiveServer } from './helpers/live-server.ts'
import { newMachine } from './helpers/rota.ts'

let server: LiveServer
let owner: Account & { token: string }

beforeAll(async () => {
  server = await startServer({ ROTA_ACCESS_TOKEN_TTL: '2s' })
  owner = await server.register()
})
afterAll(() => server.close())

const signIn = (machine: ReturnType<typeof newMachine>, account: Account, extra: string[] = []) =>
  machine.rota(['login', '--host', server.url, '--business', account.business_id, '--email', account.email, '--password-stdin', ...extra], { stdin: `${account.password}\n` })

describe('rota login', () => {
  it('signs in with the password on stdin and keeps the session in a file only its owner can read', async () => {
    const machine = newMachine()
    const run = await signIn(machine, owner)
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(new RegExp(`Signed in to Acme \\d+ \\(${owner.business_id}\\) at ${server.url} as ${owner.email}, Super Admin`))
    const file = join(machine.config, 'rota', 'credentials.json')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const credentials = machine.credentials()
    const profile = credentials.profiles[credentials.current!]!
    expect(profile).toMatchObject({ host: server.url, user: { email: owner.email } })
    expect(profile['token']).toMatch(/^ey/)
    expect(profile['refresh_token']).toEqual(expect.any(String))
  })

  it('refuses a wrong password with the server\'s message, exit 3, and keeps nothing', async () => {
    const machine = newMachine()
    const run = await signIn(machine, { ...owner, password: 'not the password at all' })
    expect(run.code).toBe(3)
    expect(run.stderr).toBe('rota: The business, e-mail or password is incorrect.\n')
    expect(run.stdout).toBe('')
    expect(() => machine.credentials()).toThrow()
  })

  it('asks for nothing without a terminal: a missing password is a usage error naming the option', async () => {
    const run = await newMachine().rota(['login', '--host', server.url, '--business', owner.business_id, '--email', owner.email])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe('rota: No terminal to ask on: pass --password-stdin\n')
  })

  it('names the businesses to choose from when the e-mail has accounts in several, and signs in to the one given', async () => {
    const shared = { email: 'pat@two.test', password: 'the same long passphrase' }
    const first = await server.register({ ...shared, business_id: `first-${process.pid}` })
    await server.register({ ...shared, business_id: `second-${process.pid}` })
    const machine = newMachine()
    const ask = await machine.rota(['login', '--host', server.url, '--email', shared.email, '--password-stdin'], { stdin: shared.password })
    expect(ask.code).toBe(2)
    expect(ask.stderr).toContain(`pass --business, one of first-${process.pid} (Acme`)
    expect(ask.stderr).toContain(`second-${process.pid} (Acme`)
    const chosen = await signIn(machine, { ...shared, business_id: first.business_id }, ['--json'])
    expect(chosen.code).toBe(0)
    expect(chosen.json()).toMatchObject({ host: server.url, user: { email: shared.email }, business: { id: first.business_id } })
  })

  it('revokes the session a profile held before when signing in again', async () => {
    const machine = newMachine()
    await signIn(machine, owner)
    const first = machine.credentials()
    const firstRefresh = first.profiles[first.current!]!['refresh_token']
    await signIn(machine, owner)
    await expect(server.api('POST', '/auth/refresh_token', { body: { refresh_token: firstRefresh } })).rejects.toThrow(/401/)
    expect((await machine.rota(['whoami'])).code).toBe(0)
  })

  it('refuses to sign in over ROTA_TOKEN', async () => {
    const run = await newMachine({ ROTA_TOKEN: 'x' }).rota(['login', '--host', server.url, '--email', owner.email, '--password-stdin'], { stdin: owner.password })
    expect(run.code).toBe(2)
  })

  it('says the host cannot be reached, in one line and exit 1', async () => {
    const run = await signIn(newMachine(), owner, ['--host', 'http://127.0.0.1:9'])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('rota: Cannot reach http://127.0.0.1:9: is Rota running there?\n')
  })

  it('shows the stack only with --debug', async () => {
    const quiet = await newMachine().rota(['whoami', '--host', 'http://127.0.0.1:9'], { env: { ROTA_TOKEN: 'x' } })
    expect(quiet.stderr.split('\n').filter(Boolean)).toHaveLength(1)
    const loud = await newMachine().rota(['whoami', '--host', 'http://127.0.0.1:9', '--debug'], { env: { ROTA_TOKEN: 'x' } })
    expect(loud.stderr).toMatch(/\n\s+at /)
  })
})

describe('rota whoami', () => {
  it('shows who is signed in, as text or JSON', async () => {
    const machine = newMachine()
    await signIn(machine, owner)
    const text = await machine.rota(['whoami'])
    expect(text.code).toBe(0)
    expect(text.stdout).toContain(`Ada Lovelace <${owner.email}>`)
    expect(text.stdout).toContain('role      Super Admin')
    const json = await machine.rota(['whoami', '--json'])
    expect(json.json()).toMatchObject({ user: { email: owner.email, role: 'Super Admin' }, business: { id: owner.business_id } })
  })

  it('exits 3 when nobody is signed in', async () => {
    const run = await newMachine().rota(['whoami', '--host', server.url])
    expect(run.code).toBe(3)
    expect(run.stderr).toBe(`rota: Not signed in to ${server.url}: run rota login --host ${server.url}\n`)
  })

  it('renews an expired access token silently and keeps the new pair', async () => {
    const machine = newMachine()
    await signIn(machine, owner)
    const before = machine.credentials()
    // The token lives 2 s from the next whole second: wait past 3 s.
    await new Promise((resolve) => setTimeout(resolve, 3_200))
    const run = await machine.rota(['whoami', '--json'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const after = machine.credentials().profiles[before.current!]!
    expect(after['token']).not.toBe(before.profiles[before.current!]!['token'])
    expect(after['refresh_token']).not.toBe(before.profiles[before.current!]!['refresh_token'])
  })

  it('uses ROTA_HOST and ROTA_TOKEN without any stored session (CI)', async () => {
    const token = await server.token(owner)
    const run = await newMachine({ ROTA_HOST: server.url, ROTA_TOKEN: token }).rota(['whoami', '--json'])
    expect(run.code).toBe(0)
    expect(run.json()).toMatchObject({ host: server.url, user: { email: owner.email } })
  })

  it('exits 3 and forgets the session once the server has revoked it', async () => {
    const machine = newMachine()
    await signIn(machine, owner)
    const { current, profiles } = machine.credentials()
    await server.api('POST', '/auth/logout', { body: { refresh_token: profiles[current!]!['refresh_token'] } })
    const run = await machine.rota(['whoami'])
    expect(run.code).toBe(3)
    expect(run.stderr).toMatch(/^rota: .+ Run rota login --host /)
    expect(machine.credentials().profiles).toEqual({ [current!]: { host: server.url } })
  })

  it('keeps one session per profile on the same host', async () => {
    const machine = newMachine()
    const manager = await server.member(owner, { email: 'manager@acme.test', role: 'Manager' })
    await signIn(machine, owner, ['--profile', 'boss'])
    await signIn(machine, manager, ['--profile', 'deputy'])
    expect((await machine.rota(['whoami', '--profile', 'boss', '--json'])).json().user.email).toBe(owner.email)
    expect((await machine.rota(['whoami', '--profile', 'deputy', '--json'])).json().user.email).toBe(manager.email)
    expect((await machine.rota(['whoami', '--json'])).json().user.email).toBe(manager.email)
  })
})

describe('rota logout', () => {
  it('revokes the session on the server and forgets it here', async () => {
    const machine = newMachine()
    await signIn(machine, owner)
    const { current, profiles } = machine.credentials()
    const refreshToken = profiles[current!]!['refresh_token']
    const run = await machine.rota(['logout'])
    expect(run.code).toBe(0)
    expect(run.stdout).toBe(`Signed out of ${server.url}.\n`)
    // The session is forgotten; the host is kept, so that the next command still talks to this Rota.
    expect(machine.credentials().profiles).toEqual({ [current!]: { host: server.url } })
    await expect(server.api('POST', '/auth/refresh_token', { body: { refresh_token: refreshToken } })).rejects.toThrow(/401/)
    const again = await machine.rota(['logout'])
    expect(again.code).toBe(0)
    expect(again.stdout).toBe(`Not signed in to ${server.url}.\n`)
  })
})
