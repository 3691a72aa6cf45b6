import { localDateOf, localTimeOf, shiftRange, type Settings, type TimesheetFlag, type UpdateTimesheetBody } from '@rota/core'
import { z } from 'zod'
import type { Auth, HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { unprocessable } from '../../errors.ts'
import { AuditedTimesheet, auditedTimesheet, flagOf } from '../../records/time-clock.ts'
import { recountHours } from '../../records/timesheet-hours.ts'
import { overlappingTimesheet, writeTimesheet, type NewTimesheet, type TimesheetRow } from '../../repositories/timesheets.ts'
import { audit } from '../audit.ts'

type Ctx = HandlerContext<Auth>

/** A timesheet its person has clocked out of. */
export type ClosedTimesheet = TimesheetRow & { ended_at: Date }

/** The hours a correction gives a timesheet: its start and end, and the unpaid break. */
export interface CorrectedHours {
  from: Date
  to: Date
  breakMinutes: number
}

/** The fields of a correction (a manager's, or one its staff member proposes) that say when they worked. */
export type HoursPatch = Pick<UpdateTimesheetBody, 'date' | 'start' | 'end' | 'break_minutes'>

/** The columns of a proposed correction, empty: what accepting, declining or withdrawing it writes. */
export const NO_PROPOSAL = { proposed_started_at: null, proposed_ended_at: null, proposed_break_minutes: null, proposal_reason: null, proposed_at: null } as const

/** The instants of hours given on the business's clock; refused when the break is longer than the time. */
export function hoursOf(date: string, start: string, end: string, breakMinutes: number, settings: Settings, now: Date): { from: Date; to: Date } {
  const range = shiftRange(date, start, end, settings.timezone)
  if (breakMinutes > range.minutes) throw unprocessable('break_too_long', { break_minutes: `At most ${range.minutes} minutes` })
  // Hours are written once worked: hours still to come would be approved, billed and paid before they happen.
  if (range.to > now) throw unprocessable('timesheet_in_future', { end: 'Ends after now' })
  return range
}

export async function refuseOverlap(ctx: Ctx, staffId: string, range: { from: Date; to: Date }, exceptId?: string): Promise<void> {
  const other = await overlappingTimesheet(ctx.db, ctx.auth.businessId, staffId, range.from, range.to, exceptId)
  if (other) throw unprocessable('timesheet_overlap', { timesheet_id: other })
}

/** Refuses a manager's correction of a timesheet that is locked, still clocked into, or already judged. */
export function refuseUncorrectable(row: TimesheetRow): asserts row is ClosedTimesheet {
  if (row.locked_at) throw unprocessable('locked')
  if (!row.ended_at) throw unprocessable('timesheet_open')
  if (row.status !== 'pending') throw unprocessable('timesheet_not_editable', { status: row.status })
}

/** The hours a correction names: the day, start and end given on the business's clock (those not given stay as counted), and the break. */
export function correctedHours(row: ClosedTimesheet, patch: HoursPatch, settings: Settings, now: Date): CorrectedHours {
  const tz = settings.timezone
  const moved = patch.date !== undefined || patch.start !== undefined || patch.end !== undefined
  const breakMinutes = patch.break_minutes ?? row.break_minutes
  const range = moved
    ? hoursOf(patch.date ?? localDateOf(row.started_at, tz), patch.start ?? localTimeOf(row.started_at, tz), patch.end ?? localTimeOf(row.ended_at, tz), breakMinutes, settings, now)
    : { from: row.started_at, to: row.ended_at }
  if (!moved && breakMinutes > Math.floor((range.to.getTime() - range.from.getTime()) / 60_000)) {
    throw unprocessable('break_too_long', { break_minutes: 'Longer than the time worked' })
  }
  return { from: range.from, to: range.to, breakMinutes }
}

/** A timesheet's flags with one of `kind` (added at the end when missing), or none. */
export function withFlag(flags: readonly TimesheetFlag[], kind: TimesheetFlag['kind'], on: boolean): TimesheetFlag[] {
  if (!on) return flags.filter((flag) => flag.kind !== kind)
  return flags.some((flag) => flag.kind === kind) ? [...flags] : [...flags, flagOf(kind)]
}

/** A timesheet's audit snapshot: the hours that count and the correction its staff member proposed. */
export const auditedWithProposal = (row: TimesheetRow) => ({
  ...auditedTimesheet(row),
  proposed_started_at: row.proposed_started_at?.toISOString() ?? null,
  proposed_ended_at: row.proposed_ended_at?.toISOString() ?? null,
  proposed_break_minutes: row.proposed_break_minutes,
  proposal_reason: row.proposal_reason,
})

/** What a timesheet's history shows: the fields of its audit snapshots (a decline's reason is its `note`). */
export const AuditedWithProposal = AuditedTimesheet.extend({
  proposed_started_at: z.string().nullable(),
  proposed_ended_at: z.string().nullable(),
  proposed_break_minutes: z.number().nullable(),
  proposal_reason: z.string().nullable(),
})

/**
 * Corrects a timesheet (locked by the caller, and correctable) inside the caller's
 * transaction: refused when the person has other hours then, the hours moved and the
 * reason kept (the clocked times stay), flagged `corrected`, the person's weeks counted
 * again, and audited with both sides. A manager's correction and an accepted proposal
 * (its own `action`, with the proposal cleared in `changes` and `flags`) both come here.
 * @example
 * await applyCorrection(tx, ctx, row, { hours: correctedHours(row, body, settings, now), reason: body.reason }, settings)
 */
export async function applyCorrection(
  tx: Db,
  ctx: Ctx,
  row: ClosedTimesheet,
  correction: { hours: CorrectedHours; reason: string; changes?: Partial<NewTimesheet>; flags?: TimesheetFlag[] },
  settings: Settings,
  action = 'timesheets.update',
): Promise<TimesheetRow> {
  const { businessId } = ctx.auth
  const { hours } = correction
  await refuseOverlap({ ...ctx, db: tx }, row.staff_id, hours, row.id)
  const after = await writeTimesheet(tx, businessId, row.id, {
    ...correction.changes,
    started_at: hours.from,
    ended_at: hours.to,
    break_minutes: hours.breakMinutes,
    correction_reason: correction.reason,
    flags: withFlag(correction.flags ?? row.flags, 'corrected', true),
  })
  await recountHours(tx, businessId, row.staff_id, [row.started_at, after.started_at], settings)
  await audit(ctx, { action, model: 'timesheets', recordId: row.id, before: auditedWithProposal(row), after: auditedWithProposal(after) }, tx)
  return after
}
