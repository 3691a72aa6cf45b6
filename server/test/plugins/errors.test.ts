import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import type { Database } from '../../src/db/database.ts'
import { testConfig } from '../helpers/app.ts'
import { basic, bearer } from '../helpers/business.ts'
import { freshDatabase } from '../helpers/database.ts'

let app: FastifyInstance
let database: Database
let token: string

beforeAll(async () => {
  database = await freshDatabase()
  app = await buildApp({ config: testConfig(), database })
  // Routes that fail the way real bugs do: thrown errors with stacks and secrets in them.
  app.get('/api/v1/test/boom', async () => {
    throw new Error('connection to db-secret-host:5432 failed at /srv/rota/server/src/secret-file.ts')
  })
  app.get('/api/v1/test/boom-typed', async () => {
    throw Object.assign(new TypeError("Cannot read properties of undefined (reading 'password_hash')"), { statusCode: 500 })
  })
  await app.ready()
  const registered = await app.inject({
    method: 'POST',
    url: '/api/v1/business',
    payload: { business_id: 'errors-biz', business_name: 'Errors', firstname: 'E', lastname: 'R', email: 'e@errors.example', password: 'an errors passphrase' },
  })
  token = registered.json().data.token
})
afterAll(async () => {
  await app.close()
  await database.close()
})

const send = (options: InjectOptions) => app.inject(options)

describe('bad input is a 4xx, never a 500', () => {
  it('answers malformed JSON with 400 invalid_json', async () => {
    for (const payload of ['{bad json', '{"refresh_token": "x",}', '"unterminated']) {
      const response = await send({ method: 'POST', url: '/api/v1/auth/refresh_token', headers: { 'content-type': 'application/json' }, payload })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ code: 'invalid_json', message: 'The request body is not valid JSON.' })
    }
  })

  it('answers text holding half of a surrogate pair with 400 invalid_text, and keeps whole pairs', async () => {
    const register = (name: string) =>
      send({
        method: 'POST',
        url: '/api/v1/business',
        headers: { 'content-type': 'application/json' },
        payload: `{"business_id":"surrogates-${name.length}","business_name":"${name}","firstname":"Lou","lastname":"Roy","email":"lou${name.length}@example.com","password":"a long and unusual passphrase"}`,
      })
    for (const name of ['lone \\ud800 surrogate', 'low \\udc00 half']) {
      const refused = await register(name)
      expect(refused.statusCode, name).toBe(400)
      expect(refused.json()).toMatchObject({ code: 'invalid_text', details: { business_name: 'Half of a surrogate pair' } })
    }
    // Nor a NUL character, which PostgreSQL's text cannot hold: the field is named.
    expect((await register('nul \\u0000 inside')).json()).toEqual({
      code: 'invalid_text',
      message: 'Some text in the request cannot be stored: a NUL character, or half of a surrogate pair.',
      details: { business_name: 'A NUL character' },
    })
    expect((await register('a pair \\ud83d\\ude00 kept')).statusCode).toBe(201)
  })

  it('answers an empty JSON body with 400', async () => {
    const response = await send({ method: 'POST', url: '/api/v1/auth/refresh_token', headers: { 'content-type': 'application/json' }, payload: '' })
    expect(response.statusCode).toBe(400)
    expect(response.json().code).toBe('invalid_json')
  })

  it('answers JSON that is not an object with 400 validation_failed', async () => {
    for (const payload of ['[1,2]', 'null', '42', '"text"']) {
      const response = await send({ method: 'POST', url: '/api/v1/auth/refresh_token', headers: { 'content-type': 'application/json' }, payload })
      expect(response.statusCode, payload).toBe(400)
      expect(response.json().code).toBe('validation_failed')
    }
  })

  it('answers a body that is not JSON with 415 unsupported_media_type', async () => {
    for (const type of ['application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain', 'text/plain; charset=utf-8']) {
      const response = await send({ method: 'POST', url: '/api/v1/auth/refresh_token', headers: { 'content-type': type }, payload: 'refresh_token=abc' })
      expect(response.statusCode, type).toBe(415)
      expect(response.json()).toEqual({ code: 'unsupported_media_type', message: 'Send JSON (Content-Type: application/json).' })
    }
  })


  it('answers a version or a line number beyond 32 bits with 400 naming the field, on every route that takes one', async () => {
    const headers = bearer(token)
    const created = async (url: string, payload: object) => (await send({ method: 'POST', url: `/api/v1${url}`, headers, payload })).json().data.id
    const location = await created('/location', { name: 'Big Numbers', street: '1 Main St', city: 'Ottawa', province: 'ON', postal_code: 'K1A 0B1' })
    const service = await created('/service', { name: 'Big Numbers', bill_rate_cents: 5000, pay_rate_cents: 2500 })
    const role = await created('/role', { name: 'Big Numbers' })
    const entry = await created('/settings/onboarding', { title: 'Big numbers' })
    const me = (await send({ method: 'GET', url: '/api/v1/profile', headers })).json().data.id
    const job = await created('/import', { kind: 'locations' })
    for (const version of [2 ** 31, 2 ** 53 - 1]) {
      for (const url of ['/profile', '/settings', `/location/${location}`, `/service/${service}`, `/role/${role}`, `/user/${me}`, `/settings/onboarding/${entry}`]) {
        const response = await send({ method: 'PUT', url: `/api/v1${url}`, headers, payload: { version } })
        expect(response.statusCode, `${url}: ${response.body}`).toBe(400)
        expect(response.json().details).toHaveProperty('version')
      }
    }
    const rows = await send({ method: 'POST', url: `/api/v1/import/${job}/rows`, headers, payload: { rows: [{ line: 2 ** 31, cells: { name: 'x' } }] } })
    expect(rows.statusCode).toBe(400)
    expect(rows.json().details).toHaveProperty(['rows.0.line'])
  })

  it('answers a path parameter longer than the router takes with a 404 in Rota’s error shape', async () => {
    const response = await send({ method: 'GET', url: `/api/v1/location/${'x'.repeat(500)}`, headers: bearer(token) })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ code: 'not_found', message: 'Not found.' })
  })

  it('answers a body over 1 MiB with 413 payload_too_large', async () => {
    const payload = JSON.stringify({ refresh_token: 'x'.repeat(1024 * 1024 + 10) })
    const response = await send({ method: 'POST', url: '/api/v1/auth/refresh_token', headers: { 'content-type': 'application/json' }, payload })
    expect(response.statusCode).toBe(413)
    expect(response.json().code).toBe('payload_too_large')
  })

  it('answers wrong types, extra nesting and odd characters with 400 and per-field details', async () => {
    const response = await send({
      method: 'PUT',
      url: '/api/v1/settings',
      headers: bearer(token),
      payload: { business_name: { $gt: '' }, week_start: '1', require_otp: null, next_invoice_number: 1.5 },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ code: 'validation_failed', details: { business_name: expect.any(String), week_start: expect.any(String), require_otp: expect.any(String), next_invoice_number: expect.any(String) } })
  })

  it('answers hostile header values with a 4xx', async () => {
    const headers = [
      { authorization: 'Basic ' + 'A'.repeat(10_000) },
      { authorization: `Basic ${Buffer.from('\u0000:\u0000').toString('base64')}` },
      { authorization: `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0xff]).toString('base64')}` },
    ]
    for (const header of headers) {
      const response = await send({ method: 'POST', url: '/api/v1/auth/login', headers: header, payload: {} })
      expect(response.statusCode).toBeGreaterThanOrEqual(400)
      expect(response.statusCode).toBeLessThan(500)
    }
  })

  it('answers a NUL character in any text with 400, not a database failure', async () => {
    const register = await send({
      method: 'POST',
      url: '/api/v1/business',
      payload: { business_id: 'nul-biz', business_name: 'Nul\u0000Co', firstname: 'N', lastname: 'U', email: 'n@nul.example', password: 'a nul passphrase' },
    })
    expect(register.statusCode).toBe(400)
    expect(register.json()).toMatchObject({ code: 'invalid_text', details: { business_name: 'A NUL character' } })
    const profile = await send({ method: 'PUT', url: '/api/v1/profile', headers: bearer(token), payload: { firstname: 'Ann\u0000' } })
    expect(profile.statusCode).toBe(400)
    expect(profile.json()).toMatchObject({ code: 'invalid_text', details: { firstname: 'A NUL character' } })
    const signIn = await send({ method: 'POST', url: '/api/v1/auth/login', headers: { authorization: `Basic ${Buffer.from('e\u0000@errors.example:pw').toString('base64')}` }, payload: {} })
    expect(signIn.statusCode).toBe(400)
  })

  it('answers an unknown route, and a known path with another method, with 404 route_not_found', async () => {
    for (const [method, url] of [['GET', '/api/v1/nope'], ['DELETE', '/api/v1/profile'], ['POST', '/api/v1/health']] as const) {
      const response = await send({ method, url })
      expect(response.statusCode).toBe(404)
      expect(response.json().code).toBe('route_not_found')
    }
  })
})

