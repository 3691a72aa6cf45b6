import { z } from 'zod'
import { Id, Timestamp } from './common.ts'
import { LocalDateField } from './schedule.ts'
import { FillWeights } from './fill-weights.ts'

export * from './fill-weights.ts'

/** The longest range one fill staffs: two weeks. */
export const FILL_RANGE_DAYS = 14

/**
 * `POST /schedule/fill`: staff the open shifts starting on those days (business clock, both
 * included), or only the `shift_ids` given among them, weighing the soft goals by `weights`
 * (the business's settings for those left out), within `time_limit_ms`.
 */
export const FillBody = z
  .object({
    from: LocalDateField,
    to: LocalDateField,
    shift_ids: z.array(Id).min(1).max(5000).optional(),
    weights: FillWeights.partial().optional(),
    time_limit_ms: z.number().int().min(200).max(30_000).default(10_000),
  })
  .superRefine((body, ctx) => {
    if (body.to < body.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End the range on or after its start' })
    else if ((Date.parse(`${body.to}T00:00:00Z`) - Date.parse(`${body.from}T00:00:00Z`)) / 86_400_000 >= FILL_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Use a range of at most ${FILL_RANGE_DAYS} days` })
    }
  })
export type FillBody = z.input<typeof FillBody>

/** The hard rules (the schedule's conflicts, all hard here, and days in a row), then `taken` and `no_staff`. */
export const FILL_RULES = ['service', 'time_off', 'availability', 'overlap', 'rest', 'weekly_hours', 'days_in_row'] as const
export const FillRule = z.enum([...FILL_RULES, 'taken', 'no_staff'])
export type FillRule = z.infer<typeof FillRule>

/** Why someone was chosen: their week with the proposal, their target and preference, the client, overtime, cost. */
export const FillReason = z.object({
  week_minutes: z.number().int(),
  target_minutes: z.number().int().nullable(),
  preferred_minutes: z.number().int().nullable(),
  recent_client: z.boolean(),
  preferred_client: z.boolean(),
  overtime: z.boolean(),
  cost_cents: z.number().int(),
})
export type FillReason = z.infer<typeof FillReason>

export const FillAssignment = z.object({
  shift_id: Id,
  staff: z.object({ id: Id, name: z.string() }),
  reason: FillReason,
})
export type FillAssignment = z.infer<typeof FillAssignment>

/** An open shift the proposal leaves open, with the rule that kept the most people off it and how many each rule kept. */
export const FillUnfilled = z.object({
  shift_id: Id,
  rule: FillRule,
  counts: z.partialRecord(z.enum(FILL_RULES), z.number().int()),
})
export type FillUnfilled = z.infer<typeof FillUnfilled>

/** The range's figures for the people considered: cost (overtime priced by the business's rule), overtime minutes, fairness spread. */
export const FillTotals = z.object({
  filled: z.number().int(),
  open: z.number().int(),
  cost_cents: z.number().int(),
  overtime_minutes: z.number().int(),
  fairness_spread_minutes: z.number().int(),
})
export type FillTotals = z.infer<typeof FillTotals>

/**
 * A fill proposal, stored until applied. `method`: `optimal` (proved best), `time_limit` (the
 * solver's best when its time ran out), `local_search` (the quick proposal improved by moves
 * that keep every rule: a week too big to prove), `greedy` (nothing better found in time: the
 * quick proposal).
 */
export const FillProposal = z.object({
  id: Id,
  status: z.enum(['proposed', 'applied']),
  from: LocalDateField,
  to: LocalDateField,
  method: z.enum(['optimal', 'time_limit', 'local_search', 'greedy']),
  solve_ms: z.number().int(),
  weights: FillWeights,
  assignments: z.array(FillAssignment),
  unfilled: z.array(FillUnfilled),
  totals: z.object({ before: FillTotals, after: FillTotals }),
  created_at: Timestamp,
})
export type FillProposal = z.infer<typeof FillProposal>

/** `POST /schedule/fill/{id}/apply`: all of it, or only the `shift_ids` the manager kept. */
export const ApplyFillBody = z.object({ shift_ids: z.array(Id).min(1).max(5000).optional() })
export type ApplyFillBody = z.infer<typeof ApplyFillBody>
export const ApplyFillResult = z.object({ applied: z.number().int(), proposal: FillProposal })
export type ApplyFillResult = z.infer<typeof ApplyFillResult>
