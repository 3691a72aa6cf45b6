import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner
let stranger: Owner
let member: { id: string }

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = owner.tokens.token) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  stranger = await registerBusiness(t)
  const invited = (await api('POST', '/user', { email: 'zoe@example.com', firstname: 'Zoé', lastname: 'Roy', role: 'Staff' })).json().data
  const token = invited.invite_link.split('/').at(-1)
  expect((await t.request({ method: 'POST', url: '/api/v1/user/accept_invite', payload: { token, password: 'a passphrase nobody guesses' } })).statusCode).toBe(200)
  member = invited.user
  const current = (await api('GET', `/user/${member.id}`)).json().data
  expect((await api('PUT', `/user/${member.id}`, { version: current.version, firstname: 'Zoë', pay_rate_cents: 2750 })).statusCode).toBe(200)
})
afterAll(() => t.close())

describe('GET /user/{id}/history', () => {
  it('tells a person’s story newest first: the change to their record, their acceptance, their invitation', async () => {
    const response = await api('GET', `/user/${member.id}/history`)
    expect(response.statusCode, response.body).toBe(200)
    const { rows } = response.json().data
    expect(rows.map((row: { action: string }) => row.action)).toEqual(['users.update', 'auth.invite_accepted', 'users.create'])
    expect(rows[0]).toMatchObject({
      actor: { name: 'Olive Owner' },
      changes: [
        { field: 'firstname', before: 'Zoé', after: 'Zoë' },
        { field: 'pay_rate_cents', before: null, after: 2750 },
      ],
    })
    expect(rows[1].changes).toEqual([{ field: 'status', before: 'invited', after: 'active' }])
    expect(response.body).not.toMatch(/password|hash/i)
  })

  it('is a 404 for another business’s person and refused without users:read', async () => {
    expect((await api('GET', `/user/${member.id}/history`, undefined, stranger.tokens.token)).statusCode).toBe(404)
    const staffToken = (await t.request({ method: 'POST', url: '/api/v1/auth/login', headers: { authorization: `Basic ${Buffer.from('zoe@example.com:a passphrase nobody guesses').toString('base64')}` }, payload: { business_id: owner.business_id } })).json().data.token
    expect((await api('GET', `/user/${member.id}/history`, undefined, staffToken)).statusCode).toBe(403)
  })
})
