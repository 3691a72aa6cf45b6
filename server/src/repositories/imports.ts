import { IMPORT_ERRORS_SHOWN, parseCsvRow, type CellError, type ImportJob, type ImportKind, type ImportRowError, type NamedCsvKind } from '@rota/core'
import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { importJobs, importRows } from '../db/schema/index.ts'
import { AppError, badRequest, notFound } from '../errors.ts'
import { copyField, copyRows } from './import-copy.ts'
import { importTable, NAMED, stagerOf, type Stager } from './import-stagers.ts'

/** Where a staged row's fields go: its place, its import key or its errors, the id its record gets if the row creates it, then its staged columns. */
const stagingColumns = (stager: Stager) => ['business_id', 'import_id', 'line', 'key', 'errors', 'record_id', ...stager.columns]

export type JobRow = typeof importJobs.$inferSelect

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
 * Checks a batch of CSV records with the shared row rules and stages them (COPY) in one
 * transaction with the job's tally. A batch sent again (a retry) replaces its lines
 * instead of adding them twice. Two different rows with one line in a batch are refused
 * (400, naming the line): one of them would be dropped without a word.
 */
export async function stageRows(db: Db, owner: { businessId: string; userId: string }, id: string, records: readonly { line: number; cells: Record<string, string> }[]): Promise<ImportRowError[]> {
  refuseRepeatedLines(records)
  const job = await findJob(db, owner.businessId, owner.userId, id)
  requireOpen(job)
  // Rows are checked before the job is locked, so another batch of the same job can be written meanwhile.
  const stager = await stagerOf(db, job)
  const batch = encodeBatch(job, stager, records)
  await db.transaction(async (tx) => {
    const locked = await findJob(tx, owner.businessId, owner.userId, id, true)
    requireOpen(locked)
    let replaced = 0
    // Files are sent in order: a batch starting after the last line staged has nothing to replace.
    if (batch.first <= locked.last_line) {
      const lines = `{${batch.lines.join(',')}}`
      const gone = await tx
        .delete(importRows)
        .where(and(eq(importRows.business_id, job.business_id), eq(importRows.import_id, job.id), sql`${importRows.line} between ${batch.first} and ${batch.last}`, sql`${importRows.line} = any(${lines}::int[])`))
        .returning({ line: importRows.line })
      replaced = gone.length
    }
    await copyRows(tx, 'import_rows', stagingColumns(stager), batch.text)
    await tx
      .update(importJobs)
      .set({ rows_staged: sql`${importJobs.rows_staged} + ${batch.lines.length - replaced}`, last_line: sql`greatest(${importJobs.last_line}, ${batch.last})`, checked: false })
      .where(and(eq(importJobs.business_id, job.business_id), eq(importJobs.id, job.id)))
  })
  return batch.errors
}

