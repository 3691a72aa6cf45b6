import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../helpers/app.ts'
import { bearer, registerBusiness, type Owner } from '../../helpers/business.ts'

let t: TestApp
let owner: Owner

beforeAll(async () => {
  t = await createTestApp()
  owner = await registerBusiness(t)
})
afterAll(() => t.close())

async function ok(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await t.request({ method, url: `/api/v1${url}`, headers: bearer(owner.tokens.token), ...(payload ? { payload } : {}) })
  expect(response.statusCode, response.body).toBeLessThan(300)
  return response.json().data
}

const client = (name: string) => ok('POST', '/location', { name, street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' })

describe('a shift’s value', () => {
  it('is its paid hours at the client’s own rate for the service, else at the service’s', async () => {
    const watch = (await ok('POST', '/service', { name: 'Night watch', bill_rate_cents: 6000, pay_rate_cents: 3000 })).id
    const desk = (await ok('POST', '/service', { name: 'Front desk', bill_rate_cents: 4000, pay_rate_cents: 2000 })).id
    const own = await client('Harbour Tower')
    const usual = (await client('Quay Lofts')).id
    await ok('PUT', `/location/${own.id}/rates`, { rates: [{ service_id: watch, bill_rate_cents: 7200 }], version: own.version })

    const date = '2028-01-10'
    const draft = async (location_id: string, service_id: string) => (await ok('POST', '/schedule', { location_id, service_id, date, start: '09:00', end: '17:00', break_minutes: 30 }))[0]
    const atOwnRate = await draft(own.id, watch)
    const otherService = await draft(own.id, desk)
    const otherClient = await draft(usual, watch)
    // 7.5 paid hours: at $72 (the client's own), at $40 (no own rate for that service), at $60 (another client).
    expect([atOwnRate.value_cents, otherService.value_cents, otherClient.value_cents]).toEqual([54_000, 30_000, 45_000])

    const board: { id: string; value_cents: number }[] = (await ok('GET', `/schedule?from=${date}&to=${date}&page_size=100`)).rows
    expect(Object.fromEntries(board.map((row) => [row.id, row.value_cents]))).toEqual({ [atOwnRate.id]: 54_000, [otherService.id]: 30_000, [otherClient.id]: 45_000 })
    expect((await ok('GET', `/schedule/${otherClient.id}`)).value_cents).toBe(45_000)

    // Checked before it is saved, a shift is valued the same way.
    const checked = await ok('POST', '/schedule/check', { location_id: own.id, service_id: watch, date, start: '09:00', end: '17:00', break_minutes: 30 })
    expect(checked.value_cents).toBe(54_000)

    // Moved to the client with its own rate, the shift is worth that rate.
    const moved = await ok('PUT', `/schedule/${otherClient.id}`, { location_id: own.id, version: otherClient.version })
    expect(moved.map((row: { value_cents: number }) => row.value_cents)).toEqual([54_000])
  })
})
