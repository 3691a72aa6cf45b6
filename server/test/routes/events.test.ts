import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, roleId } from '../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../helpers/business.ts'

/** `GET /api/v1/events` over a real socket, read the way the web app reads it: fetch with the Bearer header. */
let t: TestApp
let owner: Owner
let base: string
const PASSWORD = 'a passphrase nobody guesses'
let sequence = 0

async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  base = await listen(t)
})
afterAll(() => t.close())

interface Stream {
  response: Response
  /** The next frame (comments included), or null once the server ended the stream. */
  frame(): Promise<string | null>
  /** The next `event:` frame, parsed, skipping comments such as the keep-alive. */
  event(): Promise<{ type: string; data: any }>
  close(): void
}

async function open(token: string, url = base): Promise<Stream> {
  const controller = new AbortController()
  const response = await fetch(`${url}/api/v1/events`, { headers: bearer(token), signal: controller.signal })
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  async function frame(): Promise<string | null> {
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end >= 0) {
        const text = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        return text
      }
      const chunk = await reader.read()
      if (chunk.done) return null
      buffer += chunk.value
    }
  }
  async function event() {
    for (;;) {
      const text = await frame()
      if (text === null) throw new Error('the stream ended before an event came')
      if (text.startsWith(':')) continue
      const fields = Object.fromEntries(text.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]))
      return { type: fields['event']!, data: JSON.parse(fields['data']!) }
    }
  }
  return { response, frame, event, close: () => controller.abort() }
}

async function person(): Promise<{ id: string; token: string }> {
  const email = `live${++sequence}@example.com`
  const user = await addUser(t, owner.business_id, { email, password: PASSWORD })
  return { id: user.id, token: (await login(t, email, PASSWORD, owner.business_id)).body.data.token }
}

/** The owner changes someone's role, which notifies them. */
async function giveRole(userId: string, role: string): Promise<void> {
  const headers = bearer(owner.tokens.token)
  const { version } = (await t.request({ method: 'GET', url: `/api/v1/user/${userId}`, headers })).json().data
  const response = await t.request({ method: 'PUT', url: `/api/v1/user/${userId}`, headers, payload: { role_id: await roleId(t, owner.business_id, role), version } })
  expect(response.statusCode).toBe(200)
}

