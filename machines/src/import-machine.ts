import { assign, setup } from 'xstate'
import type { ImportJob, ImportKind, ImportReport } from '@rota/core'
import { errorMessage, notProvided } from './placeholders.ts'

/** How far the upload has gone: CSV records sent so far, and how many of them the server refused. */
export interface ImportProgress {
  rows: number
  invalid: number
}

/**
 * What the `upload` actor answers once the whole source is sent: its last progress — every
 * record read (sent, or refused before sending), and how many were refused here or by the
 * server — so that the count shown never goes back when the upload ends.
 */
export type ImportUploaded = ImportProgress

/**
 * What the `upload` actor gets: the job to send to, the source to stream, and a callback
 * that tells the machine how far it got (as an `import.progress` event).
 */
export interface ImportUpload {
  job: ImportJob
  source: unknown
  reportProgress: (progress: ImportProgress) => void
}

/** Where an import stands. It holds counts, never rows: a file of a million rows streams through the `upload` actor. */
export interface ImportContext {
  kind: ImportKind | null
  /** What the platform streams: a browser `File`, a CLI path or stream. The machine never reads it. */
  source: unknown
  /** Write the good rows and leave out the bad ones, rather than write nothing while a row is bad. */
  skipInvalid: boolean
  job: ImportJob | null
  progress: ImportProgress
  /** The dry run: what the commit would do, and the rows it would refuse. */
  preview: ImportReport | null
  report: ImportReport | null
  error: string | null
}

/** What the person importing (or the CLI on their behalf) does, and the upload's progress. */
export type ImportEvent =
  | { type: 'import.start'; kind: ImportKind; source: unknown; skipInvalid?: boolean }
  | { type: 'import.progress'; rows: number; invalid: number }
  | { type: 'import.confirm'; skipInvalid?: boolean }
  | { type: 'import.cancel' }
  | { type: 'import.retry' }
  | { type: 'import.reset' }

const fresh = (): ImportContext => ({
  kind: null,
  source: null,
  skipInvalid: false,
  job: null,
  progress: { rows: 0, invalid: 0 },
  preview: null,
  report: null,
  error: null,
})

/** Starting again with the same file and choices, on a new job. */
const restart = ({ kind, source, skipInvalid }: ImportContext): ImportContext => ({ ...fresh(), kind, source, skipInvalid })

/**
 * Importing clients, services or shifts from a CSV file through the server's import jobs
 * (DESIGN.md §3, §7): `open` starts a job, `upload` streams the source to it in batches
 * (the server checks each row with core's rules) reporting progress, `dryRun` shows what
 * the commit would create, update and refuse, and after `import.confirm` the `commit`
 * writes every row in one transaction. Nothing is written before the commit, so
 * `import.cancel` (opening, uploading, previewing, preview, failed) only drops the job.
 * The commit cannot be cancelled: it is a single transaction that writes all or nothing.
 * A preview with refused rows is committed only if the person chose to skip them.
 * The CLI's `--dry-run` cancels at the preview; an unattended run confirms it.
 * @example
 * const importer = createActor(importMachine.provide({ actors: { open, upload, dryRun, commit, cancelImport } })).start()
 * importer.send({ type: 'import.start', kind: 'locations', source: file })
 * // in preview: importer.send({ type: 'import.confirm', skipInvalid: true })
 */
