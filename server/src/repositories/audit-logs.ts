import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { auditLogs, users } from '../db/schema/index.ts'

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

/** An audit row of one record, with the name of whoever acted as they are now. */
export interface RecordAuditRow {
  id: number
  action: string
  actor_id: string | null
  actor_email: string | null
  actor_firstname: string | null
  actor_lastname: string | null
  before: unknown
  after: unknown
  created_at: Date
}

/**
 * A page of one record's audit rows, newest first (rows written in one transaction share
 * their time, so the later one by id comes first), and how many there are. Not through the
 * remembered list totals: audit rows are not announced, so a remembered count would go stale.
 */
export async function recordAuditRows(
  db: Db,
  record: { businessId: string; model: string; recordId: string },
  pageOf: { limit: number; offset: number },
): Promise<{ rows: RecordAuditRow[]; count: number }> {
  const where = and(eq(auditLogs.business_id, record.businessId), eq(auditLogs.model, record.model), eq(auditLogs.record_id, record.recordId))
  const total = sql<number>`(select count(*) from ${auditLogs} where ${where})`.mapWith(Number)
  const found = await db
    .select({
      id: auditLogs.id,
      action: auditLogs.action,
      actor_id: auditLogs.actor_id,
      actor_email: auditLogs.actor_email,
      actor_firstname: users.firstname,
      actor_lastname: users.lastname,
      before: auditLogs.before,
      after: auditLogs.after,
      created_at: auditLogs.created_at,
      count: total,
    })
    .from(auditLogs)
    .leftJoin(users, and(eq(users.business_id, auditLogs.business_id), eq(users.id, auditLogs.actor_id)))
    .where(where)
    .orderBy(desc(auditLogs.created_at), desc(auditLogs.id))
    .limit(pageOf.limit)
    .offset(pageOf.offset)
  let count = found[0]?.count
  if (count === undefined) {
    const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(auditLogs).where(where)
    count = row?.count ?? 0
  }
  return { rows: found.map(({ count: _count, ...row }) => row), count }
}
