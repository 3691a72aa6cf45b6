import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('health', () => {
  it('reports the database reachable and the version', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toMatchObject({ status: 'ok', database: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) })
  })
})

describe('unknown routes', () => {
  it('answer 404 in the error format', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/nothing-here' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toMatchObject({ code: 'route_not_found', message: expect.any(String) })
  })
})

describe('missing translations (development only)', () => {
  it('are refused outside development', async () => {
    const response = await t.request({ method: 'POST', url: '/api/v1/locales/missing/fr/app', payload: { 'users.title': 'Team' } })
    expect(response.statusCode).toBe(404)
  })

  it('are accepted in development, and checked', async () => {
    const dev = await createTestApp({ development: true })
    try {
      const response = await dev.request({ method: 'POST', url: '/api/v1/locales/missing/fr/app', payload: { 'users.title': 'Team' } })
      expect(response.statusCode).toBe(200)
      const bad = await dev.request({ method: 'POST', url: '/api/v1/locales/missing/french!/app', payload: {} })
      expect(bad.statusCode).toBe(400)
    } finally {
      await dev.close()
    }
  })
})
