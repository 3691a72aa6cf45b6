import { routes, type RouteDef } from '@rota/core'
import { eq } from 'drizzle-orm'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { settings } from '../src/db/schema/index.ts'
import { addUser } from './helpers/accounts.ts'
import { createTestApp, type TestApp } from './helpers/app.ts'
import { basic, bearer, login, registerBusiness, type Owner } from './helpers/business.ts'
import { createFuzzer, schemaOf, type Fuzzer } from './helpers/fuzz.ts'

/**
 * Junk at every route of the contract (and the API's few routes outside it), signed out
 * and signed in as the owner: no answer may be a 5xx, every error must be `{ message,
 * code, details? }`, and nothing may reach `Object.prototype`. `ROTA_FUZZ_REQUESTS` sets
 * the size (a few thousand here; `npm run bench` runs a larger one), `ROTA_FUZZ_SEED` replays a run.
 */
const REQUESTS = Number(process.env['ROTA_FUZZ_REQUESTS'] ?? 3000)
const SEED = Number(process.env['ROTA_FUZZ_SEED'] ?? Date.now() % 1_000_000)
const PASSWORD = 'the fuzzing owner passphrase'

const prototypes = [Object.prototype, Array.prototype, String.prototype, Function.prototype, Number.prototype]
const shapeOf = () => prototypes.map((p) => Object.getOwnPropertyNames(p).sort().join(','))

let t: TestApp
let owner: Owner
let token: string
/** Real ids by the path's first segment, so that fuzzed requests reach records that exist. */
const ids: Record<string, string[]> = {}
const failures: string[] = []
/** How often each status came back: the run must reach handlers, not only the validation in front of them. */
const statuses: Record<number, number> = {}
let before: string[]

beforeAll(async () => {
  before = shapeOf()
  // ROTA_FUZZ_LOG=error prints the cause of a 5xx.
  t = await createTestApp({ logLevel: (process.env['ROTA_FUZZ_LOG'] as 'error' | undefined) ?? 'silent' })
  owner = await registerBusiness(t, { password: PASSWORD })
  token = owner.tokens.token
  const post = async (url: string, payload: object) => (await t.request({ method: 'POST', url: `/api/v1${url}`, headers: bearer(token), payload })).json().data
  const location = await post('/location', { name: 'Fuzz Client', street: '1 Main St', city: 'Ottawa', province: 'ON', postal_code: 'K1A 0B1' })
  const service = await post('/service', { name: 'Fuzz Service', colour: '#0f766e', default_duration_minutes: 60, bill_rate_cents: 5000, pay_rate_cents: 2500 })
  const role = await post('/role', { name: 'Fuzz Role' })
  const importJob = await post('/import', { kind: 'locations' })
  const entry = await post('/settings/onboarding', { title: 'Read the handbook' })
  const staff = await addUser(t, owner.business_id, { email: 'staff@fuzz.example', password: PASSWORD })
  ids['location'] = [location?.id].filter(Boolean)
  ids['service'] = [service?.id].filter(Boolean)
  ids['role'] = [role?.id].filter(Boolean)
  ids['import'] = [importJob?.id].filter(Boolean)
  ids['settings'] = [entry?.id].filter(Boolean)
  ids['user'] = [staff.id]
}, 60_000)

afterAll(() => t.close())

/** Signs the owner in again if a fuzzed request signed them out or asked for a second step. */
async function freshToken(): Promise<void> {
  const check = await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(token) })
  if (check.statusCode === 200) return
  await t.db.update(settings).set({ require_otp: false }).where(eq(settings.business_id, owner.business_id))
  const signedIn = await login(t, owner.email, PASSWORD, owner.business_id)
  if (signedIn.status !== 200) throw new Error(`the owner cannot sign in any more: ${signedIn.status} ${JSON.stringify(signedIn.body)}`)
  token = signedIn.body.data.token
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes as the raw bytes a client could still send. */
const encode = (text: string) => {
  try {
    return encodeURIComponent(text)
  } catch {
    return '%ED%A0%80'
  }
}

