import { csvBatches, csvRowProblemError, type ApiFunctions, type ImportReport, type ImportRowError } from '@rota/core'
import type { ImportUpload, importMachine } from '@rota/machines'
import { fromPromise } from 'xstate'
import { readCsv, type CsvRow } from '../utils/read-csv.ts'

/** What the upload found besides the server's answers: bytes read for the progress bar, and rows refused here. */
export interface ImportTally {
  bytes: number
  /** Rows that could not even be sent (more cells than columns, a cell too long), coded like the server's. */
  local: ImportRowError[]
}

/** Rows per request: small enough for the progress bar to move on a file of a few thousand rows. */
const BATCH_ROWS = 1000
/** A browser's upload is kept smaller than the server's 1 MiB body limit with room to spare. */
const BATCH_BYTES = 512 * 1024

type Actors = NonNullable<Parameters<typeof importMachine.provide>[0]['actors']>

/** The server's report with the rows refused here added in, in line order (and left out, when skipping). */
function withLocal(report: ImportReport, local: readonly ImportRowError[], skipInvalid: boolean): ImportReport {
  if (local.length === 0) return report
  return {
    ...report,
    invalid: report.invalid + local.length,
    skipped: skipInvalid ? report.skipped + local.length : report.skipped,
    errors: [...report.errors, ...local].sort((a, b) => a.line - b.line),
  }
}

/**
 * The import machine's actors for a CSV file chosen in the browser: the job is opened
 * (`POST /import`), the file read in chunks and sent in batches (`POST /import/{id}/rows`)
 * while the progress is reported, then dry-run, committed or cancelled. All silent: the
 * dialog says what happened in its own words.
 * @example
 * importMachine.provide({ actors: importActors(api, tally) })
 */
export function importActors(api: ApiFunctions, tally: ImportTally): Actors {
  async function upload(input: ImportUpload, signal: AbortSignal) {
    const file = input.source as File
    let rows = 0
    let invalid = 0
    async function* sendable(): AsyncGenerator<CsvRow> {
      for await (const row of readCsv(file.stream(), { onHeader: () => {}, onBytes: (bytes) => (tally.bytes += bytes), signal })) {
        rows++
        if (!row.problem) yield row
        else tally.local.push({ line: row.line, errors: [csvRowProblemError(row.problem)] })
      }
    }
    for await (const batch of csvBatches(sendable(), { maxRows: BATCH_ROWS, maxBytes: BATCH_BYTES })) {
      const answer = await api.addImportRows({ params: { id: input.job.id }, body: { rows: batch.map(({ line, cells }) => ({ line, cells })) } }, { silent: true, signal })
      invalid += answer.invalid
      input.reportProgress({ rows, invalid: invalid + tally.local.length })
    }
    // The machine takes this last count as its progress.
    return { rows, invalid: invalid + tally.local.length }
  }

  return {
    open: fromPromise(({ input, signal }) =>
      api.createImport({ body: { kind: input.kind!, skip_invalid: input.skipInvalid, file_name: (input.source as File).name } }, { silent: true, signal }),
    ),
    upload: fromPromise(({ input, signal }) => upload(input, signal)),
    // The preview counts what the good rows would do even while bad ones remain (the server counts
    // nothing otherwise); committing them still needs the person to choose to skip the bad ones.
    dryRun: fromPromise(async ({ input }) => withLocal(await api.commitImport({ params: { id: input.job.id }, body: { dry_run: true, skip_invalid: true } }, { silent: true }), tally.local, true)),
    commit: fromPromise(async ({ input }) => withLocal(await api.commitImport({ params: { id: input.job.id }, body: { dry_run: false, skip_invalid: input.skipInvalid } }, { silent: true }), tally.local, input.skipInvalid)),
    cancelImport: fromPromise(async ({ input }) => {
      await api.cancelImport({ params: { id: input.job.id } }, { silent: true })
    }),
  }
}
