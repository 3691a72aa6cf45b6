/** Keys that would reach an object's prototype if written as properties. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/**
 * Parses `?a=1&filter[role]=x` into `{ a: '1', filter: { role: 'x' } }` (DESIGN.md §4 lists).
 * It runs before authentication on every request, so it builds objects without a
 * prototype and drops `__proto__`, `constructor` and `prototype` wherever they appear:
 * no query string can reach `Object.prototype` (or shadow what the handlers read).
 * A key both plain and bracketed keeps whichever came first; a repeated key keeps its last value.
 * @example
 * parseQueryString('page=2&filter[role]=x&__proto__[polluted]=yes') // { page: '2', filter: { role: 'x' } }
 */
export function parseQueryString(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = Object.create(null)
  for (const [key, value] of new URLSearchParams(text)) {
    const nested = /^(\w+)\[([\w.-]+)\]$/.exec(key)
    if (nested) {
      const [, name, inner] = nested as unknown as [string, string, string]
      if (UNSAFE_KEYS.has(name) || UNSAFE_KEYS.has(inner)) continue
      const group = (result[name] ??= Object.create(null)) as Record<string, unknown> | string
      if (typeof group === 'object') group[inner] = value
    } else if (!UNSAFE_KEYS.has(key) && typeof result[key] !== 'object') result[key] = value
  }
  return result
}