function encodeQuery(query: unknown, prefix = ''): string[] {
  if (query === null || query === undefined) return []
  if (typeof query !== 'object') return [`${prefix}=${encode(String(query))}`]
  return Object.entries(query).flatMap(([key, value]) => encodeQuery(value, prefix ? `${prefix}%5B${encode(key)}%5D` : encode(key)))
}

function fuzzedRequest(f: Fuzzer, route: RouteDef, signedIn: boolean): InjectOptions {
  const resource = route.path.split('/')[1] ?? ''
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (f.chance(0.3)) return f.junkParam()
    if (name === 'id') return f.pick(ids[resource]?.length ? ids[resource]! : [f.uuid()])
    return String(f.plausible(schemaOf(route, 'params')?.properties?.[name] ?? { type: 'string' }, name))
  })
  const querySchema = schemaOf(route, 'query')
  const pairs = querySchema ? encodeQuery(f.chance(0.5) ? f.plausible(querySchema) : f.mutate(f.plausible(querySchema))) : []
  if (!querySchema || f.chance(0.4)) pairs.push(f.junkQuery())
  const headers: Record<string, string> = signedIn ? bearer(token) : {}
  if (!signedIn && f.chance(0.3)) headers['authorization'] = f.pick(['Bearer junk', 'Bearer ', `Basic ${'A'.repeat(10_000)}`, basic('nobody@example.com', 'x'), 'Bearer a.b.c'])
  if (route.basicAuth && f.chance(0.5)) headers['authorization'] = basic(f.pick([owner.email, 'x@y.z', '']), String(f.junkValue()))
  if (f.chance(0.1)) headers['accept-language'] = f.pick(['xx', '*', 'fr-CA;q=abc', 'é'.repeat(500)])
  if (f.chance(0.1)) headers['idempotency-key'] = f.pick(['', ' ', 'é', 'k'.repeat(300), 'fuzz-key'])
  const options: InjectOptions = { method: route.method, url: `/api/v1${path}${pairs.length ? `?${pairs.join('&')}` : ''}`, headers }
  if (route.method !== 'GET') {
    const bodySchema = schemaOf(route, 'body')
    if (!bodySchema || f.chance(0.3)) {
      const raw = f.rawBody()
      options.payload = raw.payload
      headers['content-type'] = raw.contentType ?? 'application/json'
    } else {
      options.payload = JSON.stringify(f.chance(0.3) ? f.plausible(bodySchema, '', ids[resource]) : f.mutate(f.plausible(bodySchema, '', ids[resource])))
      headers['content-type'] = 'application/json'
    }
  }
  return options
}

/** Sends one request and checks its answer; one that never comes (a hung stream, say) is a failure too. */
async function send(options: InjectOptions): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), 10_000)))
  const response = await Promise.race([t.request(options), timeout])
  clearTimeout(timer)
  if (response === 'timeout') failures.push(`no answer within 10 s from ${describeRequest(options)}`)
  else {
    statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1
    check(options, response)
  }
}

const describeRequest = (options: InjectOptions) => `${options.method} ${String(options.url).slice(0, 160)} (seed ${SEED})`

function check(options: InjectOptions, response: LightMyRequestResponse): void {
  const where = describeRequest(options)
  if (response.statusCode >= 500) {
    failures.push(`${response.statusCode} from ${where}: ${response.body.slice(0, 200)}`)
    return
  }
  if (response.statusCode < 400 || options.method === 'HEAD') return
  let body: unknown
  try {
    body = response.json()
  } catch {
    failures.push(`error body is not JSON from ${where}: ${response.body.slice(0, 120)}`)
    return
  }
  const error = body as Record<string, unknown>
  const extra = Object.keys(error).filter((key) => !['message', 'code', 'details'].includes(key))
  if (typeof error['message'] !== 'string' || typeof error['code'] !== 'string' || extra.length > 0) {
    failures.push(`error body is not {message, code, details?} from ${where}: ${response.body.slice(0, 160)}`)
  }
}

