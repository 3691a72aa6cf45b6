import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner
let neighbour: Owner
const PASSWORD = 'a passphrase nobody guesses'
let sequence = 0

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  neighbour = await registerBusiness(t)
})
afterAll(() => t.close())

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = owner.tokens.token) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })

async function staffMember(business: Owner = owner): Promise<string> {
  const email = `newcomer${++sequence}@example.com`
  await addUser(t, business.business_id, { email, password: PASSWORD })
  return (await login(t, email, PASSWORD, business.business_id)).body.data.token
}

async function entry(body: object, token = owner.tokens.token) {
  const response = await api('POST', '/settings/onboarding', body, token)
  expect(response.statusCode, response.body).toBe(201)
  return response.json().data
}

const titles = async (token = owner.tokens.token) => (await api('GET', '/settings/onboarding?page_size=100', undefined, token)).json().data.rows.map((e: { title: string }) => e.title)

describe('onboarding entries (/settings/onboarding)', () => {
  let business: Owner
  beforeAll(async () => {
    business = await registerBusiness(t)
  })
  const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => api(method, url, payload, business.tokens.token)

  it('start empty, then list in position order, new ones going last', async () => {
    expect((await as('GET', '/settings/onboarding')).json().data).toEqual({ count: 0, rows: [] })
    const first = await entry({ title: '  Read the safety guide ' }, business.tokens.token)
    expect(first).toMatchObject({ title: 'Read the safety guide', description: null, required: true, position: 0, version: 1 })
    expect((await entry({ title: 'Send a void cheque', description: 'For direct deposit', required: false }, business.tokens.token)).position).toBe(1)
    await entry({ title: 'Sign the contract', position: 0 }, business.tokens.token)
    expect(await titles(business.tokens.token)).toEqual(['Read the safety guide', 'Sign the contract', 'Send a void cheque'])
    expect((await as('GET', '/settings/onboarding?page_size=2&page=2')).json().data).toMatchObject({ count: 3, rows: [{ title: 'Send a void cheque' }] })
  })

  it('are readable by everyone in the business and by nobody outside it', async () => {
    const staff = await staffMember(business)
    expect(await titles(staff)).toHaveLength(3)
    expect(await titles(neighbour.tokens.token)).toEqual([])
  })

  it('change with the version read: reordering moves them, a stale version answers 409', async () => {
    const [, , last] = (await as('GET', '/settings/onboarding')).json().data.rows
    const moved = await as('PUT', `/settings/onboarding/${last.id}`, { title: 'Send a void cheque or a bank letter', position: 0, required: true, version: last.version })
    expect(moved.statusCode).toBe(200)
    expect(moved.json().data).toMatchObject({ position: 0, required: true, description: 'For direct deposit', version: last.version + 1 })
    expect((await titles(business.tokens.token))[1]).toBe('Send a void cheque or a bank letter')
    const stale = await as('PUT', `/settings/onboarding/${last.id}`, { title: 'Lost edit', version: last.version })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().code).toBe('stale_version')
    expect(await titles(business.tokens.token)).not.toContain('Lost edit')
    const row = (await auditRows(t, business.business_id, 'onboarding.update')).at(-1)
    expect(row).toMatchObject({ record_id: last.id, before: { title: 'Send a void cheque', position: 1 }, after: { title: 'Send a void cheque or a bank letter', position: 0 } })
  })

  it('answers 400 with a detail for every bad field', async () => {
    const create = await as('POST', '/settings/onboarding', { title: ' ', description: 'd'.repeat(2001), required: 'yes', position: -1 })
    expect(create.statusCode).toBe(400)
    expect(Object.keys(create.json().details).sort()).toEqual(['description', 'position', 'required', 'title'])
    expect((await as('POST', '/settings/onboarding', { title: 't'.repeat(201) })).json().details).toEqual({ title: 'Use at most 200 characters' })
    expect((await as('POST', '/settings/onboarding', { title: 'Far', position: 10_001 })).json().details).toHaveProperty('position')
    expect((await as('POST', '/settings/onboarding', { title: 'Half', position: 1.5 })).json().details).toHaveProperty('position')
    const [any] = (await as('GET', '/settings/onboarding')).json().data.rows
    expect((await as('PUT', `/settings/onboarding/${any.id}`, { title: '' })).json().details).toMatchObject({ title: 'Required', version: expect.any(String) })
    expect((await as('GET', '/settings/onboarding')).json().data.count).toBe(3)
  })

  it('answer 404 for an unknown entry or another business’s', async () => {
    const foreign = await entry({ title: 'Their step' }, neighbour.tokens.token)
    for (const id of ['00000000-0000-4000-8000-000000000000', foreign.id]) {
      expect((await as('PUT', `/settings/onboarding/${id}`, { title: 'Mine now', version: 1 })).statusCode).toBe(404)
      expect((await as('DELETE', `/settings/onboarding/${id}`)).statusCode).toBe(404)
    }
    expect(await titles(neighbour.tokens.token)).toEqual(['Their step'])
  })

  it('delete with an audit row, gone afterwards', async () => {
    const doomed = await entry({ title: 'Temporary step' }, business.tokens.token)
    expect((await as('DELETE', `/settings/onboarding/${doomed.id}`)).statusCode).toBe(200)
    expect(await titles(business.tokens.token)).not.toContain('Temporary step')
    expect((await as('DELETE', `/settings/onboarding/${doomed.id}`)).statusCode).toBe(404)
    expect((await auditRows(t, business.business_id, 'onboarding.delete')).at(-1)).toMatchObject({ record_id: doomed.id, before: { title: 'Temporary step' } })
  })
})

