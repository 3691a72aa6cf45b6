import { queryOptions, useQuery } from '@tanstack/react-query'
import { useApi } from '../../../lib/services.tsx'
import { channelsKey } from './chat.ts'

// Apart from chat.ts, which every signed-in page loads for the unread count: only the chat screen finds channels.

/**
 * `GET /chat/channel?q=`: the reader's channels whose name holds `q` (at most 50), while `q` is not empty.
 * @example
 * const found = useFoundChannels('harbour')
 */
export function useFoundChannels(q: string) {
  const api = useApi()
  return useQuery(
    queryOptions({ queryKey: [...channelsKey, 'found', q], queryFn: ({ signal }) => api.listChatChannels({ query: { q } }, { silent: true, signal }), enabled: q !== '', placeholderData: (previous) => previous }),
  )
}

/**
 * `GET /chat/channel?id=`: one of the reader's channels, for a link to one their list does not carry.
 * @example
 * const channel = useChatChannel(chosenId, !listed)
 */
export function useChatChannel(id: string | null, wanted: boolean) {
  const api = useApi()
  return useQuery(
    queryOptions({ queryKey: [...channelsKey, 'one', id], queryFn: async ({ signal }) => (await api.listChatChannels({ query: { id: id! } }, { silent: true, signal }))[0] ?? null, enabled: id !== null && wanted }),
  )
}
