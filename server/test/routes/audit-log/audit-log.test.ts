import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, auditRows } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, login, registerBusiness, type Owner } from '../../helpers/business.ts'
import { writeAudit } from '../../../src/repositories/audit-logs.ts'

let t: TestApp
let owner: Owner
let stranger: Owner
let manager: { id: string; token: string }
let harbour: { id: string; version: number }
let removed: { id: string }
const PASSWORD = 'a long and unusual passphrase'

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = owner.tokens.token, headers: Record<string, string> = {}) =>
  t.request({ method, url: `/api/v1${url}`, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) })

async function ok(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = owner.tokens.token) {
  const response = await api(method, url, payload, token)
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json().data
}

const client = (name: string, city = 'Toronto') => ({ name, street: '235 Queens Quay W', city, province: 'ON', postal_code: 'M5J 2G8' })
const list = async (query: string) => ok('GET', `/audit_log${query}`)
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Toronto' })

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  stranger = await registerBusiness(t)
  const user = await addUser(t, owner.business_id, { email: 'manny@example.com', password: PASSWORD, role: 'Manager', firstname: 'Manny' })
  manager = { id: user.id, token: (await login(t, 'manny@example.com', PASSWORD, owner.business_id)).body.data.token }
  harbour = await ok('POST', '/location', client('Harbourfront Centre'))
  const response = await api('PUT', `/location/${harbour.id}`, { version: harbour.version, city: 'Mississauga' }, owner.tokens.token, { 'user-agent': 'Audit test browser/1.0' })
  expect(response.statusCode, response.body).toBe(200)
  removed = await ok('POST', '/location', client('Gone Soon'))
  await ok('DELETE', `/location/${removed.id}`)
  await ok('POST', '/service', { name: 'Night watch', bill_rate_cents: 5000, pay_rate_cents: 2500 }, manager.token)
  await ok('POST', '/location', client('Their client'), stranger.tokens.token)
})
afterAll(() => t.close())

describe('GET /audit_log', () => {
  it('lists the business’s rows newest first, each with who acted and which fields changed', async () => {
    const { rows, count } = await list('?page_size=100')
    expect(count).toBe(rows.length)
    expect(rows.map((row: { id: number }) => row.id)).toEqual([...rows.map((row: { id: number }) => row.id)].sort((a, b) => b - a))
    expect(rows[0]).toMatchObject({ action: 'services.create', model: 'services', actor: { id: manager.id, name: 'Manny Staff' }, actor_email: 'manny@example.com' })
    const update = rows.find((row: { action: string }) => row.action === 'locations.update')
    expect(update).toMatchObject({ record_id: harbour.id, changed: ['city'], user_agent: 'Audit test browser/1.0', actor: { name: 'Olive Owner' } })
    expect(update.ip).toBeTruthy()
    expect(JSON.stringify(rows)).not.toContain('Their client')
  })

  it('filters by who acted, action (exact or its prefix), model, record, text and business days', async () => {
    const actions = (page: { rows: { action: string }[] }) => page.rows.map((row) => row.action)
    expect(actions(await list(`?filter[actor]=${manager.id}`))).toEqual(['services.create', 'auth.login'])
    expect(actions(await list('?filter[action]=locations'))).toEqual(['locations.delete', 'locations.create', 'locations.update', 'locations.create'])
    expect(actions(await list('?filter[action]=locations.update'))).toEqual(['locations.update'])
    expect(actions(await list('?filter[action]=locations.upd'))).toEqual([])
    expect((await list('?filter[model]=services')).count).toBe(1)
    expect(actions(await list(`?filter[record]=${harbour.id}`))).toEqual(['locations.update', 'locations.create'])
    expect(actions(await list('?q=MISSISSAUGA'))).toEqual(['locations.update'])
    expect(actions(await list('?q=100%25'))).toEqual([])
    expect((await list(`?from=${today()}&to=${today()}`)).count).toBeGreaterThan(4)
    expect((await list('?from=2020-01-01&to=2020-01-31')).count).toBe(0)
    expect(actions(await list('?filter[action]=locations&order=asc')).at(0)).toBe('locations.create')
  })

  it('refuses a range that ends before it starts and an unknown sort (400)', async () => {
    expect((await api('GET', '/audit_log?from=2026-03-10&to=2026-03-01')).statusCode).toBe(400)
    expect((await api('GET', '/audit_log?sort=ip')).statusCode).toBe(400)
    expect((await api('GET', '/audit_log?filter[actor]=nobody')).statusCode).toBe(400)
  })

  it('is refused to a role without audit-logs:read', async () => {
    const response = await api('GET', '/audit_log', undefined, manager.token)
    expect(response.statusCode).toBe(403)
    expect(response.json().code).toBe('forbidden')
  })
})

