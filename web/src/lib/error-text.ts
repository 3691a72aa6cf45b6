import { ApiError } from '@rota/core'
import i18next from 'i18next'
import { failureText } from './failure-text.ts'

/**
 * What to tell the reader about a failed call: the server's message (already in their
 * language), or the client's own failures (no network, no answer) said in their language.
 * @example
 * <ConfirmDialog error={remove.error && errorText(remove.error)} … />
 */
export function errorText(error: unknown): string {
  return failureText(error instanceof Error && error.message ? error.message : 'Something went wrong', (key) => i18next.t(key))
}

/**
 * Whether the server refused a change because someone else saved the record first (409):
 * the screen offers to reload it.
 * @example
 * if (isStale(error)) showReload()
 */
export function isStale(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.code === 'stale_version'
}
