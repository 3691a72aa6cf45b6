import { checkCsvHeader, csvColumn, type ImportKind, type ImportReport, type ImportRowError } from '@rota/core'
import { importMachine } from '@rota/machines'
import { statSync } from 'node:fs'
import { createActor, waitFor } from 'xstate'
import { CliError, EXIT, interrupted, notSignedIn, usageError } from '../errors.ts'
import { openCsv, readCsv } from '../import/csv-source.ts'
import { writeRejectedRows } from '../import/errors-file.ts'
import { importActors, type UploadTally } from '../import/import-actors.ts'
import { whyNotWritable } from '../output-file.ts'
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
  /** Shifts: publish them in the same commit, each person told once. */
  publish?: boolean
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
  /** How many rows had errors; `errors` lists them (of the server's, the first thousand). */
  invalid: number
  errors: ImportRowError[]
  errors_file: string | null
  /** Rows written (or to be) despite a warning; `warnings` lists them (of the server's, the first thousand). */
  warned: number
  warnings: ImportRowError[]
  /** Shifts: whether they are published by the import, and how many people are told (or would be). */
  published: boolean
  notified: number
}

/**
 * `rota import locations|services FILE` and `rota shifts import FILE`: the import machine, provided with the file
 * and the API: the header is checked before anything is sent, then the file streams
 * in batches to an import job on the server, which checks each row with the shared
 * row rules; the dry run says what the commit would do, and the commit writes every
 * row in one transaction, or none when a row is bad (unless `skipInvalid`); shifts are
 * published by it with `publish`. `dryRun` cancels at the preview. Ctrl-C before the commit cancels the job: nothing is written.
 * @example
 * const outcome = await importCsv({ io, global: {}, kind: 'locations', file: 'clients.csv', dryRun: true })
 */
export async function importCsv(options: ImportOptions): Promise<ImportOutcome> {
  const { io, global, kind, file, progress = {} } = options
  const target = resolveTarget(io, global)
  if (!target.store.get('token')) throw notSignedIn(target.host)
  let totalBytes: number
  try {
    const found = statSync(file)
    if (found.isDirectory()) throw usageError(`${file} is a folder: give the CSV file inside it`)
    totalBytes = found.size
  } catch (error) {
    if (error instanceof CliError) throw error
    throw usageError(`No such file: ${file}`)
  }
  const unwritable = options.errors ? whyNotWritable(options.errors) : null
  if (unwritable) throw usageError(`Cannot write the rejected rows to ${options.errors}: ${unwritable}. Nothing was sent.`)
  const onHeader = (headers: string[]) => checkHeader(kind, file, headers)
  const mapping = await readHeaderMapping(kind, file, onHeader)
  if (mapping.length > 0) progress.mapped?.(mapping)
  // Stopped while the header was read: the listener below would never hear of it.
  if (io.interrupt.aborted) throw interrupted('Import cancelled: nothing was written')

  const skipInvalid = options.skipInvalid === true
  const tally: UploadTally = { rows: 0, invalid: 0, bytes: 0, local: [] }
  const connection = connect(target)
  let failure: unknown
  const publish = options.publish === true
  const actors = importActors(connection.client, { tally, onHeader, onFailure: (error) => (failure ??= error), publish })
  const importer = createActor(importMachine.provide({ actors })).start()
  const cancel = () => importer.send({ type: 'import.cancel' })
  // A failed import may hold a job with staged rows: cancel it so the server drops them now, not in a day.
  const abandon = async (error: string | null) => {
    cancel()
    await waitFor(importer, (snapshot) => snapshot.matches('cancelled'))
    return failure ?? new CliError(error ?? 'The import failed', EXIT.failure)
  }
  const onInterrupt = () => {
    progress.stage?.('cancelling')
    cancel()
  }
  io.interrupt.addEventListener('abort', onInterrupt, { once: true })
  let shown = 0
  importer.subscribe(({ context }) => {
    if (context.progress.rows === shown) return
    shown = context.progress.rows
    // Reading runs ahead of the server's answers: the share is of the rows answered for, at the bytes a row read so far takes.
    const answered = tally.rows > 0 ? Math.round((tally.bytes / tally.rows) * context.progress.rows) : tally.bytes
    progress.read?.({ ...context.progress, bytes: Math.min(answered, tally.bytes), totalBytes })
  })
  try {
    importer.send({ type: 'import.start', kind, source: file, skipInvalid })
    const settled = await waitFor(importer, (snapshot) => snapshot.matches('preview') || snapshot.matches('failed') || snapshot.matches('cancelled'))
    if (settled.matches('cancelled')) throw interrupted('Import cancelled: nothing was written')
    if (settled.matches('failed')) throw await abandon(settled.context.error)
    const preview = settled.context.preview!
    const refuse = !skipInvalid && (preview.invalid > 0 || tally.local.length > 0)
    let report: ImportReport | null = null
    if (options.dryRun || refuse) {
      cancel()
      await waitFor(importer, (snapshot) => snapshot.matches('cancelled'))
    } else {
      // One transaction: from here Ctrl-C could only abandon the answer, not the writing.
      io.interrupt.removeEventListener('abort', onInterrupt)
      progress.stage?.('committing')
      importer.send({ type: 'import.confirm', skipInvalid })
      const done = await waitFor(importer, (snapshot) => snapshot.matches('done') || snapshot.matches('failed'))
      if (done.matches('failed')) throw await abandon(done.context.error)
      report = done.context.report
    }
    const outcome = outcomeOf({ kind, file, skipInvalid, publish, tally, preview, report, status: report ? 'committed' : refuse ? 'refused' : 'dry_run' })
    if (options.errors && outcome.errors.length > 0) {
      try {
        await writeRejectedRows(file, options.errors, outcome.errors)
      } catch (error) {
        const what = report ? 'The import was written' : 'Nothing was written'
        throw new CliError(`${what}, but the rejected rows were not saved. ${(error as Error).message}`, EXIT.failure)
      }
      outcome.errors_file = options.errors
    }
    return outcome
  } finally {
    io.interrupt.removeEventListener('abort', onInterrupt)
    importer.stop()
    connection.close()
  }
}

