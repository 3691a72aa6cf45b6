import { STORE_KEYS, type KeyValueStore } from '@rota/core'

/** Every key Rota writes to localStorage starts with this, so clearing never touches a neighbour's. */
export const STORAGE_PREFIX = 'rota.'

/**
 * The session store of the browser (SPEC.md §3 "browser storage items"): localStorage,
 * shared by the tabs of this origin, which is what lets one tab's refresh or sign-out
 * reach the others. A storage that refuses to write (private mode, quota) keeps the
 * session in this tab only instead of breaking sign-in.
 * @example
 * const store = browserStore()
 * store.set('token', 'eyJ…')
 */
export function browserStore(storage: Storage = window.localStorage): KeyValueStore {
  const fallback = new Map<string, string>()
  const keyOf = (key: string) => `${STORAGE_PREFIX}${key}`
  return {
    get(key) {
      try {
        return storage.getItem(keyOf(key)) ?? fallback.get(key) ?? null
      } catch {
        return fallback.get(key) ?? null
      }
    },
    set(key, value) {
      try {
        storage.setItem(keyOf(key), value)
        fallback.delete(key)
      } catch {
        fallback.set(key, value)
      }
    },
    remove(key) {
      fallback.delete(key)
      try {
        storage.removeItem(keyOf(key))
      } catch {
        // Nothing was stored there.
      }
    },
    clear() {
      for (const key of STORE_KEYS) this.remove(key)
    },
  }
}

/**
 * The anti-forgery cookie's value (SPEC.md §7), echoed in `X-XSRF-TOKEN` on our own requests.
 * @example
 * readCookie('XSRF-TOKEN')
 */
export function readCookie(name: string, cookies: string = document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return undefined
}
