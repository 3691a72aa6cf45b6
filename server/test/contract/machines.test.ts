import { describeMachinesAgainstServer } from '@rota/machines/testing/vitest'
import { afterAll, beforeAll } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { registerBusiness, type Owner } from '../helpers/business.ts'

/**
 * The session and token-refresh machines walked path by path against a real Rota on
 * loopback, with the actors the platforms give them (the shared API client): the
 * same paths `rota smoke` walks against a live deployment.
 */
let t: TestApp
let baseURL: string
let owner: Owner

beforeAll(async () => {
  t = await createTestApp()
  baseURL = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1`
  owner = await registerBusiness(t)
})
afterAll(() => t.close())

describeMachinesAgainstServer('against a real server', () => ({
  baseURL,
  account: { business_id: owner.business_id, email: owner.email, password: owner.password },
}))
