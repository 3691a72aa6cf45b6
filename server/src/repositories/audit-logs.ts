import type { Db } from '../db/database.ts'
import { auditLogs } from '../db/schema/index.ts'

/** One audit row: who did what to which record, before and after, from where. */
export interface AuditEntry {
  businessId: string
  actorId?: string | null
  actorEmail?: string | null
  action: string
  model: string
  recordId?: string | null
  before?: unknown
  after?: unknown
  ip?: string | null
  userAgent?: string | null
}

export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values({
    business_id: entry.businessId,
    actor_id: entry.actorId ?? null,
    actor_email: entry.actorEmail ?? null,
    action: entry.action,
    model: entry.model,
    record_id: entry.recordId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
    user_agent: entry.userAgent?.slice(0, 300) ?? null,
  })
}
