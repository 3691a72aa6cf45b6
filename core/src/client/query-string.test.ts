import { describe, expect, it } from 'vitest'
import { toQueryString } from './query-string.ts'

describe('toQueryString', () => {
  it('writes nothing for an empty or missing query', () => {
    expect(toQueryString()).toBe('')
    expect(toQueryString({ q: undefined, sort: null })).toBe('')
  })

  it('writes numbers and booleans as text', () => {
    expect(toQueryString({ page: 1, read_status: false })).toBe('?page=1&read_status=false')
  })

  it('brackets nested keys and encodes the parts between them', () => {
    expect(toQueryString({ filter: { 'first name': 'Zoé', role: undefined } })).toBe('?filter[first%20name]=Zo%C3%A9')
  })

  it('writes dates as ISO 8601', () => {
    expect(toQueryString({ from: new Date(Date.UTC(2025, 0, 6, 14)) })).toBe('?from=2025-01-06T14%3A00%3A00.000Z')
  })
})
