import { z } from 'zod'
import { Id, INT32_MAX, Timestamp } from './common.ts'

/** What can be imported from CSV: clients (locations), services and shifts. */
export const ImportKind = z.enum(['locations', 'services', 'shifts'])
export type ImportKind = z.infer<typeof ImportKind>

/** Most rows one `POST /import/{id}/rows` call may carry. */
export const IMPORT_BATCH_MAX = 5000

/**
 * An import in progress. Rows are sent in batches and checked as they arrive; nothing
 * is written to the business's records until the commit, which writes every row or none.
 */
export const ImportJob = z.object({
  id: Id,
  kind: ImportKind,
  status: z.enum(['open', 'committed', 'cancelled']),
  skip_invalid: z.boolean(),
  rows_received: z.number().int(),
  rows_invalid: z.number().int(),
  created_at: Timestamp,
})
export type ImportJob = z.infer<typeof ImportJob>

export const CreateImportBody = z.object({
  kind: ImportKind,
  /** Write the good rows and report the bad ones, instead of writing nothing when a row is bad. */
  skip_invalid: z.boolean().default(false),
  /** The file's name, for the audit log. */
  file_name: z.string().trim().max(255).optional(),
})

/** One CSV record: its line number in the file and its cells by header, as a CSV parser gives them. */
export const ImportRecord = z.object({
  line: z.number().int().min(1).max(INT32_MAX),
  cells: z.record(z.string().max(200), z.string().max(5000)),
})

export const ImportRowsBody = z.object({ rows: z.array(ImportRecord).min(1).max(IMPORT_BATCH_MAX) })

/**
 * Why a row was refused: each bad cell by column, with a stable `code` and its `params`
 * (core's ROW_PROBLEM_CODES) for clients to translate, and the same in English (`message`).
 */
export const ImportRowError = z.object({
  line: z.number().int(),
  errors: z.array(
    z.object({
      column: z.string(),
      code: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      message: z.string(),
    }),
  ),
})
export type ImportRowError = z.infer<typeof ImportRowError>

export const ImportRowsResult = z.object({
  received: z.number().int(),
  invalid: z.number().int(),
  errors: z.array(ImportRowError),
})

export const CommitImportBody = z.object({
  /** Compute what would be created and updated, and change nothing. */
  dry_run: z.boolean().default(false),
  /** Decide at the commit (after seeing the preview) to write the good rows and leave out the bad ones. */
  skip_invalid: z.boolean().optional(),
  /** Shifts only: publish the imported shifts in the same transaction, each person told once. */
  publish: z.boolean().default(false),
})

/** At most this many row errors come back in one answer; `skipped` / `rows_invalid` count them all. */
export const IMPORT_ERRORS_SHOWN = 1000

/**
 * The outcome of a commit (or of a dry run). Re-importing a file updates the same clients
 * and services (the key is the name); a shift row the schedule already holds as it is
 * counts as unchanged.
 */
export const ImportReport = z.object({
  id: Id,
  kind: ImportKind,
  dry_run: z.boolean(),
  status: z.enum(['open', 'committed', 'cancelled']),
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows that match a record already holding the same values: nothing to change. */
  unchanged: z.number().int(),
  /** Invalid rows left out (with skip_invalid). */
  skipped: z.number().int(),
  /** Every invalid row, whether or not its error is among `errors` (which shows the first 1,000). */
  invalid: z.number().int(),
  errors: z.array(ImportRowError),
  /**
   * Rows written, or to be written, despite a warning (shifts: outside the person's
   * availability, past their weekly hours, short of rest); `warnings` shows the first 1,000.
   */
  warned: z.number().int(),
  warnings: z.array(ImportRowError),
  /** People told of their new shifts (shifts imported with `publish`), or who would be. */
  notified: z.number().int(),
})
export type ImportReport = z.infer<typeof ImportReport>
