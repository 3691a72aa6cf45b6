import { and, asc, desc, eq, gte, like, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/database.ts'
import { auditLogs, expenses, invoices, locations, onboardingEntries, payrolls, roles, services, shifts, timeoffCategories, timeoffRequests, timesheets, users } from '../db/schema/index.ts'

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
  await writeAudits(db, [entry])
}

/** Audit rows of many records changed at once (an import), in statements of a thousand. */
export async function writeAudits(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += 1000) await db.insert(auditLogs).values(entries.slice(start, start + 1000).map(auditValues))
}

const auditValues = (entry: AuditEntry) => ({
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

/** An audit row as the audit log shows it, with the acting user's name as it is now. */
export interface AuditRow extends RecordAuditRow {
  model: string
  record_id: string | null
  ip: string | null
  user_agent: string | null
  prev_hash: string | null
  hash: string | null
}

const auditRowColumns = {
  id: auditLogs.id,
  action: auditLogs.action,
  model: auditLogs.model,
  record_id: auditLogs.record_id,
  actor_id: auditLogs.actor_id,
  actor_email: auditLogs.actor_email,
  actor_firstname: users.firstname,
  actor_lastname: users.lastname,
  before: auditLogs.before,
  after: auditLogs.after,
  ip: auditLogs.ip,
  user_agent: auditLogs.user_agent,
  prev_hash: auditLogs.prev_hash,
  hash: auditLogs.hash,
  created_at: auditLogs.created_at,
}

/** What the audit log is filtered by; every part optional. */
export interface AuditFilter {
  businessId: string
  from?: Date
  to?: Date
  actorId?: string
  /** `shifts.publish` exactly, or `shifts` for every action of that kind. */
  action?: string
  model?: string
  recordId?: string
  text?: string
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The WHERE of a filtered audit log (always the one business). */
export function auditWhere(filter: AuditFilter): SQL {
  const text = filter.text?.trim()
  return and(
    eq(auditLogs.business_id, filter.businessId),
    filter.from ? gte(auditLogs.created_at, filter.from) : undefined,
    filter.to ? lt(auditLogs.created_at, filter.to) : undefined,
    filter.actorId ? eq(auditLogs.actor_id, filter.actorId) : undefined,
    filter.action ? or(eq(auditLogs.action, filter.action), like(auditLogs.action, `${escapeLike(filter.action)}.%`)) : undefined,
    filter.model ? eq(auditLogs.model, filter.model) : undefined,
    filter.recordId ? eq(auditLogs.record_id, filter.recordId) : undefined,
    text
      ? sql`concat_ws(' ', ${auditLogs.actor_email}, ${auditLogs.action}, ${auditLogs.model}, ${auditLogs.record_id}, ${auditLogs.ip}, ${auditLogs.before}::text, ${auditLogs.after}::text) ilike ${`%${escapeLike(text)}%`}`
      : undefined,
  )!
}

/** A page of audit rows matching `where`, newest first or oldest first, with the total when asked (listing.ts). */
export function auditRows(db: Db, where: SQL, page: { limit: number; offset: number; order: 'asc' | 'desc' }, count?: SQL<number>) {
  const order = page.order === 'asc' ? [asc(auditLogs.created_at), asc(auditLogs.id)] : [desc(auditLogs.created_at), desc(auditLogs.id)]
  return db
    .select({ ...auditRowColumns, ...(count ? { count } : {}) })
    .from(auditLogs)
    .leftJoin(users, and(eq(users.business_id, auditLogs.business_id), eq(users.id, auditLogs.actor_id)))
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset) as Promise<(AuditRow & { count?: number })[]>
}

/** One audit row of a business, or undefined. */
export async function auditRow(db: Db, businessId: string, id: number): Promise<AuditRow | undefined> {
  const [row] = await auditRows(db, and(eq(auditLogs.business_id, businessId), eq(auditLogs.id, id))!, { limit: 1, offset: 0, order: 'desc' })
  return row
}

/** The tables of the records that audit rows name, by the row's model. */
const recordTables: Record<string, PgTable & { business_id: AnyColumn; id: AnyColumn }> = {
  locations,
  services,
  users,
  roles,
  schedules: shifts,
  'timeoff-requests': timeoffRequests,
  'timeoff-categories': timeoffCategories,
  timesheets,
  invoices,
  expenses,
  payrolls,
  // The settings' own records: the onboarding checklist's entries.
  settings: onboardingEntries,
}

/** Whether the record an audit row names still exists in its business (false for a model without records). */
export async function recordExists(db: Db, businessId: string, model: string, recordId: string | null): Promise<boolean> {
  // The settings themselves are named by the business's id: they exist as long as it does.
  if (model === 'settings' && recordId === businessId) return true
  const table = recordTables[model]
  if (!table || !recordId) return false
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(table)
    .where(and(eq(table.business_id, businessId), sql`${table.id}::text = ${recordId}`))
    .limit(1)
  return row !== undefined
}

/** The outcome of checking a business's audit chain (core's AuditChainReport, before presenting). */
export interface ChainCheck {
  checked: number
  head: { id: number; hash: string | null; created_at: Date } | null
  first_break: { id: number; created_at: Date; reason: 'altered' | 'unlinked' } | null
}

/**
 * Checks a business's audit chain in the database, in id order: each row's hash against what
 * it says (migration 0018's rota_audit_hash), and its `prev_hash` against the row before it
 * (null for the first). One pass; only the first break and the head come back.
 */
export async function checkAuditChain(db: Db, businessId: string): Promise<ChainCheck> {
  const result = await db.execute(sql`
    with chain as (
      select a.id, a.created_at, a.hash, a.prev_hash, rota_audit_hash(a) as computed, lag(a.hash) over (order by a.id) as expected
      from ${auditLogs} a where a.business_id = ${businessId}
    ),
    broken as (
      select id, created_at, case when hash is distinct from computed then 'altered' else 'unlinked' end as reason
      from chain where hash is distinct from computed or prev_hash is distinct from expected order by id limit 1
    ),
    head as (select id, hash, created_at from chain order by id desc limit 1)
    select (select count(*) from chain)::int as checked,
      (select id from head) as head_id, (select hash from head) as head_hash, (select created_at from head) as head_at,
      (select id from broken) as break_id, (select created_at from broken) as break_at, (select reason from broken) as reason`)
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows
  const at = (value: unknown) => new Date(value as string)
  return {
    checked: Number(row?.['checked'] ?? 0),
    head: row?.['head_id'] == null ? null : { id: Number(row['head_id']), hash: (row['head_hash'] as string | null) ?? null, created_at: at(row['head_at']) },
    first_break: row?.['break_id'] == null ? null : { id: Number(row['break_id']), created_at: at(row['break_at']), reason: row['reason'] as 'altered' | 'unlinked' },
  }
}
