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