/** A line held twice in a batch by rows that differ is a 400 naming it (the same row twice is one row). */
function refuseRepeatedLines(records: readonly { line: number; cells: Record<string, string> }[]): void {
  const seen = new Map<number, { index: number; cells: string }>()
  for (const [index, { line, cells }] of records.entries()) {
    const text = JSON.stringify(Object.entries(cells).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    const first = seen.get(line)
    if (!first) seen.set(line, { index, cells: text })
    else if (first.cells !== text) throw badRequest('validation_failed', { [`rows.${index}.line`]: `Line ${line} is also rows.${first.index}, with other cells: send each line once` })
  }
}

/** A batch as COPY lines, with its refused rows and the lines it holds. */
function encodeBatch(job: JobRow, stager: Stager, records: readonly { line: number; cells: Record<string, string> }[]) {
  const kind = job.kind as ImportKind
  const { columns } = stager
  const place = `${copyField(job.business_id)}\t${job.id}\t`
  const noRecord = ['record_id', ...columns].map(() => '\t\\N').join('')
  const rows = new Map<number, string>()
  const errors = new Map<number, ImportRowError>()
  const refuse = (line: number, problems: CellError[], partial?: Readonly<Record<string, unknown>>) => {
    const kept = partial && stager.refused?.(partial)
    let fields = noRecord
    if (kept) {
      fields = '\t\\N'
      for (const column of columns) fields += `\t${copyField(kept[column] ?? null)}`
      if (fields.includes('\0')) fields = noRecord
    }
    // Nor can jsonb: a NUL quoted back in a message is left out.
    rows.set(line, `${place}${line}\t\\N\t${copyField(JSON.stringify(problems).replaceAll('\\u0000', ''))}${fields}\n`)
    errors.set(line, { line, errors: problems })
  }
  for (const { line, cells } of records) {
    const result = parseCsvRow(kind, cells, line)
    if (!result.ok) {
      refuse(line, result.errors, result.partial)
      continue
    }
    const staged = stager.stage(result.value)
    if ('errors' in staged) {
      refuse(line, staged.errors, result.value)
      continue
    }
    const { field } = staged
    let row = `${place}${line}\t${copyField(staged.key)}\t\\N\t${copyField(staged.recordId)}`
    for (const column of columns) row += `\t${copyField(field(column))}`
    // PostgreSQL text cannot hold a NUL character: such a cell is refused, rather than the batch failing.
    if (row.includes('\0')) {
      const bad = columns.find((column) => String(field(column)).includes('\0'))
      refuse(line, [{ column: stager.source(String(bad)), code: 'invalid', message: 'Contains a NUL character' }])
      continue
    }
    rows.set(line, `${row}\n`)
    errors.delete(line)
  }
  const lines = [...rows.keys()]
  let first = Infinity
  let last = 0
  for (const line of lines) {
    if (line < first) first = line
    if (line > last) last = line
  }
  return { text: [...rows.values()].join(''), errors: [...errors.values()], lines, first, last }
}

export interface CommitCounts {
  created: number
  updated: number
  unchanged: number
  invalid: number
  errors: ImportRowError[]
}

/** The job's staged rows are not all there: the database lost them (a crash empties the unlogged staging table). */
export class StagedRowsLost extends Error {
  constructor() {
    super('staged rows lost')
  }
}

/**
 * Marks the staged rows that repeat an earlier row's name ("Same name as line N"), once
 * for the rows staged so far: in a transaction of its own before a dry run, its marks
 * (and the statistics it gathers) serve the commit that follows.
 */
export async function checkStagedRows(tx: Db, job: JobRow): Promise<void> {
  if (job.checked) return
  const ofJob = sql`r.business_id = ${job.business_id} and r.import_id = ${job.id}`
  // Fresh statistics first, without them the planner takes the staged rows for a handful and may loop
  // over them; a small sample (3,000 rows) is enough to count them and costs a fraction of the default.
  await tx.execute(sql`set local default_statistics_target = 10`)
  await tx.execute(sql`analyze import_rows`)
  // Marks made before a batch was sent again may no longer hold: a marked row keeps its key, so they are made afresh.
  await tx.execute(sql`update import_rows r set errors = null where ${ofJob} and r.key is not null and r.errors is not null`)
  await tx.execute(sql`
    with repeated as (
      select line, first_line from (
        select line, min(line) over (partition by key) as first_line from import_rows
        where business_id = ${job.business_id} and import_id = ${job.id} and key is not null
      ) ranked where line <> first_line
    )
    update import_rows r set
      errors = jsonb_build_array(jsonb_build_object('column', 'name', 'code', 'duplicate_name', 'params', jsonb_build_object('line', repeated.first_line),
        'message', 'Same name as line ' || repeated.first_line))
    from repeated
    where ${ofJob} and r.line = repeated.line`)
  await tx.update(importJobs).set({ checked: true }).where(and(eq(importJobs.business_id, job.business_id), eq(importJobs.id, job.id)))
}

/**
 * The job's staged rows counted, with the errors of the first refused ones by line. Throws
 * StagedRowsLost when rows the job staged are gone.
 */
export async function stagedTally(tx: Db, job: JobRow): Promise<{ rows: number; invalid: number; errors: ImportRowError[] }> {
  const ofJob = sql`r.business_id = ${job.business_id} and r.import_id = ${job.id}`
  const [tally] = rowsOf<{ rows: number; invalid: number }>(await tx.execute(sql`select count(*)::int as rows, count(r.errors)::int as invalid from import_rows r where ${ofJob}`))
  const rows = tally?.rows ?? 0
  if (rows !== job.rows_staged) throw new StagedRowsLost()
  const errors = (
    await tx
      .select({ line: importRows.line, errors: importRows.errors })
      .from(importRows)
      .where(and(eq(importRows.business_id, job.business_id), eq(importRows.import_id, job.id), isNotNull(importRows.errors)))
      .orderBy(asc(importRows.line))
      .limit(IMPORT_ERRORS_SHOWN)
  ).map((row) => ({ line: row.line, errors: row.errors ?? [] }))
  return { rows, invalid: tally?.invalid ?? 0, errors }
}

/**
 * Writes the staged clients or services in the caller's transaction, once repeated names
 * are marked: every valid row is inserted or, when a record with its name exists, updated
 * (records already equal are left alone). With invalid rows and `requireAllValid`, nothing
 * is written; without `write` (a dry run) only the counts are made. Throws StagedRowsLost
 * when rows the job staged are gone.
 */
export async function writeStagedRows(tx: Db, job: JobRow, options: { requireAllValid: boolean; write: boolean }): Promise<CommitCounts> {
  await checkStagedRows(tx, job)
  const ofJob = sql`r.business_id = ${job.business_id} and r.import_id = ${job.id}`
  const { rows, invalid, errors } = await stagedTally(tx, job)
  const valid = rows - invalid
  // A commit that must write every row writes none; a dry run still counts what the good rows would do.
  if (invalid > 0 && options.requireAllValid && options.write) return { created: 0, updated: 0, unchanged: 0, invalid, errors }

  const { table, columns } = NAMED[job.kind as NamedCsvKind]
  const target = sql.identifier(table)
  const column = (prefix: string, name: string) => sql`${sql.raw(prefix)}.${sql.identifier(name)}`

  if (!options.write) {
    // A dry run compares the rows with the records as they are, and writes nothing.
    const same = sql.join(columns.map((c) => sql`${column('t', c)} is not distinct from ${column('r', c)}`), sql` and `)
    const [match] = rowsOf<{ matched: number; same: number }>(
      await tx.execute(sql`
        select count(*)::int as matched, count(*) filter (where ${same})::int as same
        from import_rows r join ${target} t on t.business_id = r.business_id and t.name_key = r.key
        where ${ofJob} and r.errors is null`),
    )
    const matched = match?.matched ?? 0
    const unchanged = match?.same ?? 0
    return { created: valid - matched, updated: matched - unchanged, unchanged, invalid, errors }
  }

  // The write counts itself: a row inserted has xmax 0, a row updated does not, a row already equal is skipped.
  const list = sql.join(columns.map((c) => sql.identifier(c)), sql`, `)
  const updates = sql.join(columns.map((c) => sql`${sql.identifier(c)} = excluded.${sql.identifier(c)}`), sql`, `)
  const changed = sql.join(columns.map((c) => sql`${target}.${sql.identifier(c)} is distinct from excluded.${sql.identifier(c)}`), sql` or `)
  const [written] = rowsOf<{ created: number; updated: number }>(
    await tx.execute(sql`
      with written as (
        insert into ${target} (business_id, id, name_key, ${list})
        select r.business_id, r.record_id, r.key, ${sql.join(columns.map((c) => column('r', c)), sql`, `)}
        from import_rows r where ${ofJob} and r.errors is null
        on conflict (business_id, name_key) do update set ${updates}, version = ${target}.version + 1, updated_at = now()
        where ${changed}
        returning (xmax = 0) as inserted
      )
      select count(*) filter (where inserted)::int as created, count(*) filter (where not inserted)::int as updated from written`),
  )
  const created = written?.created ?? 0
  const updated = written?.updated ?? 0
  return { created, updated, unchanged: valid - created - updated, invalid, errors }
}

/**
 * Fresh planner statistics for the table an import wrote to, once its transaction has
 * committed: an import may have multiplied the table's rows, and lists planned for the
 * table it was before (a sort where an index now serves) would be slow until autovacuum,
 * which the embedded database does not have, came round.
 */
export async function analyzeImported(db: Db, kind: ImportKind): Promise<void> {
  await db.execute(sql`analyze ${sql.identifier(importTable(kind))}`)
}

/** Ends a job: its staged rows are dropped whether it was committed or cancelled. */
export async function closeJob(db: Db, job: JobRow, status: 'committed' | 'cancelled'): Promise<void> {
  await db.delete(importRows).where(and(eq(importRows.business_id, job.business_id), eq(importRows.import_id, job.id)))
  await db.update(importJobs).set({ status, updated_at: new Date() }).where(and(eq(importJobs.business_id, job.business_id), eq(importJobs.id, job.id)))
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}
