/**
 * `{ page: 2, filter: { role: 'x' } }` → `?page=2&filter[role]=x`, the list query of DESIGN.md §4.
 * Nested objects become bracketed keys; undefined and null are left out; dates travel as ISO 8601.
 * Brackets stay literal so the URL reads as the server documents it.
 */
export function toQueryString(query: Record<string, unknown> = {}): string {
  const pairs = Object.entries(query).flatMap(([key, value]) => pairsOf(encodeURIComponent(key), value))
  return pairs.length > 0 ? `?${pairs.join('&')}` : ''
}

function pairsOf(key: string, value: unknown): string[] {
  if (value === undefined || value === null) return []
  if (value instanceof Date) return [`${key}=${encodeURIComponent(value.toISOString())}`]
  if (typeof value === 'object') {
    return Object.entries(value).flatMap(([name, inner]) => pairsOf(`${key}[${encodeURIComponent(name)}]`, inner))
  }
  return [`${key}=${encodeURIComponent(String(value))}`]
}