function outcomeOf(found: {
  kind: ImportKind
  file: string
  skipInvalid: boolean
  publish: boolean
  tally: UploadTally
  preview: ImportReport
  report: ImportReport | null
  status: ImportOutcome['status']
}): ImportOutcome {
  const { tally, status } = found
  const counted = found.report ?? found.preview
  const written = status === 'refused' ? { created: 0, updated: 0, unchanged: 0 } : { created: counted.created, updated: counted.updated, unchanged: counted.unchanged }
  const invalid = counted.invalid + tally.local.length
  return {
    kind: found.kind,
    file: found.file,
    status,
    skip_invalid: found.skipInvalid,
    rows: tally.rows,
    ...written,
    skipped: found.skipInvalid ? invalid : 0,
    invalid,
    errors: byLine([...tally.local, ...counted.errors]),
    errors_file: null,
    warned: status === 'refused' ? 0 : counted.warned,
    warnings: status === 'refused' ? [] : counted.warnings,
    published: found.publish && status !== 'refused',
    notified: status === 'refused' ? 0 : counted.notified,
  }
}

/** Refuses a header with unknown, missing or repeated columns. */
function checkHeader(kind: ImportKind, file: string, headers: string[]): void {
  const check = checkCsvHeader(kind, headers)
  if (!check.ok) throw new CliError(`${file}: ${check.problems.join('; ')}`, EXIT.validation)
}

/** Reads only the header row, so a wrong file fails before an import is opened; says which headers are read as another column. */
async function readHeaderMapping(kind: ImportKind, file: string, onHeader: (headers: string[]) => void): Promise<{ header: string; column: string }[]> {
  let found: string[] = []
  const stop = new AbortController()
  const stopAtHeader = (headers: string[]) => {
    onHeader(headers)
    found = headers
    stop.abort()
  }
  for await (const _ of readCsv(openCsv(file), { name: file, signal: stop.signal, onHeader: stopAtHeader })) break
  return found.flatMap((header) => {
    const column = csvColumn(kind, header)?.key
    return column && column !== header.trim().toLowerCase() ? [{ header: header.trim(), column }] : []
  })
}

const byLine = (errors: readonly ImportRowError[]) => [...errors].sort((a, b) => a.line - b.line)
