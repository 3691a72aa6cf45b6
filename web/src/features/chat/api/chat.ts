import type { ApiFunctions, ChatChannel, ChatMessage } from '@rota/core'
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { mergeMessage, type MessagePages } from '../utils/messages.ts'

/** Every cached answer about chat starts with this key. */
export const chatKey = ['chat'] as const
export const channelsKey = [...chatKey, 'channels'] as const
export const unreadKey = [...chatKey, 'unread'] as const
export const messagesKey = (channelId: string) => [...chatKey, 'messages', channelId] as const

export const PAGE_SIZE = 50

/**
 * `GET /chat/channel`: the channels and conversations the reader is in, with unread counts (for
 * someone in every location's channel, the locations' with the latest messages).
 * @example
 * const channels = useChatChannels()
 */
export function useChatChannels() {
  const api = useApi()
  return useQuery(queryOptions({ queryKey: channelsKey, queryFn: ({ signal }) => api.listChatChannels({}, { silent: true, signal }) }))
}

/**
 * `GET /chat/unread`: how many messages wait, for the menu and the tab's title.
 * @example
 * const total = useChatUnread().data?.total ?? 0
 */
export function useChatUnread() {
  const api = useApi()
  return useQuery(queryOptions({ queryKey: unreadKey, queryFn: ({ signal }) => api.chatUnread({}, { silent: true, signal }), staleTime: 30_000 }))
}

export function messagesQueryOptions(api: ApiFunctions, channelId: string) {
  return infiniteQueryOptions({
    queryKey: messagesKey(channelId),
    queryFn: ({ pageParam, signal }) => api.listChatMessages({ params: { id: channelId }, query: { limit: PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) } }, { silent: true, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.has_more ? page.rows.at(-1)?.seq : undefined),
  })
}

/**
 * `GET /chat/channel/{id}/message`: a conversation, newest page first; `fetchNextPage` reads older ones.
 * @example
 * const messages = useChatMessages(channel.id)
 */
export function useChatMessages(channelId: string) {
  const api = useApi()
  return useInfiniteQuery(messagesQueryOptions(api, channelId))
}

/** Puts a message (sent, edited, deleted, heard live) into its conversation's cache. */
export function cacheMessage(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<MessagePages>(messagesKey(message.channel_id), (pages) => mergeMessage(pages, message))
}

/** Puts a channel as the server answered it into the list. */
export function cacheChannel(queryClient: QueryClient, channel: ChatChannel): void {
  queryClient.setQueryData<ChatChannel[]>(channelsKey, (list) => (list ? (list.some((c) => c.id === channel.id) ? list.map((c) => (c.id === channel.id ? channel : c)) : [channel, ...list]) : list))
}

/**
 * `POST /chat/channel/{id}/read`: the reader has read up to a position; the unread counts follow.
 * @example
 * markRead.mutate({ id: channel.id, seq: last.seq })
 */
export function useMarkRead() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, seq }: { id: string; seq: number }) => api.readChatChannel({ params: { id }, body: { seq } }, { silent: true }),
    onSuccess: async (channel) => {
      cacheChannel(queryClient, channel)
      await queryClient.invalidateQueries({ queryKey: unreadKey })
    },
  })
}

/** `PUT /chat/message/{id}` and `DELETE /chat/message/{id}`: one's own message edited or deleted. */
export function useChangeMessage() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string | null }) =>
      body === null ? api.deleteChatMessage({ params: { id } }, { silent: 'errors' }) : api.updateChatMessage({ params: { id }, body: { body } }, { silent: 'errors' }),
    onSuccess: (message) => cacheMessage(queryClient, message),
  })
}

/** `POST /chat/direct`: the conversation with these people, found or started. */
export function useOpenDirect() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (memberIds: string[]) => api.openDirectChat({ body: { member_ids: memberIds } }, { silent: 'errors' }),
    onSuccess: (channel) => cacheChannel(queryClient, channel),
  })
}

/** `POST /chat/channel`: a custom channel (whoever runs the schedule). */
export function useCreateChannel() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { name: string; member_ids: string[] }) => api.createChatChannel({ body }, { silent: 'errors' }),
    onSuccess: (channel) => cacheChannel(queryClient, channel),
  })
}

/** `PUT /chat/channel/{id}`: archive a channel or take it out of the archive. */
export function useArchiveChannel() {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, archived }: { id: string; archived: boolean }) => api.updateChatChannel({ params: { id }, body: { archived } }, { silent: 'errors' }),
    onSuccess: (channel) => cacheChannel(queryClient, channel),
  })
}

/**
 * `GET /chat/people`: active people to talk to or mention.
 * @example
 * const people = useChatPeople('an')
 */
export function useChatPeople(q: string, enabled = true) {
  const api = useApi()
  return useQuery(queryOptions({ queryKey: [...chatKey, 'people', q], queryFn: ({ signal }) => api.chatPeople({ query: q ? { q } : {} }, { silent: true, signal }), enabled, staleTime: 60_000 }))
}
