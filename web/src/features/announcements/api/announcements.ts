import type { CreateAnnouncementBody } from '@rota/core'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { useApi } from '../../../lib/services.tsx'

/** Every cached answer about announcements starts with this key. */
export const announcementsKey = ['announcements'] as const

/**
 * `GET /announcement`: a page of the announcements addressed to the reader (all, for whoever may post).
 * @example
 * const list = useAnnouncements(1)
 */
export function useAnnouncements(page: number) {
  const api = useApi()
  return useQuery(
    queryOptions({
      queryKey: [...announcementsKey, 'list', page],
      queryFn: ({ signal }) => api.listAnnouncements({ query: { page, page_size: 20 } }, { silent: true, signal }),
      placeholderData: keepPreviousData,
    }),
  )
}

/** `GET /announcement/roles`: whom an announcement may be addressed to. */
export function useAnnouncementRoles(enabled: boolean) {
  const api = useApi()
  return useQuery(queryOptions({ queryKey: [...announcementsKey, 'roles'], queryFn: ({ signal }) => api.announcementRoles({}, { silent: true, signal }), enabled }))
}

/** `GET /announcement/{id}/recipients`: who read and acknowledged it. */
export function useRecipients(id: string) {
  const api = useApi()
  return useQuery(queryOptions({ queryKey: [...announcementsKey, 'recipients', id], queryFn: ({ signal }) => api.announcementRecipients({ params: { id } }, { silent: true, signal }) }))
}

/** `POST /announcement`: post one (its recipients are notified). */
export function usePostAnnouncement() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.input<typeof CreateAnnouncementBody>) => api.createAnnouncement({ body }, { silent: 'errors' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsKey }),
  })
}

/** `PUT /announcement/{id}` (pin, unpin) and `DELETE /announcement/{id}`. */
export function useChangeAnnouncement() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, pinned, version }: { id: string; pinned?: boolean; version: number }): Promise<void> => {
      if (pinned === undefined) await api.deleteAnnouncement({ params: { id } })
      else await api.updateAnnouncement({ params: { id }, body: { pinned, version } })
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsKey }),
  })
}

/** `POST /announcement/{id}/receipt`: the reader has read it, and acknowledges it when `acknowledge`. */
export function useReceipt() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, acknowledge }: { id: string; acknowledge: boolean }) => api.announcementReceipt({ params: { id }, body: { acknowledge } }, { silent: !acknowledge }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsKey }),
  })
}
