import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'

export const calendarFeedKey = ['calendar-feed'] as const

/**
 * `GET /schedule/feed`: the signed-in person's private calendar address (iCalendar) of their
 * published shifts, for Google, Apple or Outlook calendars to subscribe to.
 * @example
 * const feed = useCalendarFeed()
 */
export function useCalendarFeed() {
  const api = useApi()
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: ({ signal }) => api.getCalendarFeed(undefined, { silent: true, signal }),
  })
}
