import { routes, type RouteName } from '../contract/routes.ts'
import { createRouteCaller, type RouteCallInput } from './route-caller.ts'
import type { ApiClientOptions, ApiFunctions, CallArgs, CallOptions, CallOutput } from './types.ts'

/** Rota's API, as typed functions made from the contract's route table. */
export interface ApiClient {
  /** One function per route: `api.getProfile()`, `api.updateSettings({ body })`. */
  api: ApiFunctions
  /** Calls a route by name; what every function of `api` does. */
  call<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<CallOutput<N>>
}

/**
 * Makes the API client that web, CLI and tests share. A route added to the contract
 * appears in `api` with no client code.
 * @example
 * const client = createApiClient({ baseURL: 'http://localhost:3000/api/v1', store: memoryStore() })
 * const result = await client.api.login({ body: { business_id: 'acme' }, credentials: { email, password } })
 * const profile = await client.api.getProfile()
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const callRoute = createRouteCaller(options)
  const callByName = (name: RouteName, input?: RouteCallInput, callOptions?: CallOptions) =>
    callRoute(routes[name], input, callOptions)
  const api = Object.fromEntries(
    (Object.keys(routes) as RouteName[]).map((name) => [
      name,
      (input?: RouteCallInput, callOptions?: CallOptions) => callByName(name, input, callOptions),
    ]),
  )
  return { api: api as unknown as ApiFunctions, call: callByName as ApiClient['call'] }
}
