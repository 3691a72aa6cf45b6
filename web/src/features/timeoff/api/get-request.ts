import type { TimeoffRequest } from '@rota/core'
import { useRecord } from '../../../lib/record-query.ts'
import { useApi } from '../../../lib/services.tsx'
import { timeoffKey } from './list-requests.ts'

/** The cache key of one request. */
export const timeoffRequestKey = (id: string) => [...timeoffKey, 'request', id] as const

/**
 * `GET /timeoff_request/{id}`: the request open in its panel with the shifts it touches,
 * shown at once from the list.
 * @example
 * const request = useTimeoffRequestRecord(record.id)
 */
export function useTimeoffRequestRecord(id: string) {
  const api = useApi()
  return useRecord<TimeoffRequest>({
    queryKey: timeoffRequestKey(id),
    listKey: [...timeoffKey, 'requests'],
    id,
    fetch: (signal) => api.getTimeoffRequest({ params: { id } }, { silent: true, signal }),
  })
}
