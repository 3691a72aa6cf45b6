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

/**
 * The record that stopped an all-or-none call on many (`POST /expense/events`): the server
 * names it in the refusal's details; nothing else was changed.
 * @example
 * const stopped = refusedId(approve.error) // '3f2…' or undefined
 */
export function refusedId(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || typeof error.details !== 'object' || error.details === null) return undefined
  const { id } = error.details as { id?: unknown }
  return typeof id === 'string' ? id : undefined
}
