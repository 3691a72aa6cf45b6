import { isLocalDate } from '@rota/core'
import { useLocation, useSearch } from 'wouter'

/**
 * What the audit screen keeps in the address beside the list's query: the business days it
 * covers (`from`, `to`) and the row open in the panel (`entry`), so a link shares the view
 * and Back closes the row.
 * @example
 * const address = useAuditAddress(); address.open(42)
 */
export function useAuditAddress() {
  const [location, navigate] = useLocation()
  const search = useSearch()
  const params = new URLSearchParams(search)
  const date = (name: string) => {
    const value = params.get(name)
    return value && isLocalDate(value) ? value : ''
  }
  const entryText = params.get('entry')
  const entry = entryText && /^[1-9]\d{0,15}$/.test(entryText) ? Number(entryText) : null
  const set = (changes: Record<string, string | null>, replace = false) => {
    const next = new URLSearchParams(search)
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(name)
      else next.set(name, value)
    }
    const query = next.toString()
    navigate(query ? `${location}?${query}` : location, { replace })
  }
  return {
    from: date('from'),
    to: date('to'),
    entry,
    setRange: (range: { from?: string; to?: string }) => set({ ...range, page: null }, true),
    open: (id: number) => set({ entry: String(id) }),
    close: () => set({ entry: null }),
  }
}
