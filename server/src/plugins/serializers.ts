import type { FastifySerializerCompiler } from 'fastify'
import fastJson from 'fast-json-stringify'
import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'

/**
 * Answers are written by serializers compiled from the contract's response schemas
 * (fast-json-stringify, Fastify's own), instead of running zod on every answer:
 * they write only the fields the contract names, so nothing a handler holds besides
 * (a password hash, say) can leak. With `check` (tests and development) every answer
 * is also parsed by the contract's zod schema, and the two must agree exactly: the
 * test suite proves that the fast path writes what the contract says.
 */
export function responseSerializers({ check }: { check: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' }) as Record<string, unknown>
    delete json['$schema']
    const compiled = fastJson(json)
    // An answer whose data is frozen — a remembered list page (services/list-totals.ts), the same
    // object for every request until its rows change — is written once and its text reused.
    const written = new WeakMap<object, string>()
    const write = (body: { data?: unknown; message?: unknown }) => {
      const data = body.data
      if (body.message !== undefined || typeof data !== 'object' || data === null || !Object.isFrozen(data)) return compiled(body)
      let text = written.get(data)
      if (text === undefined) written.set(data, (text = compiled(body)))
      return text
    }
    if (!check) return (data) => write(data)
    return (data) => {
      const parsed = schema.safeParse(data)
      if (!parsed.success) throw new Error(`${method} ${url} answered outside its contract: ${parsed.error.message}`)
      const text = write(data)
      if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(parsed.data)))) {
        throw new Error(`${method} ${url}: the compiled serializer wrote ${text.slice(0, 300)} where the contract says ${JSON.stringify(parsed.data).slice(0, 300)}`)
      }
      return text
    }
  }
}
