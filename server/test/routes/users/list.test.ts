import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { roleId } from '../../helpers/accounts.ts'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner
const ids: Record<string, string> = {}

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = owner.tokens.token) =>
  t.request({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) })

/** Invites someone through the API and, unless told otherwise, accepts for them. */
async function member(firstname: string, lastname: string, role: string, accept = true): Promise<string> {
  const invited = await api('POST', '/user', { email: `${firstname.toLowerCase()}@example.com`, firstname, lastname, role })
  expect(invited.statusCode, invited.body).toBe(201)
  const { user, invite_link } = invited.json().data
  if (accept) {
    const token = invite_link.split('/').at(-1)
    const accepted = await t.request({ method: 'POST', url: '/api/v1/user/accept_invite', payload: { token, password: 'a passphrase nobody guesses' } })
    expect(accepted.statusCode).toBe(200)
  }
  return user.id
}

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
  await registerBusiness(t) // a neighbour whose owner must never show up here
  ids['ada'] = await member('Ada', 'Lovelace', 'Manager')
  ids['grace'] = await member('Grace', 'Hopper', 'Staff', false)
  ids['alan'] = await member('Alan', 'Turing', 'Staff')
  const alan = (await api('GET', `/user/${ids['alan']}`)).json().data
  expect((await api('PUT', `/user/${ids['alan']}`, { status: 'disabled', version: alan.version })).statusCode).toBe(200)
})
afterAll(() => t.close())

async function list(query: string) {
  const response = await api('GET', `/user?${query}`)
  expect(response.statusCode, response.body).toBe(200)
  const { count, rows } = response.json().data as { count: number; rows: { lastname: string }[] }
  return { count, names: rows.map((row) => row.lastname) }
}

describe('GET /user search', () => {
  it('lists the whole team of this business only', async () => {
    expect(await list('sort=name')).toEqual({ count: 4, names: ['Hopper', 'Lovelace', 'Owner', 'Turing'] })
  })

  it('finds by first name, last name, full name or e-mail, whatever the case', async () => {
    expect((await list('q=ada')).names).toEqual(['Lovelace'])
    expect((await list('q=HOPPER')).names).toEqual(['Hopper'])
    expect((await list('q=grace%20hopper')).names).toEqual(['Hopper'])
    expect((await list('q=alan%40example')).names).toEqual(['Turing'])
  })

  it('treats % and _ as plain characters, and finds nothing when nothing matches', async () => {
    expect(await list('q=%25')).toEqual({ count: 0, names: [] })
    expect(await list('q=_')).toEqual({ count: 0, names: [] })
    expect(await list('q=nobody')).toEqual({ count: 0, names: [] })
  })
})

describe('GET /user filters', () => {
  it('filters by role id', async () => {
    expect((await list(`filter[role]=${await roleId(t, owner.business_id, 'Manager')}`)).names).toEqual(['Lovelace'])
    expect((await list(`filter[role]=${await roleId(t, owner.business_id, 'Staff')}&sort=name`)).names).toEqual(['Hopper', 'Turing'])
  })

  it('filters by status, alone or with a role and a search', async () => {
    expect((await list('filter[status]=invited')).names).toEqual(['Hopper'])
    expect((await list('filter[status]=disabled')).names).toEqual(['Turing'])
    expect((await list('filter[status]=active&sort=name')).names).toEqual(['Lovelace', 'Owner'])
    const staff = await roleId(t, owner.business_id, 'Staff')
    expect((await list(`filter[status]=active&filter[role]=${staff}`)).count).toBe(0)
    expect((await list(`filter[status]=disabled&filter[role]=${staff}&q=tur`)).names).toEqual(['Turing'])
  })

  it('answers 400 naming the filter for an unknown status or a role that is not an id', async () => {
    const status = await api('GET', '/user?filter[status]=deleted')
    expect(status.statusCode).toBe(400)
    expect(status.json()).toMatchObject({ code: 'validation_failed', details: { 'filter.status': expect.any(String) } })
    const role = await api('GET', '/user?filter[role]=Manager')
    expect(role.statusCode).toBe(400)
    expect(role.json().details).toHaveProperty(['filter.role'])
  })
})

describe('GET /user sort', () => {
  it('sorts by name (last name, then first) both ways', async () => {
    expect((await list('sort=name&order=asc')).names).toEqual(['Hopper', 'Lovelace', 'Owner', 'Turing'])
    expect((await list('sort=name&order=desc')).names).toEqual(['Turing', 'Owner', 'Lovelace', 'Hopper'])
  })

  it('sorts by e-mail both ways', async () => {
    // ada@, alan@, grace@, owner…@
    expect((await list('sort=email')).names).toEqual(['Lovelace', 'Turing', 'Hopper', 'Owner'])
    expect((await list('sort=email&order=desc')).names).toEqual(['Owner', 'Hopper', 'Turing', 'Lovelace'])
  })

  it('sorts by when they joined both ways', async () => {
    expect((await list('sort=created_at')).names).toEqual(['Owner', 'Lovelace', 'Hopper', 'Turing'])
    expect((await list('sort=created_at&order=desc')).names).toEqual(['Turing', 'Hopper', 'Lovelace', 'Owner'])
  })

  it('refuses a column it does not sort by and an order that is not asc or desc', async () => {
    expect((await api('GET', '/user?sort=password_hash')).json()).toMatchObject({ code: 'validation_failed', details: { sort: expect.any(String) } })
    expect((await api('GET', '/user?sort=name&order=up')).json()).toMatchObject({ code: 'validation_failed', details: { order: expect.any(String) } })
  })
})

describe('GET /user pages', () => {
  it('pages through without overlap, the count staying the total', async () => {
    const first = await list('sort=name&page_size=3&page=1')
    const second = await list('sort=name&page_size=3&page=2')
    expect(first).toEqual({ count: 4, names: ['Hopper', 'Lovelace', 'Owner'] })
    expect(second).toEqual({ count: 4, names: ['Turing'] })
  })

  it('answers an empty page beyond the end with the total still counted', async () => {
    expect(await list('page_size=3&page=5')).toEqual({ count: 4, names: [] })
    expect(await list('filter[status]=invited&page=2')).toEqual({ count: 1, names: [] })
  })

  it('refuses a page below 1 and a page size above 100', async () => {
    expect((await api('GET', '/user?page=0')).json().details).toHaveProperty('page')
    expect((await api('GET', '/user?page_size=101')).json().details).toHaveProperty('page_size')
    expect((await api('GET', '/user?page_size=ten')).statusCode).toBe(400)
  })
})

describe('GET /user/{id}', () => {
  it('shows one member with role, status and invitation', async () => {
    const response = await api('GET', `/user/${ids['grace']}`)
    expect(response.json().data).toMatchObject({
      id: ids['grace'],
      firstname: 'Grace',
      lastname: 'Hopper',
      email: 'grace@example.com',
      role: { name: 'Staff' },
      status: 'invited',
      invite: { status: 'sent' },
    })
  })

  it('answers 404 for an unknown id and 400 for one that is not an id', async () => {
    expect((await api('GET', '/user/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
    expect((await api('GET', '/user/grace')).statusCode).toBe(400)
  })
})
