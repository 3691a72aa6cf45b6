import { z } from 'zod'
import { Id, IdParams, ListQuery, Timestamp, page } from './common.ts'
import type { PermissionModel } from './permission-models.ts'
import { defineRoute } from './route.ts'

/**
 * One field a change touched: its value before and after as the record's contract writes
 * it (cents, ISO instants, booleans…), null where it had none (a new record's `before`).
 */
export const FieldChange = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
})
export type FieldChange = z.infer<typeof FieldChange>

/**
 * One step in a record's life, from its audit row: the action (`locations.update`,
 * `shifts.publish`), who took it (null for Rota itself), when, and the fields that changed.
 * Only fields of the record's contract appear, never bookkeeping (version, times) or
 * anything the contract does not show (a password hash).
 */
export const HistoryEntry = z.object({
  id: z.number().int().min(1),
  action: z.string(),
  actor: z.object({ id: Id, name: z.string() }).nullable(),
  created_at: Timestamp,
  changes: z.array(FieldChange),
})
export type HistoryEntry = z.infer<typeof HistoryEntry>

/** `GET /{resource}/{id}/history`: a page of a record's history, newest first. */
export const RecordHistory = page(HistoryEntry)
export type RecordHistory = z.infer<typeof RecordHistory>

/** A history is paged like any list; it has no search, filter or sort of its own. */
export const HistoryQuery = ListQuery.pick({ page: true, page_size: true })
export type HistoryQuery = z.infer<typeof HistoryQuery>

/**
 * The route of a record's history, `GET {resource}/{id}/history`, readable by whoever may
 * read the record's model.
 * @example
 * locationHistory: historyRoute('/location', 'locations', 'client location')
 */
export function historyRoute<const P extends string, const M extends PermissionModel>(resource: P, model: M, noun: string) {
  return defineRoute({
    method: 'GET',
    path: `${resource}/{id}/history` as `${P}/{id}/history`,
    tag: model,
    access: [model, 'read'] as const,
    summary: `What happened to one ${noun}, newest first: who did what when, and the fields that changed`,
    params: IdParams,
    query: HistoryQuery,
    response: RecordHistory,
  })
}
