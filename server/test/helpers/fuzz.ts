import type { RouteDef } from '@rota/core'
import { z } from 'zod'

/**
 * Generated junk for the API fuzz test: a seeded generator (so a failure names the seed
 * that reproduces it) of path parameters, query strings, bodies and headers, some
 * plausible enough to pass validation and reach the handler with one field broken.
 */
export function createFuzzer(seed: number) {
  let state = seed >>> 0 || 1
  // mulberry32: small, fast, and the same sequence for the same seed on every machine.
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (max: number) => Math.floor(next() * max)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!
  const chance = (p: number) => next() < p
  const uuid = () =>
    'xxxxxxxx-xxxx-4xxx-8xxx-xxxxxxxxxxxx'.replace(/x/g, () => int(16).toString(16))

  const nested = (depth: number): unknown => (depth === 0 ? 1 : chance(0.5) ? [nested(depth - 1)] : { a: nested(depth - 1) })

  /** Values no field expects: wrong types, extreme sizes and numbers, odd unicode, pollution keys. */
  const junkValue = (): unknown =>
    pick<() => unknown>([
      () => null,
      () => true,
      () => -1,
      () => 0,
      () => 1.5,
      () => 2 ** 31,
      () => 2 ** 31 - 1,
      () => -(2 ** 31) - 1,
      () => 2 ** 53,
      () => 2 ** 53 + 2,
      () => 1e308,
      () => -1e308,
      () => '',
      () => ' ',
      () => 'a'.repeat(10_000),
      () => 'nul\u0000byte',
      () => 'lone \ud800 surrogate',
      () => '🎉'.repeat(300),
      () => 'é'.normalize('NFD').repeat(50),
      () => "'; drop table users; --",
      () => '<script>alert(1)</script>',
      () => '2024-02-30T25:61:00Z',
      () => '../../etc/passwd',
      () => uuid(),
      () => [],
      () => {},
      () => [junkValue(), junkValue()],
      () => nested(60),
      () => ({ ['__proto__']: { polluted: 'yes' } }),
      () => ({ constructor: { prototype: { polluted: 'yes' } } }),
    ])()

  /** A value that a JSON schema probably accepts, so that a request gets past validation. */
  const plausible = (schema: JsonSchema, key = '', ids: readonly string[] = []): unknown => {
    if (schema.anyOf) return plausible(schema.anyOf.find((option) => option.type !== 'null') ?? schema.anyOf[0]!, key, ids)
    if (schema.oneOf) return plausible(pick(schema.oneOf), key, ids)
    if (schema.enum) return pick(schema.enum)
    if (schema.const !== undefined) return schema.const
    switch (schema.type) {
      case 'object': {
        const out: Record<string, unknown> = {}
        for (const [name, property] of Object.entries(schema.properties ?? {})) {
          if (schema.required?.includes(name) || chance(0.6)) out[name] = plausible(property, name, ids)
        }
        return out
      }
      case 'array':
        return schema.items ? [plausible(schema.items, key, ids)] : []
      case 'integer':
      case 'number':
        return key === 'version' ? 1 + int(3) : Math.max(schema.minimum ?? 0, Math.min(schema.maximum ?? 10, 1 + int(5)))
      case 'boolean':
        return chance(0.5)
      case 'string':
        return plausibleString(schema, key, ids)
      default:
        return 'x'
    }
  }

  const plausibleString = (schema: JsonSchema, key: string, ids: readonly string[]): string => {
    if (schema.format === 'uuid') return ids.length > 0 && chance(0.8) ? pick(ids) : uuid()
    if (schema.format === 'email' || key.includes('email')) return `fuzz${int(1000)}@example.com`
    if (schema.format === 'date-time') return new Date(Date.now() + int(1e9)).toISOString()
    const known: Record<string, string> = {
      postal_code: 'K1A 0B1',
      phone: '613-555-0123',
      province: 'ON',
      tax_province: 'QC',
      timezone: 'America/Toronto',
      colour: '#0f766e',
      password: 'a long and unusual passphrase',
      business_id: 'fuzz-business',
    }
    if (known[key]) return known[key]!
    const length = Math.max(schema.minLength ?? 1, 3)
    return 'Fuzz value'.slice(0, Math.min(length + 5, schema.maxLength ?? 100))
  }

  /** A plausible value with one field, somewhere inside, swapped for junk (or the whole of it). */
  const mutate = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object' || chance(0.15)) return junkValue()
    if (Array.isArray(value)) return value.length === 0 ? [junkValue()] : value.map((item, i) => (i === 0 ? mutate(item) : item))
    const keys = Object.keys(value)
    const copy: Record<string, unknown> = { ...value }
    if (keys.length === 0 || chance(0.15)) copy[pick(['__proto__', 'constructor', 'prototype', 'extra_field', 'id', 'business_id'])] = junkValue()
    else {
      const key = pick(keys)
      copy[key] = mutate(copy[key])
    }
    return copy
  }

  /** Whole bodies that are not what the route expects at all. */
  const rawBody = (): { payload: string; contentType?: string } =>
    pick<() => { payload: string; contentType?: string }>([
      () => ({ payload: '{"a":' }),
      () => ({ payload: 'not json at all' }),
      () => ({ payload: '[]' }),
      () => ({ payload: '"a string"' }),
      () => ({ payload: '12345678901234567890' }),
      () => ({ payload: 'null' }),
      () => ({ payload: '['.repeat(5000) + ']'.repeat(5000) }),
      () => ({ payload: '{"__proto__":{"polluted":"yes"}}' }),
      () => ({ payload: '{"constructor":{"prototype":{"polluted":"yes"}}}' }),
      () => ({ payload: '\ufeff{"a":1}' }),
      () => ({ payload: '{"a":1}', contentType: 'text/plain' }),
      () => ({ payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' }),
      () => ({ payload: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', contentType: 'multipart/form-data; boundary=zzz' }),
      () => ({ payload: '{"a":1}', contentType: 'multipart/form-data' }),
      () => ({ payload: '', contentType: 'application/json' }),
      () => ({ payload: JSON.stringify({ a: 'x'.repeat(1_100_000) }) }),
    ])()

  /** Query-string pairs: pollution keys, nesting, repeats, sizes and numbers a list cannot take. */
  const junkQuery = (): string =>
    pick([
      '__proto__%5Bpolluted%5D=yes',
      '__proto__%5BtoString%5D=x',
      'constructor%5Bprototype%5D%5Bpolluted%5D=yes',
      'filter%5B__proto__%5D=yes',
      'filter%5Bconstructor%5D=x',
      'filter=plain',
      'filter%5Ba%5D%5Bb%5D=c',
      'page=1e20',
      'page=9007199254740993',
      'page=-5',
      'page=0.5',
      'page_size=100000',
      'page=1&page=2',
      'sort=__proto__',
      'order=sideways',
      `q=${'x'.repeat(5000)}`,
      'q=%00',
      'q=%ED%A0%80',
      'folder=..%2F..',
      'id=not-an-id',
      'from=2024-13-45&to=yesterday',
    ])

  const junkParam = (): string =>
    pick(['not-a-uuid', '%00', '..%2F..%2Fetc', '__proto__', 'constructor', 'x'.repeat(2000), '%F0%9F%8E%89', '00000000-0000-0000-0000-000000000000', uuid()])

  return { int, pick, chance, uuid, junkValue, plausible, mutate, rawBody, junkQuery, junkParam }
}

export type Fuzzer = ReturnType<typeof createFuzzer>

/** The part of JSON Schema that zod writes and the fuzzer reads. */
export interface JsonSchema {
  type?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  format?: string
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
}

/** The JSON Schema of one part of a route (params, query or body), as zod would publish it. */
export function schemaOf(route: RouteDef, part: 'params' | 'query' | 'body'): JsonSchema | undefined {
  const schema = route[part]
  return schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined
}