describe('GET /audit_log/{id}', () => {
  it('shows the values before and after, where from, and whether the record still exists', async () => {
    const [update] = (await list('?filter[action]=locations.update')).rows
    const detail = await ok('GET', `/audit_log/${update.id}`)
    expect(detail).toMatchObject({ id: update.id, record_exists: true, user_agent: 'Audit test browser/1.0', before: { city: 'Toronto' }, after: { city: 'Mississauga' } })
    expect(detail.hash).toMatch(/^[0-9a-f]{64}$/)
    const [deleted] = (await list('?filter[action]=locations.delete')).rows
    expect(await ok('GET', `/audit_log/${deleted.id}`)).toMatchObject({ record_id: removed.id, record_exists: false, before: { name: 'Gone Soon' }, after: null })
    // The settings are named by the business's id, and exist as long as it does.
    const settings = await ok('GET', '/settings')
    await ok('PUT', '/settings', { week_start: settings.week_start === 1 ? 0 : 1 })
    const [changed] = (await list('?filter[model]=settings')).rows
    expect(await ok('GET', `/audit_log/${changed.id}`)).toMatchObject({ model: 'settings', record_exists: true })
  })

  it('hides secrets a snapshot may hold', async () => {
    // Written straight to the table: it stands for what a careless caller might audit one day.
    await writeAudit(t.db, { businessId: owner.business_id, action: 'users.update', model: 'users', before: { password_hash: 'argon2id$…' }, after: { name: 'Ada', invite: { token_hash: 'abc' } } })
    const [row] = (await list('?filter[action]=users.update')).rows
    expect(await ok('GET', `/audit_log/${row.id}`)).toMatchObject({ before: { password_hash: '[redacted]' }, after: { name: 'Ada', invite: { token_hash: '[redacted]' } } })
  })

  it('is a 404 for another business’s row, an unknown one, and a 400 for a malformed id', async () => {
    const [theirs] = (await ok('GET', '/audit_log', undefined, stranger.tokens.token)).rows
    expect((await api('GET', `/audit_log/${theirs.id}`)).statusCode).toBe(404)
    expect((await api('GET', '/audit_log/999999999')).statusCode).toBe(404)
    expect((await api('GET', '/audit_log/abc')).statusCode).toBe(400)
  })
})

describe('GET /audit_log/export', () => {
  it('gives a filtered range oldest first with the values, and audits the export itself', async () => {
    const exported = await ok('GET', `/audit_log/export?from=${today()}&to=${today()}&filter[action]=locations`)
    expect(exported.rows.map((row: { action: string }) => row.action)).toEqual(['locations.create', 'locations.update', 'locations.create', 'locations.delete'])
    expect(exported.rows[1]).toMatchObject({ before: { city: 'Toronto' }, after: { city: 'Mississauga' } })
    const [audited] = await auditRows(t, owner.business_id, 'audit_log.export')
    expect(audited).toMatchObject({ model: 'audit-logs', after: { from: today(), to: today(), filter: { action: 'locations' }, rows: 4 } })
  })

  it('refuses a range longer than a year (400)', async () => {
    expect((await api('GET', '/audit_log/export?from=2025-01-01&to=2026-01-02')).statusCode).toBe(400)
    expect((await api('GET', '/audit_log/export?from=2025-01-01')).statusCode).toBe(400)
  })
})
