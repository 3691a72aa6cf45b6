import type { HandlerContext } from '../context.ts'
import { writeAudit, writeAudits, type AuditEntry } from '../repositories/audit-logs.ts'
import type { Db } from '../db/database.ts'

/**
 * Writes an audit row for this request: the actor, IP and user agent come from the
 * context. Pass the transaction (`db`) that made the change so both land together.
 */
export function audit(ctx: HandlerContext, entry: Omit<AuditEntry, 'ip' | 'userAgent' | 'businessId'> & { businessId?: string }, db: Db = ctx.db) {
  const businessId = entry.businessId ?? ctx.auth?.businessId
  if (!businessId) throw new Error(`audit row "${entry.action}" has no business`)
  return writeAudit(db, {
    actorId: ctx.auth?.userId ?? null,
    actorEmail: ctx.auth?.email ?? null,
    ...entry,
    businessId,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  })
}

/** Audit rows of many records this request changed at once (an import), written in a few statements. */
export function auditMany(ctx: HandlerContext, entries: readonly Omit<AuditEntry, 'ip' | 'userAgent' | 'businessId' | 'actorId' | 'actorEmail'>[], db: Db = ctx.db) {
  const businessId = ctx.auth?.businessId
  if (!businessId) throw new Error('audit rows have no business')
  const who = { businessId, actorId: ctx.auth?.userId ?? null, actorEmail: ctx.auth?.email ?? null, ip: ctx.ip, userAgent: ctx.userAgent }
  return writeAudits(db, entries.map((entry) => ({ ...entry, ...who })))
}
