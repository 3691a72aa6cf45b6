import {
  IMPORT_ERRORS_SHOWN,
  importKey,
  parseCsvRow,
  type CreateLocationBody,
  type CreateServiceBody,
  type ImportJob,
  type ImportKind,
  type ImportRowError,
} from '@rota/core'
import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { importJobs, importRows } from '../db/schema/index.ts'
import { locationKeys, serviceKeys } from '../db/text-keys.ts'
import { AppError, notFound } from '../errors.ts'

/** The columns an import writes, per kind: the create body's fields and their folded search and sort keys. */
const COLUMNS: Record<ImportKind, { table: string; columns: string[] }> = {
  locations: {
    table: 'locations',
    columns: ['name', 'contact_person', 'email', 'phone', 'street', 'city', 'province', 'postal_code', 'latitude', 'longitude', 'billing_notes', 'active', 'search_key', 'sort_key', 'city_key'],
  },
  services: {
    table: 'services',
    columns: ['name', 'description', 'colour', 'default_duration_minutes', 'bill_rate_cents', 'pay_rate_cents', 'active', 'search_key', 'sort_key'],
  },
}

/** A checked row as it is staged: the create body with the keys it is searched and sorted by. */
function stagedValue(kind: ImportKind, value: CreateLocationBody | CreateServiceBody): Record<string, unknown> {
  return { ...value, ...(kind === 'locations' ? locationKeys(value as CreateLocationBody) : serviceKeys(value as CreateServiceBody)) }
}

type JobRow = typeof importJobs.$inferSelect

export async function createImportJob(db: Db, job: { businessId: string; userId: string; kind: ImportKind; skipInvalid: boolean; fileName?: string | undefined }): Promise<ImportJob> {
  // An import abandoned a day ago (a crashed script) is dropped with its staged rows.
  const stale = await db
    .update(importJobs)
    .set({ status: 'cancelled', updated_at: new Date() })
    .where(and(eq(importJobs.business_id, job.businessId), eq(importJobs.status, 'open'), lt(importJobs.created_at, new Date(Date.now() - 86_400_000))))
    .returning({ id: importJobs.id })
  if (stale.length > 0) {
    await db.delete(importRows).where(and(eq(importRows.business_id, job.businessId), inArray(importRows.import_id, stale.map((s) => s.id))))
  }
  const [row] = await db
    .insert(importJobs)
    .values({ business_id: job.businessId, user_id: job.userId, kind: job.kind, skip_invalid: job.skipInvalid, file_name: job.fileName ?? null })
    .returning()
  return toJob(row!, 0, 0)
}

function toJob(row: JobRow, received: number, invalid: number): ImportJob {
  return {
    id: row.id,
    kind: row.kind as ImportKind,
    status: row.status as ImportJob['status'],
    skip_invalid: row.skip_invalid,
    rows_received: received,
    rows_invalid: invalid,
    created_at: row.created_at.toISOString(),
  }
}

