/** What Rota keeps between runs: the token pair and the signed-in user's profile and settings (as JSON). */
export type StoreKey = 'token' | 'refresh_token' | 'user' | 'settings'

/** Every key a store holds, so an implementation's `clear()` can remove exactly these. */
export const STORE_KEYS: readonly StoreKey[] = ['token', 'refresh_token', 'user', 'settings']

/**
 * Where a platform keeps the session: localStorage in the browser, a credentials file in the CLI,
 * memory in tests. Synchronous, so the API client can read the token while building a request.
 * `clear()` removes Rota's keys only, never a neighbour's.
 * @example
 * const browserStore: KeyValueStore = {
 *   get: (key) => localStorage.getItem(`rota.${key}`),
 *   set: (key, value) => localStorage.setItem(`rota.${key}`, value),
 *   remove: (key) => localStorage.removeItem(`rota.${key}`),
 *   clear: () => STORE_KEYS.forEach((key) => localStorage.removeItem(`rota.${key}`)),
 * }
 */
export interface KeyValueStore {
  get(key: StoreKey): string | null
  set(key: StoreKey, value: string): void
  remove(key: StoreKey): void
  clear(): void
}

/**
 * A store that lives as long as the process: for tests and for Node callers that keep nothing.
 * @example
 * const store = memoryStore({ token: 'eyJ…', refresh_token: 'r1' })
 * store.get('token') // 'eyJ…'
 */
export function memoryStore(initial: Partial<Record<StoreKey, string>> = {}): KeyValueStore {
  const values = new Map(Object.entries(initial) as [StoreKey, string][])
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
    clear: () => values.clear(),
  }
}
