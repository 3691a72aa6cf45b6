import { displayName, localDay, type AuditLogEntry, type AuditLogExportRow, type AuditLogExportQuery, type AuditLogQuery } from '@rota/core'
import { isDeepStrictEqual } from 'node:util'
import type { Auth, HandlerContext } from '../../context.ts'
import { auditLogs } from '../../db/schema/index.ts'
import { notFound } from '../../errors.ts'
import { auditRow, auditRows, auditWhere, checkAuditChain, recordExists, type AuditFilter, type AuditRow } from '../../repositories/audit-logs.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { pageOf, pageWithTotal } from '../../repositories/listing.ts'
import { audit } from '../audit.ts'
import type { Handlers } from '../handler.ts'

type Ctx = HandlerContext<Auth>

/** Fields that say nothing about what changed. */
const BOOKKEEPING = new Set(['id', 'version', 'created_at', 'updated_at', 'allowed_events'])
/** Keys whose values are secrets wherever they appear in a snapshot: shown as `[redacted]`. */
const SECRET = /password|hash|token|secret/i

/** A snapshot with its secrets hidden, at any depth. */
export function redacted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redacted)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET.test(key) ? '[redacted]' : redacted(inner)]))
}

const fieldsOf = (snapshot: unknown): Record<string, unknown> =>
  snapshot !== null && typeof snapshot === 'object' && !Array.isArray(snapshot) ? (snapshot as Record<string, unknown>) : {}

/**
 * The top-level fields whose values differ between two snapshots, in the order they first
 * appear (after's order for a new field).
 * @example
 * changedFields({ city: 'Toronto', version: 1 }, { city: 'Ottawa', version: 2 }) // ['city']
 */
export function changedFields(before: unknown, after: unknown): string[] {
  const was = fieldsOf(before)
  const is = fieldsOf(after)
  const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])]
  return keys.filter((key) => !BOOKKEEPING.has(key) && !isDeepStrictEqual(was[key] ?? null, is[key] ?? null))
}

function entryOf(row: AuditRow): AuditLogEntry {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    action: row.action,
    model: row.model,
    record_id: row.record_id,
    actor: row.actor_id ? { id: row.actor_id, name: displayName({ firstname: row.actor_firstname, lastname: row.actor_lastname, email: row.actor_email }) } : null,
    actor_email: row.actor_email,
    ip: row.ip,
    user_agent: row.user_agent,
    changed: changedFields(row.before, row.after),
  }
}

const exportRowOf = (row: AuditRow): AuditLogExportRow => ({ ...entryOf(row), before: redacted(row.before), after: redacted(row.after) })

/** The filter of a list or export query, with its business days as instants on the business's clock. */
async function filterOf(ctx: Ctx, query: Pick<AuditLogQuery, 'from' | 'to' | 'q' | 'filter'>): Promise<AuditFilter> {
  const { timezone } = await getSettings(ctx.db, ctx.auth.businessId)
  const filter = query.filter ?? {}
  return {
    businessId: ctx.auth.businessId,
    ...(query.from && { from: localDay(query.from, timezone).from }),
    ...(query.to && { to: localDay(query.to, timezone).to }),
    ...(filter.actor && { actorId: filter.actor }),
    ...(filter.action && { action: filter.action }),
    ...(filter.model && { model: filter.model }),
    ...(filter.record && { recordId: filter.record }),
    ...(query.q && { text: query.q }),
  }
}

/**
 * The audit log (`GET /audit_log…`): who did what to which record, filtered and paged; one
 * row in full; an export of a filtered range (the export itself audited); the chain's check.
 */
export const auditLogHandlers: Handlers<'listAuditLog' | 'getAuditLog' | 'exportAuditLog' | 'verifyAuditLog'> = {
  async listAuditLog({ query }, ctx) {
    const where = auditWhere(await filterOf(ctx, query))
    const { limit, offset } = pageOf(query)
    const { rows, count } = await pageWithTotal(ctx.db, ctx.totals, { table: auditLogs, businessId: ctx.auth.businessId, where, offset }, (total) =>
      auditRows(ctx.db, where, { limit, offset, order: query.order }, total),
    )
    return { count, rows: rows.map(entryOf) }
  },

  async getAuditLog({ params }, ctx) {
    const row = await auditRow(ctx.db, ctx.auth.businessId, params.id)
    if (!row) throw notFound()
    return { ...exportRowOf(row), record_exists: await recordExists(ctx.db, ctx.auth.businessId, row.model, row.record_id), hash: row.hash, prev_hash: row.prev_hash }
  },

  async exportAuditLog({ query }, ctx) {
    const where = auditWhere(await filterOf(ctx, query as AuditLogExportQuery))
    const { limit, offset } = pageOf(query)
    const { rows, count } = await pageWithTotal(ctx.db, ctx.totals, { table: auditLogs, businessId: ctx.auth.businessId, where, offset }, (total) =>
      auditRows(ctx.db, where, { limit, offset, order: 'asc' }, total),
    )
    if (query.page === 1) {
      await audit(ctx, { action: 'audit_log.export', model: 'audit-logs', after: { from: query.from, to: query.to, ...(query.q && { q: query.q }), ...(query.filter && { filter: query.filter }), rows: count } })
    }
    return { count, rows: rows.map(exportRowOf) }
  },

  async verifyAuditLog(_input, ctx) {
    const check = await checkAuditChain(ctx.db, ctx.auth.businessId)
    return {
      valid: check.first_break === null,
      checked: check.checked,
      head: check.head && { id: check.head.id, hash: check.head.hash, created_at: check.head.created_at.toISOString() },
      first_break: check.first_break && { ...check.first_break, created_at: check.first_break.created_at.toISOString() },
    }
  },
}
