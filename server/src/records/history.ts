import { displayName, type FieldChange, type HistoryEntry, type HistoryQuery, type PermissionModel, type RecordHistory } from '@rota/core'
import { isDeepStrictEqual } from 'node:util'
import type { z } from 'zod'
import type { Auth, HandlerContext } from '../context.ts'
import type { Db } from '../db/database.ts'
import { recordAuditRows, type RecordAuditRow } from '../repositories/audit-logs.ts'
import { pageOf } from '../repositories/listing.ts'

/** Fields every editable record carries that say nothing about what changed. */
const BOOKKEEPING = new Set(['id', 'version', 'created_at', 'updated_at', 'allowed_events'])

export interface HistorySpec {
  /** The record's permission model, which is also the `model` of its audit rows. */
  model: PermissionModel
  /**
   * The record as the contract shows it: only its fields can appear in a change, so what
   * an audit row holds beside them (a password hash, a search key) never leaves the server.
   */
  schema: z.ZodObject
  /**
   * Reads the record in the caller's business; throws 404 for an unknown id, another
   * business's, or one this person may not see (a colleague's unpublished shift).
   */
  find(db: Db, businessId: string, id: string, auth: Auth): Promise<unknown>
}

const fieldsOf = (snapshot: unknown): Record<string, unknown> =>
  snapshot !== null && typeof snapshot === 'object' && !Array.isArray(snapshot) ? (snapshot as Record<string, unknown>) : {}

/**
 * The fields of `fields` whose value differs between two audit snapshots, in that order.
 * A field missing from a snapshot had no value (a new record has no `before`).
 * @example
 * changesBetween({ city: 'Toronto', version: 1 }, { city: 'Ottawa', version: 2 }, ['city']) // [{ field: 'city', before: 'Toronto', after: 'Ottawa' }]
 */
export function changesBetween(before: unknown, after: unknown, fields: readonly string[]): FieldChange[] {
  const was = fieldsOf(before)
  const is = fieldsOf(after)
  return fields.flatMap((field) => {
    const from = was[field] ?? null
    const to = is[field] ?? null
    return isDeepStrictEqual(from, to) ? [] : [{ field, before: from, after: to }]
  })
}

function entryOf(row: RecordAuditRow, fields: readonly string[]): HistoryEntry {
  const name = displayName({ firstname: row.actor_firstname, lastname: row.actor_lastname, email: row.actor_email })
  return {
    id: row.id,
    action: row.action,
    actor: row.actor_id ? { id: row.actor_id, name } : null,
    created_at: row.created_at.toISOString(),
    changes: changesBetween(row.before, row.after, fields),
  }
}

/**
 * The handler of `GET /{resource}/{id}/history` for one kind of record: its audit rows,
 * newest first and paged, each with who acted and the fields of the record's contract that
 * changed. The route's access (read on the model) is the contract's; the record must be
 * the caller's business's.
 * @example
 * locationHistory: recordHistory({ model: 'locations', schema: Location, find: (db, businessId, id) => locationRecords.get(db, businessId, id) })
 */
export function recordHistory(spec: HistorySpec) {
  const fields = Object.keys(spec.schema.shape).filter((field) => !BOOKKEEPING.has(field))
  return async ({ params, query }: { params: { id: string }; query: HistoryQuery }, ctx: HandlerContext<Auth>): Promise<RecordHistory> => {
    const businessId = ctx.auth.businessId
    await spec.find(ctx.db, businessId, params.id, ctx.auth)
    const { rows, count } = await recordAuditRows(ctx.db, { businessId, model: spec.model, recordId: params.id }, pageOf(query))
    return { count, rows: rows.map((row) => entryOf(row, fields)) }
  }
}