describe('the API under fuzzing', () => {
  it('ignores prototype keys in the query string on every route, signed out and in', async () => {
    const polluting = ['__proto__%5Bpolluted%5D=yes', '__proto__%5BtoString%5D=x', 'constructor%5Bprototype%5D%5Bpolluted%5D=yes', 'filter%5B__proto__%5D%5Bpolluted%5D=yes'].join('&')
    for (const route of Object.values(routes) as RouteDef[]) {
      const path = route.path.replace(/\{(\w+)\}/g, '00000000-0000-4000-8000-000000000000')
      for (const headers of [{}, bearer(token)]) await send({ method: route.method, url: `/api/v1${path}?${polluting}`, headers })
    }
    await send({ method: 'GET', url: `/api/v1/no/such/route?${polluting}` })
    expect(failures).toEqual([])
    expect(shapeOf()).toEqual(before)
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    // POST /auth/logout signed the token out along the way: signing in again must still work.
    await freshToken()
    expect((await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(token) })).statusCode).toBe(200)
  })

  it(`answers ${REQUESTS} generated requests to every route without a 5xx, with well-formed errors and no prototype pollution`, async () => {
    const f = createFuzzer(SEED)
    const contract = Object.values(routes) as RouteDef[]
    const perRoute = Math.max(4, Math.floor(REQUESTS / (contract.length + 4)))
    for (const route of contract) {
      for (let i = 0; i < perRoute; i++) {
        const signedIn = route.access !== 'public' ? f.chance(0.8) : f.chance(0.3)
        if (signedIn && i % 8 === 0) await freshToken()
        const options = fuzzedRequest(f, route, signedIn)
        await send(options)
      }
    }
    // The API's routes outside the contract: uploads (multipart), files, live events, and paths nobody registered.
    await freshToken()
    for (let i = 0; i < perRoute; i++) {
      const signedIn = f.chance(0.5)
      const raw = f.rawBody()
      const extras: InjectOptions[] = [
        { method: 'POST', url: `/api/v1/file?${f.junkQuery()}`, headers: { 'content-type': f.pick(['multipart/form-data; boundary=zzz', 'multipart/form-data', 'application/json']), ...(signedIn ? bearer(token) : {}) }, payload: raw.payload },
        { method: 'GET', url: `/api/v1/file/${f.junkParam()}` },
        { method: 'HEAD', url: `/api/v1/events?${f.junkQuery()}`, headers: signedIn ? bearer(token) : {} },
        { method: f.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const), url: `/api/v1/${f.junkParam()}?${f.junkQuery()}`, payload: raw.payload, headers: { 'content-type': raw.contentType ?? 'application/json' } },
      ]
      for (const options of extras) await send(options)
    }
    expect(failures.slice(0, 25), `${failures.length} failures`).toEqual([])
    const total = Object.values(statuses).reduce((sum, n) => sum + n, 0)
    const succeeded = Object.entries(statuses).filter(([status]) => Number(status) < 300).reduce((sum, [, n]) => sum + n, 0)
    expect(succeeded / total, JSON.stringify(statuses)).toBeGreaterThan(0.05)
  }, 300_000)

  it('leaves every built-in prototype as it was', () => {
    expect(shapeOf()).toEqual(before)
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    expect(Object.prototype.toString.call([])).toBe('[object Array]')
  })

  it('still signs the owner in, and still accepts their token', async () => {
    await t.db.update(settings).set({ require_otp: false }).where(eq(settings.business_id, owner.business_id))
    const signedIn = await login(t, owner.email, PASSWORD, owner.business_id)
    expect(signedIn.status).toBe(200)
    const profile = await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(signedIn.body.data.token) })
    expect(profile.statusCode).toBe(200)
    expect(profile.json().data).toMatchObject({ email: owner.email })
    expect(profile.json().data).not.toHaveProperty('polluted')
  })
})