describe('a failure on the server side', () => {
  it('answers 500 internal_error without a stack, a path or the error’s text', async () => {
    for (const url of ['/api/v1/test/boom', '/api/v1/test/boom-typed']) {
      const response = await send({ method: 'GET', url })
      expect(response.statusCode).toBe(500)
      expect(response.json()).toEqual({ code: 'internal_error', message: 'Something went wrong on our side. Please try again.' })
      expect(response.body).not.toMatch(/secret|\/srv\/|\.ts|at |stack|password_hash/)
    }
  })

  it('says it in the caller’s language', async () => {
    const response = await send({ method: 'GET', url: '/api/v1/test/boom', headers: { 'accept-language': 'es-MX,es;q=0.9' } })
    expect(response.json().message).toBe('Algo salió mal de nuestro lado. Inténtelo de nuevo.')
  })
})

describe('messages in the caller’s language', () => {
  it('translates validation errors to French and Spanish, English otherwise', async () => {
    const bad = { method: 'POST' as const, url: '/api/v1/auth/refresh_token', payload: {} }
    expect((await send({ ...bad, headers: { 'accept-language': 'fr' } })).json().message).toBe('Certains champs ne sont pas valides.')
    expect((await send({ ...bad, headers: { 'accept-language': 'es' } })).json().message).toBe('Algunos campos no son válidos.')
    expect((await send({ ...bad, headers: { 'accept-language': 'de-DE,de;q=0.9' } })).json().message).toBe('Some fields are not valid.')
    expect((await send({ ...bad, headers: { 'accept-language': 'de, fr;q=0.5' } })).json().message).toBe('Certains champs ne sont pas valides.')
  })

  it('translates sign-in errors and notices', async () => {
    const wrong = await send({ method: 'POST', url: '/api/v1/auth/login', headers: { authorization: basic('e@errors.example', 'wrong passphrase'), 'accept-language': 'es' }, payload: {} })
    expect(wrong.json().message).toBe('La empresa, el correo o la contraseña son incorrectos.')
    const out = await send({ method: 'POST', url: '/api/v1/auth/logout', headers: { 'accept-language': 'fr' }, payload: {} })
    expect(out.json().message).toBe('Vous êtes déconnecté.')
    const unauthenticated = await send({ method: 'GET', url: '/api/v1/profile', headers: { 'accept-language': 'fr' } })
    expect(unauthenticated.json().message).toBe('Veuillez vous connecter.')
  })
})