export const importMachine = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent,
  },
  actors: {
    /** `POST /import`: the platform names the file from the source. */
    open: notProvided<ImportJob, { kind: ImportKind; skipInvalid: boolean; source: unknown }>('open'),
    /** Streams the source in batches (`POST /import/{id}/rows`); stops when its signal aborts. */
    upload: notProvided<ImportUploaded, ImportUpload>('upload'),
    dryRun: notProvided<ImportReport, { job: ImportJob; skipInvalid: boolean }>('dryRun'),
    commit: notProvided<ImportReport, { job: ImportJob; skipInvalid: boolean }>('commit'),
    /** `DELETE /import/{id}`: the server drops the job's rows. */
    cancelImport: notProvided<void, { job: ImportJob }>('cancelImport'),
  },
  actions: {
    /** A refusal shown before no longer applies once the person cancels. */
    clearError: assign({ error: null }),
  },
  guards: {
    hasJob: ({ context }) => context.job !== null,
    committable: ({ context, event }) => {
      if (event.type !== 'import.confirm' || context.preview === null) return false
      return context.preview.invalid === 0 || (event.skipInvalid ?? context.skipInvalid)
    },
  },
}).createMachine({
  id: 'import',
  context: fresh,
  initial: 'idle',
  states: {
    idle: {
      on: {
        'import.start': {
          target: 'opening',
          actions: assign(({ event }) => ({ ...fresh(), kind: event.kind, source: event.source, skipInvalid: event.skipInvalid ?? false })),
        },
      },
    },
    opening: {
      invoke: {
        id: 'open',
        src: 'open',
        input: ({ context }) => ({ kind: context.kind!, skipInvalid: context.skipInvalid, source: context.source }),
        onDone: { target: 'uploading', actions: assign({ job: ({ event }) => event.output }) },
        onError: { target: '#import.failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
      // No job yet: one that opens after this holds no rows, and is never committed.
      on: { 'import.cancel': { target: 'cancelled', actions: 'clearError' } },
    },
    uploading: {
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context, self }) => ({
          job: context.job!,
          source: context.source,
          reportProgress: (progress: ImportProgress) => self.send({ type: 'import.progress', ...progress }),
        }),
        onDone: { target: 'previewing', actions: assign({ progress: ({ event }) => event.output }) },
        onError: { target: '#import.failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
      on: {
        'import.progress': { actions: assign({ progress: ({ event }) => ({ rows: event.rows, invalid: event.invalid }) }) },
        'import.cancel': { target: 'cancelling', actions: 'clearError' },
      },
    },
    previewing: {
      invoke: {
        id: 'dryRun',
        src: 'dryRun',
        input: ({ context }) => ({ job: context.job!, skipInvalid: context.skipInvalid }),
        onDone: { target: 'preview', actions: assign({ preview: ({ event }) => event.output }) },
        onError: { target: '#import.failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
      on: { 'import.cancel': { target: 'cancelling', actions: 'clearError' } },
    },
    preview: {
      on: {
        'import.confirm': [
          {
            guard: 'committable',
            target: 'committing',
            actions: assign(({ context, event }) => ({ skipInvalid: event.skipInvalid ?? context.skipInvalid, error: null })),
          },
          { actions: assign({ error: 'Some rows have errors: fix them, or skip them to import the others' }) },
        ],
        'import.cancel': { target: 'cancelling', actions: 'clearError' },
      },
    },
    committing: {
      invoke: {
        id: 'commit',
        src: 'commit',
        input: ({ context }) => ({ job: context.job!, skipInvalid: context.skipInvalid }),
        onDone: { target: 'done', actions: assign({ report: ({ event }) => event.output }) },
        onError: { target: '#import.failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    cancelling: {
      invoke: {
        id: 'cancelImport',
        src: 'cancelImport',
        input: ({ context }) => ({ job: context.job! }),
        onDone: { target: 'cancelled' },
        // Nothing is written before a commit, so the import is off even if the server missed the cancel.
        onError: { target: 'cancelled', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    done: {
      on: { 'import.reset': { target: 'idle', actions: assign(fresh) } },
    },
    cancelled: {
      on: { 'import.reset': { target: 'idle', actions: assign(fresh) } },
    },
    failed: {
      on: {
        'import.retry': { target: 'opening', actions: assign(({ context }) => restart(context)) },
        'import.reset': { target: 'idle', actions: assign(fresh) },
        'import.cancel': [
          { guard: 'hasJob', target: 'cancelling', actions: 'clearError' },
          { target: 'cancelled', actions: 'clearError' },
        ],
      },
    },
  },
})
