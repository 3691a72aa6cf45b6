import type { ApiClient, ImportKind, ImportReport, ImportRowError } from '@rota/core'
import { retrying } from '../session/retry.ts'
import type { CsvRow } from './csv-source.ts'

/**
 * One import on the server (core/src/contract/imports.ts): opened on the first batch,
 * fed batches of raw CSV records the server checks, then committed in one
 * transaction, or cancelled so nothing is written. Every mutation carries an
 * Idempotency-Key and is retried once the connection drops.
 */
export interface ImportJob {
  /** Sends one batch; the answer counts and lists the rows the server refused. */
  send(rows: readonly CsvRow[], signal?: AbortSignal): Promise<{ invalid: number; errors: ImportRowError[] }>
  commit(dryRun: boolean): Promise<ImportReport>
  /** Drops the import on the server; does nothing if none was opened. */
  cancel(): Promise<void>
  opened(): boolean
}

/**
 * @example
 * const job = importJob(client, { kind: 'locations', skipInvalid: false, fileName: 'clients.csv' })
 * await job.send(batch)
 * const report = await job.commit(false)
 */
export function importJob(client: ApiClient, options: { kind: ImportKind; skipInvalid: boolean; fileName: string }): ImportJob {
  const { api } = client
  let id: string | undefined
  const open = async (signal?: AbortSignal) => {
    id ??= (
      await retrying(
        (idempotencyKey) =>
          api.createImport({ body: { kind: options.kind, skip_invalid: options.skipInvalid, file_name: options.fileName } }, { silent: true, idempotencyKey, ...(signal && { signal }) }),
        { ...(signal && { signal }) },
      )
    ).id
    return id
  }
  return {
    async send(rows, signal) {
      const params = { id: await open(signal) }
      const body = { rows: rows.map(({ line, cells }) => ({ line, cells })) }
      const result = await retrying((idempotencyKey) => api.addImportRows({ params, body }, { silent: true, idempotencyKey, ...(signal && { signal }) }), {
        ...(signal && { signal }),
      })
      return { invalid: result.invalid, errors: result.errors }
    },
    async commit(dryRun) {
      const params = { id: await open() }
      return retrying((idempotencyKey) => api.commitImport({ params, body: { dry_run: dryRun } }, { silent: true, idempotencyKey }))
    },
    async cancel() {
      if (id) await api.cancelImport({ params: { id } }, { silent: true })
    },
    opened: () => id !== undefined,
  }
}