describe('GET /api/v1/events', () => {
  it('opens an event stream that says it is connected', async () => {
    const me = await person()
    const stream = await open(me.token)
    expect(stream.response.status).toBe(200)
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(stream.response.headers.get('cache-control')).toBe('no-cache, no-transform')
    expect(await stream.frame()).toBe(': connected')
    stream.close()
  })

  it('delivers a notification as it is made, the same one the bell then lists', async () => {
    const me = await person()
    const stream = await open(me.token)
    await stream.frame()
    await giveRole(me.id, 'Manager')
    const event = await stream.event()
    expect(event.type).toBe('notification')
    expect(event.data).toMatchObject({ title: 'Your role is now Manager.', model: 'users', operation: 'role_changed', read_status: false })
    const [listed] = (await t.request({ method: 'GET', url: '/api/v1/notification', headers: bearer(me.token) })).json().data.rows
    expect(event.data).toEqual(listed)
    stream.close()
  })

  it('does not carry another person’s notifications', async () => {
    const me = await person()
    const other = await person()
    const stream = await open(me.token)
    await stream.frame()
    await giveRole(other.id, 'Manager')
    await giveRole(me.id, 'Manager')
    await giveRole(me.id, 'Staff')
    // Sent in this order: had the other person's arrived, it would come first.
    const mine = (await t.request({ method: 'GET', url: '/api/v1/notification', headers: bearer(me.token) })).json().data.rows
    expect((await stream.event()).data.id).toBe(mine[1].id)
    expect((await stream.event()).data.id).toBe(mine[0].id)
    stream.close()
  })

  it('feeds every open stream of the person (two tabs)', async () => {
    const me = await person()
    const [first, second] = [await open(me.token), await open(me.token)]
    await Promise.all([first.frame(), second.frame()])
    await giveRole(me.id, 'Manager')
    const [a, b] = await Promise.all([first.event(), second.event()])
    expect(a.data.id).toBe(b.data.id)
    first.close()
    second.close()
  })

  it('tells every open stream of the person when notifications were read, so that their other bells read theirs again', async () => {
    const me = await person()
    const [tab, other] = [await open(me.token), await open(me.token)]
    await Promise.all([tab.frame(), other.frame()])
    await giveRole(me.id, 'Manager')
    const made = await tab.event()
    await other.event()
    const read = await t.request({ method: 'PUT', url: `/api/v1/notification/${made.data.id}`, headers: bearer(me.token), payload: { read_status: true } })
    expect(read.statusCode).toBe(200)
    expect(await other.event()).toEqual({ type: 'notifications.read', data: {} })
    expect(await tab.event()).toEqual({ type: 'notifications.read', data: {} })
    // Nothing left unread: marking all read tells nobody.
    await t.request({ method: 'POST', url: '/api/v1/notification/read_all', headers: bearer(me.token) })
    await giveRole(me.id, 'Staff')
    expect((await other.event()).type).toBe('notification')
    tab.close()
    other.close()
  })

  it('carries nothing more once the person is disabled: the stream ends instead', async () => {
    const me = await person()
    const stream = await open(me.token)
    await stream.frame()
    const headers = bearer(owner.tokens.token)
    const { version } = (await t.request({ method: 'GET', url: `/api/v1/user/${me.id}`, headers })).json().data
    expect((await t.request({ method: 'PUT', url: `/api/v1/user/${me.id}`, headers, payload: { status: 'disabled', version } })).statusCode).toBe(200)
    await giveRole(me.id, 'Manager')
    expect(await stream.frame()).toBeNull()
  })

  it('ends the streams of the sessions signed out by logout_others, and keeps the current one', async () => {
    const email = `elsewhere${++sequence}@example.com`
    const user = await addUser(t, owner.business_id, { email, password: PASSWORD })
    const here = (await login(t, email, PASSWORD, owner.business_id)).body.data.token
    const there = (await login(t, email, PASSWORD, owner.business_id)).body.data.token
    const [current, other] = [await open(here), await open(there)]
    await Promise.all([current.frame(), other.frame()])
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/logout_others', headers: bearer(here) })).statusCode).toBe(200)
    await giveRole(user.id, 'Manager')
    expect((await current.event()).data.title).toBe('Your role is now Manager.')
    expect(await other.frame()).toBeNull()
    current.close()
  })

  it('answers 401 without a token or with a bad one, before any stream starts', async () => {
    const missing = await fetch(`${base}/api/v1/events`)
    expect(missing.status).toBe(401)
    expect(missing.headers.get('content-type')).toContain('application/json')
    expect((await missing.json()).code).toBe('unauthenticated')
    const bad = await fetch(`${base}/api/v1/events`, { headers: bearer('not.a.token') })
    expect(bad.status).toBe(401)
    expect((await bad.json()).code).toBe('invalid_token')
  })
})

describe('HEAD /events', () => {
  it('answers the stream’s headers and ends, signed in; 401 signed out', async () => {
    const me = await person()
    const head = await fetch(`${base}/api/v1/events`, { method: 'HEAD', headers: bearer(me.token), signal: AbortSignal.timeout(5_000) })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(await head.text()).toBe('')
    const anonymous = await fetch(`${base}/api/v1/events`, { method: 'HEAD', signal: AbortSignal.timeout(5_000) })
    expect(anonymous.status).toBe(401)
  })
})

describe('shutting down', () => {
  it('ends open streams so that closing the server does not hang', async () => {
    const app = await createTestApp()
    const boss = await registerBusiness(app)
    const url = await listen(app)
    const stream = await open(boss.tokens.token, url)
    expect(await stream.frame()).toBe(': connected')
    const closed = app.app.close().then(() => 'closed')
    const timeout = new Promise((resolve) => setTimeout(resolve, 5_000, 'still open after 5 s'))
    expect(await Promise.race([closed, timeout])).toBe('closed')
    expect(await stream.frame()).toBeNull()
    await app.database.close()
  })
})
