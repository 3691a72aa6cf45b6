import { assign, setup } from 'xstate'
import type { CsvKind, ImportRow, RowFailure } from '@rota/core'
import { errorMessage, notProvided } from './placeholders.ts'

/** One record of the file, header → cell, as csv-parse reads it. */
export type CsvRecord = Readonly<Record<string, string | undefined>>

/** The dry run: what sending would do, and the rows that cannot go. */
export interface ImportPreview {
  /** The rows that passed, ready to send. */
  rows: ImportRow<CsvKind>[]
  create: number
  update: number
  errors: RowFailure[]
}

/** What the server did once the import was committed. */
export interface ImportReport {
  created: number
  updated: number
  errors: RowFailure[]
}

/** Which import the server is building: the batches, the commit and the rollback all name it. */
export interface ImportTarget {
  kind: CsvKind
  /** Chosen by the client, like an idempotency key. */
  key: string
}

/** One batch of rows on its way; `offset` 0 starts the import on the server afresh. */
export interface ImportBatch {
  target: ImportTarget
  offset: number
  rows: ImportRow<CsvKind>[]
  total: number
}

/** Where an import stands: its file, the preview, the progress of sending, the report. */
export interface ImportContext {
  target: ImportTarget | null
  /** The file or stream the platform reads: a browser `File`, a path, stdin. */
  source: unknown
  records: CsvRecord[]
  preview: ImportPreview | null
  sent: number
  total: number
  batchSize: number
  report: ImportReport | null
  error: string | null
}

/** What the person importing does: start with a file, confirm the preview, cancel, retry, start over. */
export type ImportEvent =
  | { type: 'import.start'; kind: CsvKind; key: string; source: unknown }
  | { type: 'import.confirm'; skipInvalid?: boolean }
  | { type: 'import.cancel' }
  | { type: 'import.retry' }
  | { type: 'import.reset' }

const fresh = (batchSize: number): ImportContext => ({
  target: null,
  source: null,
  records: [],
  preview: null,
  sent: 0,
  total: 0,
  batchSize,
  report: null,
  error: null,
})

/**
 * Importing clients or services from a CSV file (DESIGN.md §3, §7): read the file,
 * validate every row and dry-run it on the server, show the preview (how many would
 * be created or updated, and each refused row), then send the rows in batches and
 * commit them as one transaction. Cancelling while sending rolls the import back on
 * the server, so nothing is half written; a preview with refused rows is only sent if
 * the person chose to skip them.
 * @example
 * const importer = createActor(importMachine.provide({ actors: { read, validate, sendBatch, commit, cancelImport } }), { input: {} }).start()
 * importer.send({ type: 'import.start', kind: 'locations', key: crypto.randomUUID(), source: file })
 */
export const importMachine = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent,
    input: {} as { batchSize?: number },
  },
  actors: {
    read: notProvided<CsvRecord[], { source: unknown }>('read'),
    /** Checks every row with core's CSV rules and asks the server for a dry run. */
    validate: notProvided<ImportPreview, { target: ImportTarget; records: CsvRecord[] }>('validate'),
    sendBatch: notProvided<void, ImportBatch>('sendBatch'),
    commit: notProvided<ImportReport, { target: ImportTarget }>('commit'),
    /** Tells the server to drop what it received of this import. */
    cancelImport: notProvided<void, { target: ImportTarget }>('cancelImport'),
  },
  guards: {
    sendable: ({ context, event }) => {
      const preview = context.preview
      if (event.type !== 'import.confirm' || !preview || preview.rows.length === 0) return false
      return preview.errors.length === 0 || event.skipInvalid === true
    },
    moreToSend: ({ context }) => context.sent + context.batchSize < context.total,
  },
}).createMachine({
  id: 'import',
  context: ({ input }) => fresh(input.batchSize ?? 500),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'import.start': {
          target: 'reading',
          actions: assign(({ context, event }) => ({
            ...fresh(context.batchSize),
            target: { kind: event.kind, key: event.key },
            source: event.source,
          })),
        },
      },
    },
    reading: {
      invoke: {
        id: 'read',
        src: 'read',
        input: ({ context }) => ({ source: context.source }),
        onDone: { target: 'validating', actions: assign({ records: ({ event }) => event.output }) },
        onError: { target: '#import.failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
      on: { 'import.cancel': { target: 'cancelled' } },
    },
    validating: {
      invoke: {
        id: 'validate',
        src: 'validate',
        input: ({ context }) => ({ target: context.target!, records: context.records }),
        onDone: { target: 'preview', actions: assign({ preview: ({ event }) => event.output }) },
        onError: { target: '#import.failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
      on: { 'import.cancel': { target: 'cancelled' } },
    },
    preview: {
      on: {
        'import.confirm': [
          {
            guard: 'sendable',
            target: 'sending',
            actions: assign(({ context }) => ({ sent: 0, total: context.preview!.rows.length, error: null })),
          },
          { actions: assign({ error: 'Fix or skip the rows with errors: nothing would be imported as it is' }) },
        ],
        'import.cancel': { target: 'cancelled' },
      },
    },
    sending: {
      initial: 'batch',
      states: {
        batch: {
          invoke: {
            id: 'sendBatch',
            src: 'sendBatch',
            input: ({ context }) => ({
              target: context.target!,
              offset: context.sent,
              rows: context.preview!.rows.slice(context.sent, context.sent + context.batchSize),
              total: context.total,
            }),
            onDone: [
              {
                guard: 'moreToSend',
                target: 'batch',
                reenter: true,
                actions: assign({ sent: ({ context }) => context.sent + context.batchSize }),
              },
              { target: 'committing', actions: assign({ sent: ({ context }) => context.total }) },
            ],
            onError: { target: '#import.failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
        committing: {
          invoke: {
            id: 'commit',
            src: 'commit',
            input: ({ context }) => ({ target: context.target! }),
            onDone: { target: '#import.report', actions: assign({ report: ({ event }) => event.output }) },
            onError: { target: '#import.failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
      },
      on: { 'import.cancel': { target: 'rollingBack' } },
    },
    rollingBack: {
      invoke: {
        id: 'cancelImport',
        src: 'cancelImport',
        input: ({ context }) => ({ target: context.target! }),
        onDone: { target: 'cancelled' },
        // Uncommitted batches are never applied, so the import is off even if the server missed the rollback.
        onError: { target: 'cancelled' },
      },
    },
    report: {
      on: { 'import.reset': { target: 'idle', actions: assign(({ context }) => fresh(context.batchSize)) } },
    },
    cancelled: {
      on: { 'import.reset': { target: 'idle', actions: assign(({ context }) => fresh(context.batchSize)) } },
    },
    failed: {
      on: {
        'import.retry': { target: 'reading', actions: assign({ error: null, records: [], preview: null, sent: 0, total: 0 }) },
        'import.reset': { target: 'idle', actions: assign(({ context }) => fresh(context.batchSize)) },
      },
    },
  },
})
