import type { RouteDef, RouteName, RouteOutput, RouteRequest, Routes } from '@rota/core'
import type { Auth, HandlerContext } from '../context.ts'
import type { MessageKey } from '../i18n/messages.ts'

/** An answer with a notice for the user (`message`) and optionally another status. */
export class Answer<T> {
  constructor(
    readonly data: T,
    readonly message: MessageKey | undefined,
    readonly status: number = 200,
  ) {}
}

/** `return answer(data, 'settings_saved')` adds a translated notice to the answer. */
export function answer<T>(data: T, message?: MessageKey, status?: number): Answer<T> {
  return new Answer(data, message, status)
}

type AuthOf<R extends RouteDef> = R['access'] extends 'public' ? Auth | null : Auth

/** A route's handler: validated input in, its `data` (or an Answer) out. */
export type Handler<R extends RouteDef> = (
  input: RouteRequest<R>,
  ctx: HandlerContext<AuthOf<R>>,
) => Promise<RouteOutput<R> | Answer<RouteOutput<R>>>

/** Handlers for some of the contract's routes: each resource folder exports one of these. */
export type Handlers<N extends RouteName> = { [K in N]: Handler<Routes[K]> }

