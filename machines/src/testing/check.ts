import { ApiError, type AuthTokens } from '@rota/core'

/**
 * Fails a meaning with a message saying what is wrong, as a plain Error that any test
 * runner (or `rota smoke`) reports.
 * @example
 * check(context.error !== null, 'the refused sign-in gave no message to show')
 */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message)
}

/**
 * Whether a value is text a person can read: a message to show, an e-mail, a token.
 * @example
 * check(isText(context.error), 'the failure gave no reason')
 */
export function isText(value: unknown): value is string {
  return typeof value === 'string' && /\S/.test(value)
}

/**
 * Whether two token pairs are the same pair; a store does not keep the lifetime.
 * @example
 * samePair(world.stored().tokens, context.tokens)
 */
export function samePair(a: Pick<AuthTokens, 'token' | 'refresh_token'> | null, b: Pick<AuthTokens, 'token' | 'refresh_token'> | null): boolean {
  return a !== null && b !== null && a.token === b.token && a.refresh_token === b.refresh_token
}

/**
 * Whether a server accepts a call: true when it answers, false when it refuses the
 * credentials (401); any other failure is thrown, since it says nothing about them.
 * @example
 * check(!(await accepted(api.refreshToken({ body: { refresh_token } }, { silent: true }))), 'a revoked token still works')
 */
export function accepted(call: Promise<unknown>): Promise<boolean> {
  return call.then(
    () => true,
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) return false
      throw error
    },
  )
}
