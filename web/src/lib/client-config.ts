import type { ClientConfig } from '@rota/core'
import { useQuery } from '@tanstack/react-query'
import { useApi } from './services.tsx'

export const clientConfigKey = ['client-config'] as const

/**
 * What this Rota offers before sign-in (`GET /config`): whether Google sign-in is set up,
 * where images live. Read once per page load; a failure only hides the optional parts.
 * @example
 * const { data: config } = useClientConfig()
 * config?.google_client_id && <GoogleButton clientId={config.google_client_id} />
 */
export function useClientConfig() {
  const api = useApi()
  return useQuery<ClientConfig>({
    queryKey: clientConfigKey,
    queryFn: ({ signal }) => api.getClientConfig(undefined, { silent: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })
}
