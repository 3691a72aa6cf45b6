import { ApiError, checkCsvHeader, csvColumn, ImportRowError as ImportRowErrorSchema, type ImportKind, type ImportRowError } from '@rota/core'
import { statSync } from 'node:fs'
import { basename } from 'node:path'
import { z } from 'zod'
import { CliError, EXIT, interrupted, notSignedIn, usageError } from '../errors.ts'
import { batches } from '../import/batches.ts'
import { openCsv, readCsv, type CsvRow } from '../import/csv-source.ts'
import { writeRejectedRows } from '../import/errors-file.ts'
import { importJob, type ImportJob } from '../import/import-job.ts'
import type { CommandContext } from '../program.ts'
import { connect } from '../session/connect.ts'
import { resolveTarget } from '../session/target.ts'

/** What a person watching the import hears as it goes. */
export interface ImportProgress {
  /** Headers that are read as another column than their own name, such as `Code postal` → `postal_code`. */
  mapped?(mapping: { header: string; column: string }[]): void
  read?(state: { rows: number; invalid: number; bytes: number; totalBytes: number }): void
  stage?(stage: 'committing' | 'cancelling'): void
}

export interface ImportOptions extends CommandContext {
  kind: ImportKind
  file: string
  dryRun?: boolean
  skipInvalid?: boolean
  /** Where to write the rejected rows. */
  errors?: string
  progress?: ImportProgress
}

/** The outcome of `rota import`, as `--json` prints it. */
export interface ImportOutcome {
  kind: ImportKind
  file: string
  /** committed: written; dry_run: nothing changed; refused: rows had errors and nothing was written. */
  status: 'committed' | 'dry_run' | 'refused'
  skip_invalid: boolean
  rows: number
  created: number
  updated: number
  /** Rows matching a record that already holds the same values. */
  unchanged: number
  /** Rows left out because they had errors (with skip_invalid). */
  skipped: number
  /** How many rows had errors; `errors` lists them, or the first thousand the server reports. */
  invalid: number
  errors: ImportRowError[]
  errors_file: string | null
}

const RefusedDetails = z.object({ invalid: z.number().int().optional(), errors: z.array(ImportRowErrorSchema) })

/** What sending the file found: rows read, refused here, refused by the server per batch. */
interface Tally {
  rows: number
  invalid: number
  bytes: number
  totalBytes: number
  local: ImportRowError[]
  server: ImportRowError[]
}

/**
 * `rota import locations|services FILE`: streams the file through csv-parse in batches
 * to the import API, which checks each row with the shared row rules, then commits
 * every row in one transaction, or none when a row is bad (unless `skipInvalid`).
 * The header is checked first so a wrong file fails before anything is sent. Ctrl-C
 * cancels the import on the server; a dry run cancels it after its report.
 * @example
 * const outcome = await importCsv({ io, global: {}, kind: 'locations', file: 'clients.csv', dryRun: true })
 */
export async function importCsv(options: ImportOptions): Promise<ImportOutcome> {
  const { io, global, kind, file, progress = {} } = options
  const target = resolveTarget(io, global)
  if (!target.store.get('token')) throw notSignedIn(target.host)
  let totalBytes: number
  try {
    totalBytes = statSync(file).size
  } catch {
    throw usageError(`No such file: ${file}`)
  }
  const skipInvalid = options.skipInvalid === true
  const connection = connect(target)
  const job = importJob(connection.client, { kind, skipInvalid, fileName: basename(file) })
  const stop = new AbortController()
  const onInterrupt = () => stop.abort()
  io.interrupt.addEventListener('abort', onInterrupt, { once: true })
  try {
    const tally: Tally = { rows: 0, invalid: 0, bytes: 0, totalBytes, local: [], server: [] }
    const rows = readCsv(openCsv(file), {
      name: file,
      signal: stop.signal,
      onBytes: (bytes) => void (tally.bytes += bytes),
      onHeader: (headers) => checkHeader(kind, file, headers, progress),
    })
    await sendAll(job, sendable(rows, tally), tally, progress, stop.signal)
    if (stop.signal.aborted) throw await cancelled(job, progress)
    io.interrupt.removeEventListener('abort', onInterrupt)

    // Rows refused here never reached the server, so only a dry run may follow them: it reports the server's errors too.
    const mustRefuse = !skipInvalid && tally.local.length > 0
    const report = job.opened() ? await commit(job, options.dryRun === true || mustRefuse, progress) : undefined
    const errors = mergeErrors(tally.local, tally.server, report?.errors ?? [])
    const invalid = tally.local.length + Math.max(tally.invalid - tally.local.length, report?.invalid ?? 0)
    const refused = report?.status === 'refused' || (mustRefuse && !options.dryRun)
    const result: ImportOutcome = {
      kind,
      file,
      status: refused ? 'refused' : options.dryRun ? 'dry_run' : 'committed',
      skip_invalid: skipInvalid,
      rows: tally.rows,
      created: refused ? 0 : (report?.created ?? 0),
      updated: refused ? 0 : (report?.updated ?? 0),
      unchanged: refused ? 0 : (report?.unchanged ?? 0),
      skipped: skipInvalid ? invalid : 0,
      invalid,
      errors,
      errors_file: null,
    }
    if (options.errors && errors.length > 0) {
      await writeRejectedRows(file, options.errors, errors)
      result.errors_file = options.errors
    }
    return result
  } finally {
    io.interrupt.removeEventListener('abort', onInterrupt)
    connection.close()
  }
}

