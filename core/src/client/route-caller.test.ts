import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { IdParams, ListQuery } from '../contract/common.ts'
import { defineRoute } from '../contract/route.ts'
import { createRouteCaller } from './route-caller.ts'
import { memoryStore } from './store.ts'
import { reply, stubFetch } from './stub-fetch.ts'

// The contract has no parameterised route yet; these stand in for `/user/{id}` and the list routes.
const getUser = defineRoute({
  method: 'GET', path: '/user/{id}', summary: 'One user', tag: 'users', access: ['users', 'read'],
  params: IdParams, response: z.object({ id: z.string() }),
})
const deleteFile = defineRoute({
  method: 'DELETE', path: '/file/{folder}', summary: 'A file', tag: 'files', access: 'user',
  params: z.object({ folder: z.string() }), query: z.object({ id: z.string() }), response: z.object({}),
})
const listUsers = defineRoute({
  method: 'GET', path: '/user', summary: 'Users', tag: 'users', access: ['users', 'read'],
  query: ListQuery, response: z.object({ count: z.number() }),
})

function setup() {
  const { fetch, seen } = stubFetch(() => reply(200, { data: { count: 0 } }))
  const callRoute = createRouteCaller({ baseURL: 'http://api.test/api/v1', store: memoryStore(), fetch })
  return { callRoute, seen }
}

describe('URLs', () => {
  it('fills path parameters, encoded', async () => {
    const { callRoute, seen } = setup()
    await callRoute(getUser, { params: { id: 'u 1/2' } })
    expect(seen[0]?.url).toBe('http://api.test/api/v1/user/u%201%2F2')
  })

  it('refuses to send a request with a missing path parameter', async () => {
    const { callRoute, seen } = setup()
    await expect(callRoute(getUser, {})).rejects.toThrow('Missing path parameter "id"')
    expect(seen).toHaveLength(0)
  })

  it('writes list queries with bracketed filters and without undefined values', async () => {
    const { callRoute, seen } = setup()
    await callRoute(listUsers, {
      query: { page: 2, page_size: 10, q: 'Zoé Tremblay', sort: undefined, filter: { role: 'Staff', read_status: 'false' } },
    })
    expect(seen[0]?.url).toBe(
      'http://api.test/api/v1/user?page=2&page_size=10&q=Zo%C3%A9%20Tremblay&filter[role]=Staff&filter[read_status]=false',
    )
  })

  it('combines path parameters and a query', async () => {
    const { callRoute, seen } = setup()
    await callRoute(deleteFile, { params: { folder: 'logos' }, query: { id: 'f&1' } })
    expect(seen[0]).toMatchObject({ method: 'DELETE', url: 'http://api.test/api/v1/file/logos?id=f%261' })
  })
})
