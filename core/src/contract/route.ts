import type { z } from 'zod'
import type { PermissionAction, PermissionModel } from './permission-models.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Who may call a route: `public` anyone; `user` any signed-in user; a permission
 * tuple a signed-in user whose role grants that action on that model (SPEC.md §6).
 */
export type RouteAccess = 'public' | 'user' | readonly [PermissionModel, PermissionAction]

/** One route of the API: what the server registers and what the clients call. */
export interface RouteDef {
  method: HttpMethod
  /** Path under /api/v1, parameters in braces: `/user/{id}`. */
  path: string
  summary: string
  tag: string
  access: RouteAccess
  params?: z.ZodObject
  query?: z.ZodObject
  body?: z.ZodType
  /** Schema of the answer's `data`. */
  response: z.ZodType
  /** Sign-in credentials travel in an `Authorization: Basic` header. */
  basicAuth?: true
  /** Mutations a script may retry with an `Idempotency-Key`. */
  idempotent?: true
  /** Its body's text is checked by the handler, a NUL character refusing one row rather than the request (an import's batch). */
  cellsChecked?: true
}

/**
 * Declares a route, keeping its literal types for the server and the clients.
 * @example
 * const getProfile = defineRoute({ method: 'GET', path: '/profile', summary: 'The signed-in user',
 *   tag: 'profile', access: 'user', response: Profile })
 */
export function defineRoute<const R extends RouteDef>(route: R): R {
  return route
}

type Input<S> = S extends z.ZodType ? z.input<S> : unknown
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined

/** What a client passes to call a route: its params, query and body. */
export type RouteInput<R extends RouteDef> = (R['params'] extends z.ZodType ? { params: Input<R['params']> } : { params?: undefined }) &
  (R['query'] extends z.ZodType ? { query?: Input<R['query']> } : { query?: undefined }) &
  (R['body'] extends z.ZodType ? { body: Input<R['body']> } : { body?: undefined })

/** What the server's handler receives, validated. */
export interface RouteRequest<R extends RouteDef> {
  params: Parsed<R['params']>
  query: Parsed<R['query']>
  body: Parsed<R['body']>
}

/** The `data` of a route's answer. */
export type RouteOutput<R extends RouteDef> = z.output<R['response']>

/** `/user/{id}` → `/user/:id`, the form Fastify's router reads. */
export function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1')
}

/** Fills `{name}` placeholders: `fillPath('/user/{id}', { id: 'u1' })` → `/user/u1`. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${path}`)
    return encodeURIComponent(String(value))
  })
}