/** Refuses a header with unknown, missing or repeated columns, and tells which headers were read as another column. */
function checkHeader(kind: ImportKind, file: string, headers: string[], progress: ImportProgress): void {
  const check = checkCsvHeader(kind, headers)
  if (!check.ok) throw new CliError(`${file}: ${check.problems.join('; ')}`, EXIT.validation)
  const mapping = headers.flatMap((header) => {
    const column = csvColumn(kind, header)?.key
    return column && column !== header.trim().toLowerCase() ? [{ header: header.trim(), column }] : []
  })
  if (mapping.length > 0) progress.mapped?.(mapping)
}

/** Rows the server can take; the others become errors here, with their line. */
async function* sendable(rows: AsyncIterable<CsvRow>, tally: Tally): AsyncGenerator<CsvRow> {
  for await (const row of rows) {
    tally.rows++
    if (row.problem) {
      tally.invalid++
      tally.local.push({ line: row.line, errors: [row.problem] })
    } else yield row
  }
}

/** Sends batches with one in flight while the next is read, so the file and the network overlap. */
async function sendAll(job: ImportJob, rows: AsyncIterable<CsvRow>, tally: Tally, progress: ImportProgress, signal: AbortSignal): Promise<void> {
  let inFlight: Promise<void> = Promise.resolve()
  const send = async (batch: CsvRow[]) => {
    const result = await job.send(batch, signal)
    tally.server.push(...result.errors)
    tally.invalid += result.invalid
    progress.read?.({ rows: tally.rows, invalid: tally.invalid, bytes: tally.bytes, totalBytes: tally.totalBytes })
  }
  try {
    for await (const batch of batches(rows)) {
      await inFlight
      if (signal.aborted) break
      inFlight = send(batch)
    }
    await inFlight
  } catch (error) {
    if (!signal.aborted) throw error
  }
}

interface CommitReport {
  status: 'committed' | 'dry_run' | 'refused'
  created: number
  updated: number
  unchanged: number
  /** Rows with errors, as the server counts them. */
  invalid: number
  errors: ImportRowError[]
}

/** Commits (or dry-runs, then cancels) the import; a refusal for bad rows is an outcome, not a failure. */
async function commit(job: ImportJob, dryRun: boolean, progress: ImportProgress): Promise<CommitReport> {
  progress.stage?.('committing')
  try {
    const report = await job.commit(dryRun)
    if (dryRun) await job.cancel().catch(() => {})
    const invalid = Math.max(report.skipped, report.errors.length)
    return { status: dryRun ? 'dry_run' : 'committed', created: report.created, updated: report.updated, unchanged: report.unchanged, invalid, errors: report.errors }
  } catch (error) {
    const refused = error instanceof ApiError && error.status === 422 ? RefusedDetails.safeParse(error.details) : undefined
    if (!refused?.success) throw error
    await job.cancel().catch(() => {})
    const { errors, invalid = errors.length } = refused.data
    return { status: 'refused', created: 0, updated: 0, unchanged: 0, invalid, errors }
  }
}

async function cancelled(job: ImportJob, progress: ImportProgress): Promise<CliError> {
  progress.stage?.('cancelling')
  await job.cancel().catch(() => {})
  return interrupted('Import cancelled: nothing was written')
}

/** Every error reported, one entry per line in line order, each reason once. */
function mergeErrors(...lists: readonly (readonly ImportRowError[])[]): ImportRowError[] {
  const byLine = new Map<number, ImportRowError['errors']>()
  for (const { line, errors } of lists.flat()) {
    const known = byLine.get(line) ?? []
    byLine.set(line, [...known, ...errors.filter((error) => !known.some((k) => k.column === error.column && k.message === error.message))])
  }
  return [...byLine].sort(([a], [b]) => a - b).map(([line, errors]) => ({ line, errors }))
}
