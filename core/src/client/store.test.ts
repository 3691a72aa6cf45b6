import { describe, expect, it } from 'vitest'
import { memoryStore } from './store.ts'

describe('memoryStore', () => {
  it('keeps, replaces and forgets values', () => {
    const store = memoryStore({ token: 't1' })
    expect(store.get('token')).toBe('t1')
    expect(store.get('refresh_token')).toBeNull()
    store.set('token', 't2')
    store.set('user', '{"id":"u1"}')
    expect(store.get('token')).toBe('t2')
    store.remove('token')
    expect(store.get('token')).toBeNull()
    store.clear()
    expect(store.get('user')).toBeNull()
  })

  it('does not share values between stores', () => {
    const first = memoryStore()
    first.set('token', 't1')
    expect(memoryStore().get('token')).toBeNull()
  })
})
