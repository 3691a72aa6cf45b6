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
    const compiled = fastJson(plainNullables(json) as Record<string, unknown>)
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

type Json = Record<string, unknown>
const PRIMITIVE = new Set(['string', 'integer', 'number', 'boolean'])

/**
 * zod writes "X or null" as `anyOf: [X, {type: 'null'}]`, which fast-json-stringify can only
 * settle by validating each value against X with ajv (an id's pattern tried on every id of a
 * 2,800-shift week). Written as `type: [X, 'null']` (`nullable` for an object) it is settled by
 * the value's type alone: the same output for every answer the contract allows.
 * @example
 * plainNullables({ anyOf: [{ type: 'string', format: 'uuid' }, { type: 'null' }] }) // { type: ['string', 'null'], format: 'uuid' }
 */
export function plainNullables(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(plainNullables)
  if (!schema || typeof schema !== 'object') return schema
  const node = Object.fromEntries(Object.entries(schema as Json).map(([key, value]) => [key, plainNullables(value)])) as Json
  const options = node['anyOf']
  if (!Array.isArray(options) || options.length !== 2) return node
  const nothing = options.findIndex((option: Json) => option['type'] === 'null' && Object.keys(option).length === 1)
  const other = options[1 - nothing] as Json | undefined
  if (nothing === -1 || !other || typeof other['type'] !== 'string') return node
  const { anyOf: _anyOf, ...rest } = node
  if (PRIMITIVE.has(other['type'])) return { ...rest, ...other, type: [other['type'], 'null'] }
  if (other['type'] === 'object') return { ...rest, ...other, nullable: true }
  return node
}
