import { isLocalDate, type LocalDate } from '@rota/core'
import { useLocation, useSearch } from 'wouter'
import type { RowsBy } from '../utils/board-rows.ts'

/** Where the schedule is looking, as its address says: `/schedules?date=2026-03-09&view=day&by=client` (the shift open is `useOpenRecord`'s `id`). */
export interface BoardPlace {
  /** The day shown, or a day of the week shown; none is today. */
  date: LocalDate | null
  view: 'week' | 'day'
  by: RowsBy
}

/**
 * The place an address's query names (`date=2026-03-09&view=day&by=client`).
 * @example
 * boardPlaceOf('date=2026-03-09').view // 'week'
 */
export function boardPlaceOf(search: string): BoardPlace {
  const params = new URLSearchParams(search)
  const date = params.get('date')
  return {
    date: date && isLocalDate(date) ? date : null,
    view: params.get('view') === 'day' ? 'day' : 'week',
    by: params.get('by') === 'client' ? 'client' : 'staff',
  }
}

/**
 * The schedule's place in the address, so a week can be bookmarked and Back returns to the
 * previous one: moving in time or changing the view is a step of history.
 * @example
 * const place = useBoardPlace()
 * place.go({ date: '2026-03-16' })
 */
export function useBoardPlace() {
  const [location, navigate] = useLocation()
  const search = useSearch()
  const place = boardPlaceOf(search)
  const go = (changes: Partial<Record<keyof BoardPlace, string | null>>, { replace = false } = {}) => {
    const next = new URLSearchParams(search)
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === undefined || value === '' || (key === 'view' && value === 'week') || (key === 'by' && value === 'staff')) next.delete(key)
      else next.set(key, value)
    }
    const query = next.toString()
    navigate(query ? `${location}?${query}` : location, { replace })
  }
  return { ...place, go }
}
