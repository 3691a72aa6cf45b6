import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest'
import { APP_ROLE, withDatabase } from '../global-setup.ts'

/**
 * Two real API processes on one PostgreSQL, as behind a load balancer: what one
 * process does, the other knows within a second — sign-outs, notifications, rate limits.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url))
const bundle = join(root, 'server/dist-test/server.js')
const source = inject('database')
if (source.kind !== 'postgres') throw new Error('this suite needs ROTA_TEST_DATABASE_URL')
const database = `rota_processes_${randomBytes(4).toString('hex')}`
const files = mkdtempSync(join(tmpdir(), 'rota-files-'))
const children: ChildProcess[] = []
let one: string
let other: string

async function start(extra: Record<string, string> = {}): Promise<string> {
  const child = spawn(process.execPath, [bundle], {
    env: {
      ...process.env,
      ...extra,
      PORT: '0',
      LOG_LEVEL: 'warn',
      ROTA_DATABASE_URL: withDatabase(source.kind === 'postgres' ? source.appUrl : '', database),
      ROTA_SECRET: 'processes-secret-processes-secret-0123456789',
      ROTA_FILES_DIR: files,
      ROTA_WEB_DIR: '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  children.push(child)
  return new Promise((resolve, reject) => {
    let said = ''
    child.stdout!.on('data', (chunk) => {
      said += String(chunk)
      const match = /running at (http:\/\/\S+)( \(\d+ API processes\))?/.exec(said)
      if (match) resolve(`${match[1]!.replace('localhost', '127.0.0.1')}${match[2] ?? ''}`)
    })
    child.on('exit', (code) => reject(new Error(`an API process exited with ${code}`)))
  })
}

beforeAll(async () => {
  execFileSync(process.execPath, [join(root, 'scripts/bundle.mjs'), join(root, 'server/src/server.ts'), bundle], { stdio: 'inherit' })
  const admin = new pg.Client({ connectionString: source.kind === 'postgres' ? source.url : '' })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${database} OWNER ${APP_ROLE}`)
  await admin.end()
  ;[one, other] = await Promise.all([start(), start()])
})

afterAll(async () => {
  await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.on('exit', resolve), child.kill('SIGTERM'))))))
  const admin = new pg.Client({ connectionString: source.kind === 'postgres' ? source.url : '' })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
  await admin.end()
  rmSync(files, { recursive: true, force: true })
})

const PASSWORD = 'a passphrase for two processes'
const json = { 'content-type': 'application/json' }
const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`

async function call(base: string, method: string, path: string, options: { token?: string; body?: unknown; authorization?: string } = {}) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { ...json, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.authorization ? { authorization: options.authorization } : {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  return { status: response.status, body: (await response.json().catch(() => null)) as { data?: Record<string, unknown> } | null }
}

/** Polls for up to a second. */
async function within1s(check: () => Promise<boolean>): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < 1000; ) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return check()
}

let business = 0
async function owner() {
  const id = `two-processes-${++business}`
  const registered = await call(one, 'POST', '/business', { body: { business_id: id, business_name: 'Two', firstname: 'T', lastname: 'P', email: `${id}@example.com`, password: PASSWORD } })
  expect(registered.status).toBe(201)
  return { id, email: `${id}@example.com`, token: registered.body!.data!.token as string }
}

