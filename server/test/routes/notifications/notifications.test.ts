import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, roleId } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner
let person: { id: string; token: string }
const PASSWORD = 'a passphrase nobody guesses'
const BELL = '/notification?filter[read_status]=false&page_size=10'

const api = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object, app: TestApp = t) =>
  app.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })

/** The owner gives someone a role; the role change is what notifies them. */
async function giveRole(userId: string, role: string): Promise<void> {
  const { version } = (await api('GET', `/user/${userId}`, owner.tokens.token)).json().data
  const response = await api('PUT', `/user/${userId}`, owner.tokens.token, { role_id: await roleId(t, owner.business_id, role), version })
  expect(response.statusCode, response.body).toBe(200)
}

async function signedIn(email: string, locale = 'en') {
  const user = await addUser(t, owner.business_id, { email, password: PASSWORD, locale })
  return { id: user.id, token: (await login(t, email, PASSWORD, owner.business_id)).body.data.token as string }
}

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  person = await signedIn('bell@example.com')
  for (const role of ['Manager', 'Staff', 'Manager']) await giveRole(person.id, role)
})
afterAll(() => t.close())

describe('GET /notification', () => {
  it('answers the bell with the unread count and the newest first', async () => {
    const response = await api('GET', BELL, person.token)
    expect(response.statusCode).toBe(200)
    const { count, rows } = response.json().data
    expect(count).toBe(3)
    expect(rows.map((n: { title: string }) => n.title)).toEqual(['Your role is now Manager.', 'Your role is now Staff.', 'Your role is now Manager.'])
    expect(rows[0]).toMatchObject({ id: expect.any(String), body: null, model: 'users', operation: 'role_changed', read_status: false, extra: {} })
    expect(Date.parse(rows[0].created_at)).toBeGreaterThanOrEqual(Date.parse(rows[2].created_at))
  })

  it('shows each person only their own: the owner sees their welcome', async () => {
    const { count, rows } = (await api('GET', '/notification', owner.tokens.token)).json().data
    expect(count).toBe(1)
    expect(rows[0]).toMatchObject({ model: 'settings', operation: 'welcome', read_status: false })
  })

  it('pages with the total kept', async () => {
    const first = (await api('GET', '/notification?page_size=2', person.token)).json().data
    const second = (await api('GET', '/notification?page_size=2&page=2', person.token)).json().data
    expect([first.count, second.count]).toEqual([3, 3])
    expect([...first.rows, ...second.rows].map((n: { id: string }) => n.id)).toHaveLength(new Set([...first.rows, ...second.rows].map((n: { id: string }) => n.id)).size)
    expect(second.rows).toHaveLength(1)
    expect((await api('GET', '/notification?page=5', person.token)).json().data).toEqual({ count: 3, rows: [] })
  })

  it('writes the title in the recipient’s language, built-in role names included', async () => {
    const francophone = await signedIn('cloche@example.com', 'fr')
    await giveRole(francophone.id, 'Manager')
    expect((await api('GET', BELL, francophone.token)).json().data.rows[0].title).toBe('Votre rôle est maintenant Gestionnaire.')
  })

  it('reads in the language the person chose since: what was written in English reads in Spanish', async () => {
    const mover = await signedIn('cambia@example.com', 'en')
    await giveRole(mover.id, 'Manager')
    expect((await api('GET', BELL, mover.token)).json().data.rows[0].title).toBe('Your role is now Manager.')
    const { version } = (await api('GET', '/profile', mover.token)).json().data
    expect((await api('PUT', '/profile', mover.token, { locale: 'es', version })).statusCode).toBe(200)
    const [before] = (await api('GET', BELL, mover.token)).json().data.rows
    expect(before.title).toBe('Su rol ahora es Gerente.')
    // Marking it read answers it in the same words.
    expect((await api('PUT', `/notification/${before.id}`, mover.token, { read_status: true })).json().data.title).toBe('Su rol ahora es Gerente.')
  })

  it('answers 400 for a read filter that is not true or false, and 401 without a token', async () => {
    const response = await api('GET', '/notification?filter[read_status]=maybe', person.token)
    expect(response.statusCode).toBe(400)
    expect(response.json().details).toHaveProperty(['filter.read_status'])
    expect((await t.request({ method: 'GET', url: '/api/v1/notification' })).statusCode).toBe(401)
  })
})

