import { addLocalDays, businessWeek, localDateOf, weekStartFor, type BusinessWeek, type Settings } from '@rota/core'
import { useLocation, useSearch } from 'wouter'
import { isLocalDate } from '@rota/core'

/**
 * The business week a screen shows, kept in the address (`?week=2026-03-08`, any day of it)
 * beside the open record, so Back and links keep it; this week when none is given.
 * @example
 * const { week, previous, next } = useWeekParam(settings)
 */
export function useWeekParam(settings: Pick<Settings, 'timezone' | 'locale' | 'week_start'>) {
  const [location, navigate] = useLocation()
  const search = useSearch()
  const params = new URLSearchParams(search)
  const asked = params.get('week')
  const day = asked && isLocalDate(asked) ? asked : localDateOf(new Date(), settings.timezone)
  const week: BusinessWeek = businessWeek(day, settings.timezone, weekStartFor(settings.locale, settings.week_start))
  const go = (first: string) => {
    params.set('week', first)
    params.delete('id')
    navigate(`${location}?${params.toString()}`)
  }
  return { week, previous: () => go(addLocalDays(week.firstDay, -7)), next: () => go(addLocalDays(week.firstDay, 7)) }
}
