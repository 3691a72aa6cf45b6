import { describe, expect, it } from 'vitest'
import { browserStore, readCookie } from './browser-store.ts'

describe('the browser store', () => {
  it('keeps the session under rota. keys and clears only those', () => {
    localStorage.setItem('i18nextLng', 'fr')
    const store = browserStore()
    store.set('token', 't1')
    store.set('user', '{"id":"u1"}')
    expect(localStorage.getItem('rota.token')).toBe('t1')
    store.clear()
    expect(store.get('token')).toBeNull()
    expect(localStorage.getItem('rota.user')).toBeNull()
    expect(localStorage.getItem('i18nextLng')).toBe('fr')
  })

  it('keeps the session in memory when the storage refuses to write', () => {
    const full = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError') }, removeItem: () => {} } as unknown as Storage
    const store = browserStore(full)
    store.set('token', 't1')
    expect(store.get('token')).toBe('t1')
  })

  it('reads the anti-forgery cookie', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=abc%3D%3D.sig; b=2')).toBe('abc==.sig')
    expect(readCookie('XSRF-TOKEN', 'a=1')).toBeUndefined()
  })
})