describe('PUT /notification/{id}', () => {
  it('marks one read: it leaves the bell and shows under read; then unread again', async () => {
    const [newest] = (await api('GET', BELL, person.token)).json().data.rows
    const read = await api('PUT', `/notification/${newest.id}`, person.token, { read_status: true })
    expect(read.statusCode).toBe(200)
    expect(read.json().data).toMatchObject({ id: newest.id, read_status: true })
    const bell = (await api('GET', BELL, person.token)).json().data
    expect(bell.count).toBe(2)
    expect(bell.rows.map((n: { id: string }) => n.id)).not.toContain(newest.id)
    expect((await api('GET', '/notification?filter[read_status]=true', person.token)).json().data.rows.map((n: { id: string }) => n.id)).toEqual([newest.id])
    expect((await api('PUT', `/notification/${newest.id}`, person.token, { read_status: true })).json().data.read_status).toBe(true)

    expect((await api('PUT', `/notification/${newest.id}`, person.token, { read_status: false })).json().data.read_status).toBe(false)
    expect((await api('GET', BELL, person.token)).json().data.count).toBe(3)
  })

  it('answers 404 for someone else’s notification, in this business or another, and leaves it unread', async () => {
    const welcome = (await api('GET', '/notification', owner.tokens.token)).json().data.rows[0]
    const neighbour = await registerBusiness(t)
    for (const token of [person.token, neighbour.tokens.token]) {
      const response = await api('PUT', `/notification/${welcome.id}`, token, { read_status: true })
      expect(response.statusCode).toBe(404)
    }
    expect((await api('GET', BELL, owner.tokens.token)).json().data.rows[0]).toMatchObject({ id: welcome.id, read_status: false })
  })

  it('answers 404 for an unknown id and 400 for a bad id or body', async () => {
    expect((await api('PUT', '/notification/00000000-0000-4000-8000-000000000000', person.token, { read_status: true })).statusCode).toBe(404)
    expect((await api('PUT', '/notification/latest', person.token, { read_status: true })).statusCode).toBe(400)
    const [any] = (await api('GET', '/notification', person.token)).json().data.rows
    expect((await api('PUT', `/notification/${any.id}`, person.token, { read_status: 'yes' })).json().details).toHaveProperty('read_status')
    expect((await api('PUT', `/notification/${any.id}`, person.token, {})).json().details).toHaveProperty('read_status')
  })
})

describe('POST /notification/read_all', () => {
  it('marks every unread notification of the caller read, and nobody else’s', async () => {
    const reader = await signedIn('reader@example.com')
    for (const role of ['Manager', 'Staff']) await giveRole(reader.id, role)
    const othersBefore = (await api('GET', BELL, person.token)).json().data.count
    const response = await api('POST', '/notification/read_all', reader.token)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().data).toEqual({ updated: 2 })
    expect((await api('GET', BELL, reader.token)).json().data).toEqual({ count: 0, rows: [] })
    expect((await api('GET', '/notification?filter[read_status]=true', reader.token)).json().data.count).toBe(2)
    expect((await api('GET', BELL, person.token)).json().data.count).toBe(othersBefore)
    expect((await api('POST', '/notification/read_all', reader.token)).json().data).toEqual({ updated: 0 })
    expect((await t.request({ method: 'POST', url: '/api/v1/notification/read_all' })).statusCode).toBe(401)
  })
})

describe('GET /alerts', () => {
  it('tells an administrator the setup is unfinished and mail is not configured', async () => {
    const fresh = await registerBusiness(t)
    const alerts = (await api('GET', '/alerts', fresh.tokens.token)).json().data
    expect(alerts).toEqual([
      { id: 'setup', level: 'info', key: 'alerts.setup_incomplete', values: { done: expect.any(Number), total: 6 }, link: null },
      { id: 'mail_off', level: 'info', key: 'alerts.mail_not_configured', values: {}, link: null },
    ])
    const { version } = (await api('GET', '/settings', fresh.tokens.token)).json().data
    const finished = await api('PUT', '/settings', fresh.tokens.token, { completed_guided_setup: 'settings,roles,staffs,clients,services,schedules,all', version })
    expect(finished.statusCode).toBe(200)
    expect((await api('GET', '/alerts', fresh.tokens.token)).json().data.map((a: { id: string }) => a.id)).toEqual(['mail_off'])
  })

  it('counts the steps done', async () => {
    const fresh = await registerBusiness(t)
    const done = async () => (await api('GET', '/alerts', fresh.tokens.token)).json().data[0].values.done as number
    const before = await done()
    await t.request({ method: 'POST', url: '/api/v1/role', headers: bearer(fresh.tokens.token), payload: { name: 'Crew' } })
    expect(await done()).toBe(before + 1)
  })

  it('says nothing about mail once a mail server is configured', async () => {
    const mailing = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' })
    try {
      const boss = await registerBusiness(mailing)
      const alerts = (await api('GET', '/alerts', boss.tokens.token, undefined, mailing)).json().data
      expect(alerts.map((a: { id: string }) => a.id)).toEqual(['setup'])
    } finally {
      await mailing.close()
    }
  })
})
