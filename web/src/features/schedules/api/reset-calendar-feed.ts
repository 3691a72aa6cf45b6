import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { calendarFeedKey } from './get-calendar-feed.ts'

/**
 * `POST /schedule/feed/reset`: a new private calendar address; the old one stops working
 * (for a link shared by mistake).
 * @example
 * useResetCalendarFeed().mutate()
 */
export function useResetCalendarFeed() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.resetCalendarFeed(undefined, { silent: 'errors' }),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  })
}
