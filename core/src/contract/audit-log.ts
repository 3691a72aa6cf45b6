import { z } from 'zod'
import { Id, ListQuery, Timestamp } from './common.ts'
import { LocalDateField } from './schedule.ts'

/** An audit row's id: a number the database draws, in the order rows were chained. */
export const AuditLogIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) })

/** At most a year and a day of audit rows in one export. */
export const AUDIT_EXPORT_DAYS = 366

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)

/**
 * Who acted (`actor`, a user id), what they did (`action`: `shifts.publish` exactly, or
 * `shifts` for every shift action), to what (`model`, `record`).
 */
export const AuditLogFilter = z
  .object({
    actor: Id.optional(),
    action: z.string().trim().min(1).max(100).optional(),
    model: z.string().trim().min(1).max(64).optional(),
    record: z.string().trim().min(1).max(200).optional(),
  })
  .optional()

const rangeRefinement = (query: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (query.from && query.to && query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End the range on or after its start' })
}

/**
 * `GET /audit_log?from=2026-03-01&to=2026-03-31&filter[actor]=…&q=text`: newest first, of
 * those business days (both included); `q` finds text anywhere in a row (e-mail, action,
 * record, the values before and after, IP).
 */
export const AuditLogQuery = ListQuery.extend({
  from: LocalDateField.optional(),
  to: LocalDateField.optional(),
  sort: z.enum(['created_at']).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  filter: AuditLogFilter,
}).superRefine(rangeRefinement)
export type AuditLogQuery = z.infer<typeof AuditLogQuery>

/** `GET /audit_log/export`: the rows of a filtered range (at most a year), a page at a time. */
export const AuditLogExportQuery = z
  .object({
    from: LocalDateField,
    to: LocalDateField,
    q: ListQuery.shape.q,
    filter: AuditLogFilter,
    page: ListQuery.shape.page,
    page_size: z.coerce.number().int().min(1).max(1000).default(1000),
  })
  .superRefine((query, ctx) => {
    rangeRefinement(query, ctx)
    if (query.to >= query.from && daysBetween(query.from, query.to) >= AUDIT_EXPORT_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Use a range of at most ${AUDIT_EXPORT_DAYS} days` })
    }
  })
export type AuditLogExportQuery = z.infer<typeof AuditLogExportQuery>

/**
 * One audit row as the log lists it: when, who (their name as it is now; `actor_email` as it
 * was), what, to which record, from where, and which fields changed.
 */
export const AuditLogEntry = z.object({
  id: z.number().int().min(1),
  created_at: Timestamp,
  action: z.string(),
  model: z.string(),
  record_id: z.string().nullable(),
  actor: z.object({ id: Id, name: z.string() }).nullable(),
  actor_email: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The top-level fields whose value differs between before and after. */
  changed: z.array(z.string()),
})
export type AuditLogEntry = z.infer<typeof AuditLogEntry>

/** An audit row with the values before and after (secrets such as hashes shown as `[redacted]`): an export's row. */
export const AuditLogExportRow = AuditLogEntry.extend({
  before: z.unknown(),
  after: z.unknown(),
})
export type AuditLogExportRow = z.infer<typeof AuditLogExportRow>

/** One audit row in full: its values, whether its record still exists, and its place in its business's chain. */
export const AuditLogDetail = AuditLogExportRow.extend({
  record_exists: z.boolean(),
  hash: z.string().nullable(),
  prev_hash: z.string().nullable(),
})
export type AuditLogDetail = z.infer<typeof AuditLogDetail>

/** Why a row breaks the chain: its content no longer matches its hash, or it does not follow the row before it. */
export const AuditChainBreak = z.object({
  id: z.number().int(),
  created_at: Timestamp,
  reason: z.enum(['altered', 'unlinked']),
})

/**
 * `GET /audit_log/verify`: every row of the business checked in chain order. `head` is the
 * last row's hash: kept elsewhere, it also shows rows removed from the end later.
 */
export const AuditChainReport = z.object({
  valid: z.boolean(),
  checked: z.number().int().min(0),
  head: z.object({ id: z.number().int(), hash: z.string().nullable(), created_at: Timestamp }).nullable(),
  first_break: AuditChainBreak.nullable(),
})
export type AuditChainReport = z.infer<typeof AuditChainReport>
