import { csvBatches, csvRowProblemError, type ApiClient, type ImportRowError } from '@rota/core'
import type { ImportUpload, importMachine } from '@rota/machines'
import { basename } from 'node:path'
import { fromPromise } from 'xstate'
import { retrying } from '../session/retry.ts'
import { openCsv, readCsv, type CsvRow } from './csv-source.ts'

/** What the upload found besides the server's answers: rows refused here, and bytes read for the progress bar. */
export interface UploadTally {
  rows: number
  invalid: number
  bytes: number
  /** Rows that could not even be sent: more cells than columns, a cell too long. */
  local: ImportRowError[]
}

type Actors = NonNullable<Parameters<typeof importMachine.provide>[0]['actors']>

/**
 * Batches sent before the first is answered: the server checks one while the database
 * stores the other, and the file is read meanwhile. Each is at most 768 KiB.
 */
const BATCHES_IN_FLIGHT = 2

/**
 * The import machine's actors for a CSV file on disk: the job is opened, the file
 * streamed through csv-parse in batches with two requests in flight while the next
 * batch is read (rows this side cannot send are tallied, not sent), then dry-run,
 * committed (shifts published with it, with `publish`) or cancelled. Mutations carry an Idempotency-Key and are retried when the
 * connection drops.
 * @example
 * const importer = createActor(importMachine.provide({ actors: importActors(client, { tally, onHeader, onFailure }) })).start()
 */
export function importActors(
  client: ApiClient,
  options: { tally: UploadTally; onHeader: (headers: string[]) => void; onFailure: (error: unknown) => void; publish?: boolean },
): Actors {
  const { api } = client
  const { tally } = options
  // The machine keeps a failure's message; the command needs the error itself, whose status sets the exit code.
  const kept = <T>(call: Promise<T>): Promise<T> =>
    call.catch((error: unknown) => {
      options.onFailure(error)
      throw error
    })
  // Shifts may be published by the commit; its dry run then counts who would be told.
  const publishing = options.publish ? { publish: true } : {}
  const commit = (id: string, dryRun: boolean, skipInvalid: boolean) =>
    kept(retrying((idempotencyKey) => api.commitImport({ params: { id }, body: { dry_run: dryRun, skip_invalid: skipInvalid, ...publishing } }, { silent: true, idempotencyKey })))

  async function upload(input: ImportUpload, signal: AbortSignal) {
    const file = String(input.source)
    const rows = readCsv(openCsv(file), { name: file, signal, onHeader: options.onHeader, onBytes: (bytes) => void (tally.bytes += bytes) })
    let received = 0
    const send = (batch: CsvRow[]) => {
      const body = { rows: batch.map(({ line, cells }) => ({ line, cells })) }
      const answer = retrying((idempotencyKey) => api.addImportRows({ params: { id: input.job.id }, body }, { silent: true, idempotencyKey, signal }), { signal })
      // Its failure is met when its turn comes to be counted; until then it must not count as unhandled.
      answer.catch(() => {})
      return answer
    }
    // Answers are counted in the order the batches were sent, so the progress only grows.
    const count = async (answer: ReturnType<typeof send>) => {
      const { received: rows, invalid } = await answer
      received += rows
      tally.invalid += invalid
      // Rows the server has answered for (and those refused here): reading runs ahead of it.
      input.reportProgress({ rows: received + tally.local.length, invalid: tally.invalid })
    }
    const inFlight: ReturnType<typeof send>[] = []
    for await (const batch of csvBatches(sendable(rows, tally))) {
      if (inFlight.length === BATCHES_IN_FLIGHT) await count(inFlight.shift()!)
      inFlight.push(send(batch))
    }
    for (const answer of inFlight) await count(answer)
    return { rows: received + tally.local.length, invalid: tally.invalid }
  }

  return {
    open: fromPromise(({ input, signal }) =>
      kept(
        retrying(
          (idempotencyKey) =>
            api.createImport({ body: { kind: input.kind, skip_invalid: input.skipInvalid, file_name: basename(String(input.source)) } }, { silent: true, idempotencyKey, signal }),
          { signal },
        ),
      ),
    ),
    upload: fromPromise(({ input, signal }) => kept(upload(input, signal))),
    dryRun: fromPromise(({ input }) => commit(input.job.id, true, input.skipInvalid)),
    commit: fromPromise(({ input }) => commit(input.job.id, false, input.skipInvalid)),
    cancelImport: fromPromise(async ({ input }) => void (await api.cancelImport({ params: { id: input.job.id } }, { silent: true }))),
  }
}

async function* sendable(rows: AsyncIterable<CsvRow>, tally: UploadTally): AsyncGenerator<CsvRow> {
  for await (const row of rows) {
    tally.rows++
    if (!row.problem) yield row
    else {
      tally.invalid++
      tally.local.push({ line: row.line, errors: [csvRowProblemError(row.problem)] })
    }
  }
}