describe('two API processes on one PostgreSQL', () => {
  it('refuse a session on the other process within a second of signing it out on one', async () => {
    const me = await owner()
    expect((await call(other, 'GET', '/profile', { token: me.token })).status).toBe(200)
    expect((await call(one, 'POST', '/auth/logout', { token: me.token, body: {} })).status).toBe(200)
    expect(await within1s(async () => (await call(other, 'GET', '/profile', { token: me.token })).status === 401)).toBe(true)
  })

  it('drop a list page the other remembers within a second of a client changing through one', async () => {
    const boss = await owner()
    const names = async () => ((await call(other, 'GET', '/location?sort=name', { token: boss.token })).body!.data!.rows as { name: string }[]).map((row) => row.name)
    const client = { street: '1 Main St', city: 'Ottawa', province: 'ON', postal_code: 'K1A 0B1' }
    expect((await call(one, 'POST', '/location', { token: boss.token, body: { name: 'Maple Care', ...client } })).status).toBe(201)
    expect(await within1s(async () => (await names()).includes('Maple Care'))).toBe(true)
    // Read twice on the other process: remembered there now.
    expect(await names()).toEqual(['Maple Care'])
    expect((await call(one, 'POST', '/location', { token: boss.token, body: { name: 'Birch Care', ...client } })).status).toBe(201)
    expect(await within1s(async () => (await names()).join() === 'Birch Care,Maple Care')).toBe(true)
  })

  it('deliver a notification made through one to a live client of the other', async () => {
    const boss = await owner()
    const roles = (await call(one, 'GET', '/role', { token: boss.token })).body!.data!.rows as { id: string; name: string }[]
    const roleId = (name: string) => roles.find((role) => role.name === name)!.id
    const email = `staff-${boss.email}`
    const invited = await call(one, 'POST', '/user', { token: boss.token, body: { email, role_id: roleId('Staff') } })
    expect(invited.status).toBe(201)
    const link = invited.body!.data!.invite_link as string
    const accepted = await call(other, 'POST', '/user/accept_invite', { body: { token: link.slice(link.lastIndexOf('/') + 1), password: PASSWORD } })
    expect(accepted.status).toBe(200)
    const staff = accepted.body!.data!.token as string

    const controller = new AbortController()
    const stream = await fetch(`${other}/api/v1/events`, { headers: { authorization: `Bearer ${staff}` }, signal: controller.signal })
    const reader = stream.body!.getReader()
    const heard = (async () => {
      let text = ''
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return false
        text += new TextDecoder().decode(value)
        if (text.includes('event: notification')) return true
      }
    })()
    const member = (await call(one, 'GET', `/user/${(invited.body!.data!.user as { id: string }).id}`, { token: boss.token })).body!.data!
    expect((await call(one, 'PUT', `/user/${member.id as string}`, { token: boss.token, body: { role_id: roleId('Manager'), version: member.version } })).status).toBe(200)
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000))
    expect(await Promise.race([heard, timeout])).toBe(true)
    controller.abort()
  })

  it('run as ROTA_WORKERS processes on one port, and stop together', async () => {
    const announced = await start({ ROTA_WORKERS: '2' })
    expect(announced).toMatch(/ \(2 API processes\)$/)
    const base = announced.replace(/ \(.*$/, '')
    const answers = await Promise.all(Array.from({ length: 20 }, async () => (await fetch(`${base}/api/v1/health`)).status))
    expect(answers).toEqual(Array(20).fill(200))
    const primary = children.at(-1)!
    const ended = new Promise((resolve) => primary.on('exit', resolve))
    primary.kill('SIGTERM')
    expect(await ended).toBe(0)
  })

  it('count a rate limit across both', async () => {
    const me = await owner()
    const answers: number[] = []
    for (let i = 0; i < 11; i++) {
      const base = i % 2 === 0 ? one : other
      answers.push((await call(base, 'POST', '/auth/login', { authorization: basic(me.email, `wrong guess ${i}`), body: { business_id: me.id } })).status)
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(answers[10]).toBe(429)
  })

  // Chat (docs/decisions/029): messages sent through either process reach the other's streams.
  it("deliver chat messages sent through each process to a member's stream on the other, within a second", async () => {
    const boss = await owner()
    const roles = (await call(one, 'GET', '/role', { token: boss.token })).body!.data!.rows as { id: string; name: string }[]
    const invited = await call(one, 'POST', '/user', { token: boss.token, body: { email: `chat-${boss.email}`, role_id: roles.find((role) => role.name === 'Staff')!.id } })
    const link = invited.body!.data!.invite_link as string
    const staff = (await call(other, 'POST', '/user/accept_invite', { body: { token: link.slice(link.lastIndexOf('/') + 1), password: PASSWORD } })).body!.data!.token as string
    const staffId = (await call(other, 'GET', '/profile', { token: staff })).body!.data!.id as string
    const dm = (await call(one, 'POST', '/chat/direct', { token: boss.token, body: { member_ids: [staffId] } })).body!.data!.id as string

    const listen = async (base: string, token: string) => {
      const controller = new AbortController()
      const stream = await fetch(`${base}/api/v1/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal })
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader()
      let text = ''
      const heard = async (body: string) => {
        const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000))
        const found = (async () => {
          for (;;) {
            if (text.includes('event: chat.message') && text.includes(`"body":"${body}"`)) return true
            const { value, done } = await reader.read()
            if (done) return false
            text += value
          }
        })()
        return Promise.race([found, timeout])
      }
      return { heard, close: () => controller.abort() }
    }
    const staffOnOther = await listen(other, staff)
    const bossOnOne = await listen(one, boss.token)
    const sent = await call(one, 'POST', `/chat/channel/${dm}/message`, { token: boss.token, body: { client_id: 'p-1', body: 'from one' } })
    expect(sent.status).toBe(201)
    expect(await staffOnOther.heard('from one')).toBe(true)
    expect((await call(other, 'POST', `/chat/channel/${dm}/message`, { token: staff, body: { client_id: 'p-2', body: 'from other' } })).status).toBe(201)
    expect(await bossOnOne.heard('from other')).toBe(true)
    // The same client id through the other process is the same message.
    const again = await call(other, 'POST', `/chat/channel/${dm}/message`, { token: boss.token, body: { client_id: 'p-1', body: 'from one' } })
    expect(again.body!.data!.id).toBe(sent.body!.data!.id)
    staffOnOther.close()
    bossOnOne.close()
  })
})
