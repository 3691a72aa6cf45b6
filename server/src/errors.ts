import type { MessageKey } from './i18n/messages.ts'

/**
 * An error the API answers with its own status and code (DESIGN.md §4). The
 * message is looked up by code in the caller's language when the answer is sent.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: MessageKey,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(code)
  }
}

export const badRequest = (code: MessageKey, details?: unknown) => new AppError(400, code, details)
export const unauthorized = (code: MessageKey = 'unauthenticated') => new AppError(401, code)
export const forbidden = () => new AppError(403, 'forbidden')
export const notFound = () => new AppError(404, 'not_found')
/** A role editor or someone giving a role hands out rights they do not hold themselves (403, naming them). */
export const rightsBeyondOwn = (rights: readonly { model_name: string; action: string }[]) => new AppError(403, 'rights_beyond_own', { rights })
export const conflict = (code: MessageKey = 'stale_version', details?: unknown) => new AppError(409, code, details)
export const unprocessable = (code: MessageKey, details?: unknown) => new AppError(422, code, details)
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', { retry_after: retryAfterSeconds }, { 'retry-after': String(retryAfterSeconds) })
