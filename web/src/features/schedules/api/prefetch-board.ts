import { can, type ApiFunctions, type Profile, type Settings } from '@rota/core'
import type { QueryClient } from '@tanstack/react-query'
import { boardPlaceOf } from '../hooks/use-board-place.ts'
import { boardWeek, todayOn } from '../utils/business-days.ts'
import { awayQueryOptions } from './list-away.ts'
import { clientsQueryOptions } from './list-clients.ts'
import { servicesQueryOptions } from './list-services.ts'
import { shiftsQueryOptions } from './list-shifts.ts'
import { teamQueryOptions } from './list-team.ts'

/**
 * What the board draws first — the week its address names (or this one), the team, clients,
 * services and who is away — asked for by the signed-in shell as soon as it knows where it is
 * going, so that it travels with the schedules page's code instead of after it. Each is asked
 * only of someone who may read it; a shift's link (`?id=`) waits to know which week it is in,
 * and staff get "My shifts", which asks for its own.
 * @example
 * prefetchBoard(queryClient, api, { user, settings, search: 'date=2026-03-09' })
 */
export function prefetchBoard(queryClient: QueryClient, api: ApiFunctions, { user, settings, search }: { user: Profile; settings: Settings | null; search: string }): void {
  if (!settings || !can(user, 'schedules', 'update')) return
  const place = boardPlaceOf(search)
  const id = new URLSearchParams(search).get('id')
  if (id && id !== 'new' && !place.date) return
  const week = boardWeek(place.date ?? todayOn(settings), settings)
  const range = { from: week.firstDay, to: week.lastDay }
  void queryClient.prefetchQuery(shiftsQueryOptions(api, range))
  if (can(user, 'users', 'read')) void queryClient.prefetchQuery(teamQueryOptions(api))
  if (can(user, 'locations', 'read')) void queryClient.prefetchQuery(clientsQueryOptions(api))
  if (can(user, 'services', 'read')) void queryClient.prefetchQuery(servicesQueryOptions(api))
  if (can(user, 'timeoff-requests', 'read')) void queryClient.prefetchQuery(awayQueryOptions(api, range))
}
