import { createApiClient, memoryStore, type ApiClient, type ApiClientOptions } from '@rota/core'

/**
 * The API client with its contract (and zod, which the contract is written in). Loaded on
 * first use rather than with the page, so the contract can grow with every area of Rota
 * without weighing on the sign-in page.
 * @example
 * const { browserApiClient } = await import('./api-client.ts')
 */
export function browserApiClient(options: ApiClientOptions): ApiClient {
  return createApiClient(options)
}

/** A client without a session, for exchanging a refresh token: its refusal must not set off another refresh. */
export function sessionlessApiClient(options: Omit<ApiClientOptions, 'store'>): ApiClient {
  return createApiClient({ ...options, store: memoryStore() })
}