/** The job if it is the user's own; another user's or another business's is not found. */
export async function findJob(db: Db, businessId: string, userId: string, id: string, lock = false): Promise<JobRow> {
  const query = db.select().from(importJobs).where(and(eq(importJobs.business_id, businessId), eq(importJobs.id, id), eq(importJobs.user_id, userId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound()
  return row
}

export function requireOpen(job: JobRow): void {
  if (job.status !== 'open') throw new AppError(409, 'import_closed')
}

export async function jobWithCounts(db: Db, job: JobRow): Promise<ImportJob> {
  const [counts] = await db
    .select({ received: sql<number>`count(*)`.mapWith(Number), invalid: sql<number>`count(${importRows.errors})`.mapWith(Number) })
    .from(importRows)
    .where(and(eq(importRows.business_id, job.business_id), eq(importRows.import_id, job.id)))
  return toJob(job, counts?.received ?? 0, counts?.invalid ?? 0)
}

/**
 * Checks a batch of CSV records with the shared row rules and stages them. A batch
 * sent again (a retry) replaces its lines instead of adding them twice.
 */
export async function stageRows(db: Db, job: JobRow, records: { line: number; cells: Record<string, string> }[]): Promise<ImportRowError[]> {
  const kind = job.kind as ImportKind
  const errors: ImportRowError[] = []
  const staged = records.map(({ line, cells }) => {
    const result = parseCsvRow(kind, cells, line)
    if (!result.ok) {
      errors.push({ line, errors: result.errors })
      return { line, key: null, value: null, errors: result.errors }
    }
    return { line, key: importKey(kind, result.value), value: stagedValue(kind, result.value), errors: null }
  })
  // One JSON parameter instead of six per row: binding 30,000 parameters costs more than the insert.
  await db.execute(sql`
    insert into import_rows (business_id, import_id, line, key, value, errors)
    select ${job.business_id}, ${job.id}, x.line, x.key, x.value, x.errors
    from jsonb_to_recordset(${JSON.stringify(staged)}::jsonb) as x(line int, key text, value jsonb, errors jsonb)
    on conflict (business_id, import_id, line) do update set key = excluded.key, value = excluded.value, errors = excluded.errors`)
  return errors
}

export interface CommitCounts {
  created: number
  updated: number
  unchanged: number
  invalid: number
  errors: ImportRowError[]
}

/**
 * Writes the staged rows in the caller's transaction: later rows repeating an
 * earlier row's name are refused, then every valid row is inserted or, when a
 * record with its name exists, updated (records already equal are left alone).
 * With invalid rows and `requireAllValid`, nothing is written; without `write` (a dry
 * run) only the counts are made.
 */
export async function writeStagedRows(tx: Db, job: JobRow, options: { requireAllValid: boolean; write: boolean }): Promise<CommitCounts> {
  const staged = and(eq(importRows.business_id, job.business_id), eq(importRows.import_id, job.id))
  // Fresh statistics first: without them the planner picks nested loops over the staged rows (quadratic).
  await tx.execute(sql`analyze import_rows`)
  await tx.execute(sql`
    with repeated as (
      select line, first_line from (
        select line, min(line) over (partition by key) as first_line from import_rows
        where business_id = ${job.business_id} and import_id = ${job.id} and key is not null
      ) ranked where line <> first_line
    )
    update import_rows r set key = null, value = null,
      errors = jsonb_build_array(jsonb_build_object('column', 'name', 'code', 'duplicate_name', 'params', jsonb_build_object('line', repeated.first_line),
        'message', 'Same name as line ' || repeated.first_line))
    from repeated
    where r.business_id = ${job.business_id} and r.import_id = ${job.id} and r.line = repeated.line`)

  const [{ invalid } = { invalid: 0 }] = await tx
    .select({ invalid: sql<number>`count(*)`.mapWith(Number) })
    .from(importRows)
    .where(and(staged, isNotNull(importRows.errors)))
  const errors = (
    await tx.select({ line: importRows.line, errors: importRows.errors }).from(importRows).where(and(staged, isNotNull(importRows.errors))).orderBy(asc(importRows.line)).limit(IMPORT_ERRORS_SHOWN)
  ).map((row) => ({ line: row.line, errors: row.errors ?? [] }))
  // A commit that must write every row writes none; a dry run still counts what the good rows would do.
  if (invalid > 0 && options.requireAllValid && options.write) return { created: 0, updated: 0, unchanged: 0, invalid, errors }

  const { table, columns } = COLUMNS[job.kind as ImportKind]
  const target = sql.identifier(table)
  const valid = sql`r.business_id = ${job.business_id} and r.import_id = ${job.id} and r.errors is null`
  const values = sql`from import_rows r cross join lateral jsonb_populate_record(null::${target}, r.value) p where ${valid}`

  if (!options.write) {
    // A dry run compares the rows with the records as they are, and writes nothing.
    const same = sql.join(columns.map((c) => sql`t.${sql.identifier(c)} is not distinct from p.${sql.identifier(c)}`), sql` and `)
    const [match] = rowsOf<{ valid: number; matched: number; same: number }>(
      await tx.execute(sql`
        select count(*)::int as valid, count(t.id)::int as matched, count(t.id) filter (where ${same})::int as same
        from import_rows r cross join lateral jsonb_populate_record(null::${target}, r.value) p
        left join ${target} t on t.business_id = r.business_id and t.name_key = r.key
        where ${valid}`),
    )
    const matched = match?.matched ?? 0
    const unchanged = match?.same ?? 0
    return { created: (match?.valid ?? 0) - matched, updated: matched - unchanged, unchanged, invalid, errors }
  }

  // The write counts itself: a row inserted has xmax 0, a row updated does not, a row already equal is skipped.
  const list = sql.join(columns.map((c) => sql.identifier(c)), sql`, `)
  const updates = sql.join(columns.map((c) => sql`${sql.identifier(c)} = excluded.${sql.identifier(c)}`), sql`, `)
  const changed = sql.join(columns.map((c) => sql`${target}.${sql.identifier(c)} is distinct from excluded.${sql.identifier(c)}`), sql` or `)
  const [written] = rowsOf<{ created: number; updated: number }>(
    await tx.execute(sql`
      with written as (
        insert into ${target} (business_id, name_key, ${list})
        select r.business_id, r.key, ${sql.join(columns.map((c) => sql`p.${sql.identifier(c)}`), sql`, `)} ${values}
        on conflict (business_id, name_key) do update set ${updates}, version = ${target}.version + 1, updated_at = now()
        where ${changed}
        returning (xmax = 0) as inserted
      )
      select count(*) filter (where inserted)::int as created, count(*) filter (where not inserted)::int as updated from written`),
  )
  const [total] = rowsOf<{ valid: number }>(await tx.execute(sql`select count(*)::int as valid from import_rows r where ${valid}`))
  const created = written?.created ?? 0
  const updated = written?.updated ?? 0
  return { created, updated, unchanged: (total?.valid ?? 0) - created - updated, invalid, errors }
}

/** Ends a job: its staged rows are dropped whether it was committed or cancelled. */
export async function closeJob(db: Db, job: JobRow, status: 'committed' | 'cancelled'): Promise<void> {
  await db.delete(importRows).where(and(eq(importRows.business_id, job.business_id), eq(importRows.import_id, job.id)))
  await db.update(importJobs).set({ status, updated_at: new Date() }).where(and(eq(importJobs.business_id, job.business_id), eq(importJobs.id, job.id)))
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}
