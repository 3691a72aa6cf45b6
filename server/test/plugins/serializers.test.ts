import { Id } from '@rota/core'
import fastJson from 'fast-json-stringify'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { plainNullables } from '../../src/plugins/serializers.ts'

describe('answers written from the contract', () => {
  const Answer = z.object({
    staff: z.object({ id: Id, name: z.string() }).nullable(),
    series_id: Id.nullable(),
    pending: z.enum(['new', 'changed']).nullable(),
    minutes: z.number().int().nullable(),
    tags: z.array(z.string()).nullable(),
  })
  const json = z.toJSONSchema(Answer, { io: 'output', unrepresentable: 'any', target: 'draft-7' }) as Record<string, unknown>
  delete json['$schema']
  const write = fastJson(plainNullables(json) as Record<string, unknown>)
  const id = '0b9c6f1e-3f0d-4d8e-9a43-5d0f0c7b8a11'

  it('write "X or null" by the value’s type, the same text as JSON for values and nulls alike', () => {
    for (const value of [
      { staff: { id, name: 'Sam Lee' }, series_id: id, pending: 'new', minutes: 90, tags: ['a'] },
      { staff: null, series_id: null, pending: null, minutes: null, tags: null },
    ] as const) {
      expect(JSON.parse(write(Answer.parse(value)))).toEqual(value)
    }
    const properties = (plainNullables(json) as { properties: Record<string, Record<string, unknown>> }).properties
    expect(properties['series_id']).toMatchObject({ type: ['string', 'null'], format: 'uuid' })
    expect(properties['staff']).toMatchObject({ type: 'object', nullable: true })
    expect(properties['pending']).toMatchObject({ type: ['string', 'null'], enum: ['new', 'changed'] })
    // An array or null keeps zod's form, which fast-json-stringify settles itself.
    expect(properties['tags']).toHaveProperty('anyOf')
  })
})