describe('onboarding progress (/profile/onboarding)', () => {
  let guide: { id: string }
  let cheque: { id: string }
  let me: string
  let colleague: string
  beforeAll(async () => {
    guide = await entry({ title: 'Read the guide' })
    cheque = await entry({ title: 'Void cheque' })
    me = await staffMember()
    colleague = await staffMember()
  })
  const mine = async (token = me) => (await api('GET', '/profile/onboarding', undefined, token)).json().data

  it('records the signed-in person’s progress once per entry (a second answers 409)', async () => {
    const response = await api('POST', '/profile/onboarding', { entry_id: guide.id }, me)
    expect(response.statusCode).toBe(201)
    const record = response.json().data
    expect(record).toMatchObject({ entry_id: guide.id, completed: true, completed_at: expect.any(String), note: null, version: 1 })
    const again = await api('POST', '/profile/onboarding', { entry_id: guide.id, completed: false }, me)
    expect(again.statusCode).toBe(409)
    expect(await mine()).toEqual({ count: 1, rows: [record] })
  })

  it('records an entry not done yet, with a note', async () => {
    const record = (await api('POST', '/profile/onboarding', { entry_id: cheque.id, completed: false, note: '  Bank letter coming ' }, me)).json().data
    expect(record).toMatchObject({ completed: false, completed_at: null, note: 'Bank letter coming' })
  })

  it('shows each person only their own records', async () => {
    await api('POST', '/profile/onboarding', { entry_id: guide.id }, colleague)
    expect((await mine(colleague)).count).toBe(1)
    expect((await mine()).count).toBe(2)
    expect((await mine(owner.tokens.token)).count).toBe(0)
  })

  it('completes and uncompletes, keeping the first completion time while done', async () => {
    const record = (await mine()).rows.find((r: { entry_id: string }) => r.entry_id === cheque.id)
    const done = (await api('PUT', `/profile/onboarding/${record.id}`, { completed: true, version: record.version }, me)).json().data
    expect(done).toMatchObject({ completed: true, completed_at: expect.any(String), note: 'Bank letter coming', version: record.version + 1 })
    const noted = (await api('PUT', `/profile/onboarding/${record.id}`, { note: 'Sent by e-mail', version: done.version }, me)).json().data
    expect(noted).toMatchObject({ completed: true, completed_at: done.completed_at, note: 'Sent by e-mail' })
    const undone = (await api('PUT', `/profile/onboarding/${record.id}`, { completed: false, version: noted.version }, me)).json().data
    expect(undone).toMatchObject({ completed: false, completed_at: null })
    const stale = await api('PUT', `/profile/onboarding/${record.id}`, { completed: true, version: record.version }, me)
    expect(stale.statusCode).toBe(409)
    expect((await mine()).rows.find((r: { id: string }) => r.id === record.id).completed).toBe(false)
  })

  it('answers 404 for someone else’s record and leaves it alone', async () => {
    const theirs = (await mine(colleague)).rows[0]
    const response = await api('PUT', `/profile/onboarding/${theirs.id}`, { completed: false, version: theirs.version }, me)
    expect(response.statusCode).toBe(404)
    expect((await api('PUT', '/profile/onboarding/00000000-0000-4000-8000-000000000000', { completed: false, version: 1 }, me)).statusCode).toBe(404)
    expect((await mine(colleague)).rows[0]).toEqual(theirs)
  })

  it('refuses an entry that does not exist here (422) and bad fields (400)', async () => {
    const foreign = await entry({ title: 'Elsewhere' }, neighbour.tokens.token)
    for (const entry_id of ['00000000-0000-4000-8000-000000000000', foreign.id]) {
      const response = await api('POST', '/profile/onboarding', { entry_id }, me)
      expect(response.statusCode).toBe(422)
      expect(response.json().details).toHaveProperty('entry_id')
    }
    const bad = await api('POST', '/profile/onboarding', { entry_id: 'guide', completed: 'yes', note: 'n'.repeat(2001) }, me)
    expect(Object.keys(bad.json().details).sort()).toEqual(['completed', 'entry_id', 'note'])
    const [any] = (await mine()).rows
    expect((await api('PUT', `/profile/onboarding/${any.id}`, { completed: true }, me)).json().details).toHaveProperty('version')
  })

  it('disappears with its entry when the entry is deleted, for everyone', async () => {
    expect((await api('DELETE', `/settings/onboarding/${guide.id}`)).statusCode).toBe(200)
    expect((await mine()).rows.map((r: { entry_id: string }) => r.entry_id)).toEqual([cheque.id])
    expect((await mine(colleague)).count).toBe(0)
  })

  it('needs a signed-in user', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/profile/onboarding' })).statusCode).toBe(401)
  })
})
