import { describe, expect, it } from 'vitest'
import { parseQueryString } from '../src/query-string.ts'

describe('the query-string parser', () => {
  it('reads plain and bracketed keys the way lists send them', () => {
    expect({ ...parseQueryString('page=2&q=caf%C3%A9&filter[role]=x&filter[status]=active') }).toEqual({ page: '2', q: 'café', filter: { role: 'x', status: 'active' } })
  })

  it('drops every key that could reach a prototype, at any depth, and pollutes nothing', () => {
    const parsed = parseQueryString('__proto__[polluted]=yes&__proto__[toString]=x&constructor[prototype]=y&prototype=z&filter[__proto__]=a&filter[constructor]=b&page=1')
    expect(Object.keys(parsed)).toEqual(['page'])
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    expect(typeof Object.prototype.toString).toBe('function')
    expect(Object.getPrototypeOf(parsed)).toBeNull()
  })

  it('keeps a filter group when a plain key of the same name follows it, and the reverse', () => {
    expect({ ...(parseQueryString('filter[a]=1&filter=plain').filter as object) }).toEqual({ a: '1' })
    expect(parseQueryString('filter=plain&filter[a]=1').filter).toBe('plain')
  })
})
