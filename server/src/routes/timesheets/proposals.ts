import { localDateOf, localHoursOf } from '@rota/core'
import type { Auth, HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { timesheets } from '../../db/schema/index.ts'
import { forbidden, notFound, unprocessable } from '../../errors.ts'
import { lockForChange } from '../../records/lifecycle.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { notify } from '../../repositories/notifications.ts'
import { timesheetRow, writeTimesheet, type TimesheetRow } from '../../repositories/timesheets.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { applyCorrection, auditedWithProposal, correctedHours, NO_PROPOSAL, refuseOverlap, refuseUncorrectable, withFlag, type ClosedTimesheet } from './correction.ts'
import { timesheetViewerOf } from './present.ts'
import { visibleTimesheet } from './timesheets.ts'
import { peopleWhoUpdate } from '../../repositories/team.ts'

type Ctx = HandlerContext<Auth>

/** A timesheet with a correction proposed: its columns all set. */
type Proposed = TimesheetRow & { proposed_started_at: Date; proposed_ended_at: Date; proposed_break_minutes: number; proposal_reason: string }

/**
 * The caller's own timesheet, locked for a change at the version they read. Someone else's is
 * not found by those who cannot see it, and forbidden to a manager, who corrects it instead.
 */
async function ownTimesheet(tx: Db, ctx: Ctx, id: string, version: number): Promise<TimesheetRow> {
  const { businessId, userId } = ctx.auth
  const found = await timesheetRow(tx, businessId, id)
  if (!found || (found.staff_id !== userId && !timesheetViewerOf(ctx.auth).manages)) throw notFound()
  if (found.staff_id !== userId) throw forbidden()
  return lockForChange<TimesheetRow>(tx, timesheets, businessId, id, version)
}

/** Refuses a proposal on hours a payroll locked, still clocked into, or already judged: a manager reopens those. */
function refuseUnproposable(row: TimesheetRow): asserts row is ClosedTimesheet {
  if (row.locked_at) throw unprocessable('locked')
  if (!row.ended_at) throw unprocessable('proposal_timesheet_open')
  if (row.status !== 'pending') throw unprocessable('proposal_timesheet_decided', { status: row.status })
}

function refuseWithoutProposal(row: TimesheetRow): asserts row is Proposed {
  if (!row.proposed_at) throw unprocessable('no_proposal')
}

/** Writes the proposal away (withdrawn, accepted or declined), with its flag. */
const cleared = (row: TimesheetRow) => ({ ...NO_PROPOSAL, flags: withFlag(row.flags, 'proposal', false) })

/** The day and the hours proposed, on the business's clock, as notifications say them. */
const toldHours = (from: Date, to: Date, timezone: string) => ({ date: localDateOf(from, timezone), time: localHoursOf(from, to, timezone) })

export const timesheetProposalHandlers: Handlers<'proposeTimesheetCorrection' | 'withdrawTimesheetProposal' | 'acceptTimesheetProposal' | 'declineTimesheetProposal'> = {
  /**
   * A staff member proposes the hours they say are right, checked as a manager's correction
   * would be (a break longer than the time, hours ending after now, hours overlapping others);
   * it replaces one proposed before, and every manager hears of it.
   */
  async proposeTimesheetCorrection({ params, body }, ctx) {
    const { businessId, userId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const { version, reason, ...patch } = body
    await ctx.db.transaction(async (tx) => {
      const row = await ownTimesheet(tx, ctx, params.id, version)
      refuseUnproposable(row)
      const hours = correctedHours(row, patch, settings, ctx.clock.now())
      if (hours.from.getTime() === row.started_at.getTime() && hours.to.getTime() === row.ended_at.getTime() && hours.breakMinutes === row.break_minutes) {
        throw unprocessable('proposal_unchanged')
      }
      await refuseOverlap({ ...ctx, db: tx }, row.staff_id, hours, row.id)
      const after = await writeTimesheet(tx, businessId, row.id, {
        proposed_started_at: hours.from,
        proposed_ended_at: hours.to,
        proposed_break_minutes: hours.breakMinutes,
        proposal_reason: reason,
        proposed_at: ctx.clock.now(),
        flags: withFlag(row.flags, 'proposal', true),
      })
      await audit(ctx, { action: 'timesheets.propose', model: 'timesheets', recordId: row.id, before: auditedWithProposal(row), after: auditedWithProposal(after) }, tx)
      const name = `${ctx.auth.profile.firstname} ${ctx.auth.profile.lastname}`.trim()
      const values = { name, ...toldHours(hours.from, hours.to, settings.timezone), reason }
      for (const manager of (await peopleWhoUpdate(tx, businessId, 'timesheets')).filter((id) => id !== userId)) {
        await notify(tx, { businessId, userId: manager, title: 'timesheet_proposed', values, model: 'timesheets', operation: 'proposed', extra: { timesheet_id: row.id } })
      }
    })
    return answer(await visibleTimesheet(ctx, params.id, settings), 'proposal_sent')
  },

  async withdrawTimesheetProposal({ params, query }, ctx) {
    const settings = await getSettings(ctx.db, ctx.auth.businessId)
    await ctx.db.transaction(async (tx) => {
      const row = await ownTimesheet(tx, ctx, params.id, query.version)
      refuseWithoutProposal(row)
      const after = await writeTimesheet(tx, ctx.auth.businessId, row.id, cleared(row))
      await audit(ctx, { action: 'timesheets.withdraw_proposal', model: 'timesheets', recordId: row.id, before: auditedWithProposal(row), after: auditedWithProposal(after) }, tx)
    })
    return answer(await visibleTimesheet(ctx, params.id, settings), 'proposal_withdrawn')
  },

  /** Accepting is a manager's correction with the proposal's hours and reason: the same checks, flag, count and audit. */
  async acceptTimesheetProposal({ params, body }, ctx) {
    const { businessId, userId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    await ctx.db.transaction(async (tx) => {
      const row = await lockForChange<TimesheetRow>(tx, timesheets, businessId, params.id, body.version)
      refuseWithoutProposal(row)
      refuseUncorrectable(row)
      const hours = { from: row.proposed_started_at, to: row.proposed_ended_at, breakMinutes: row.proposed_break_minutes }
      const { flags, ...changes } = cleared(row)
      await applyCorrection(tx, ctx, row, { hours, reason: row.proposal_reason, changes, flags }, settings, 'timesheets.accept_proposal')
      if (row.staff_id !== userId) {
        const values = toldHours(row.proposed_started_at, row.proposed_ended_at, settings.timezone)
        await notify(tx, { businessId, userId: row.staff_id, title: 'timesheet_proposal_accepted', values, model: 'timesheets', operation: 'proposal_accepted', extra: { timesheet_id: row.id } })
      }
    })
    return answer(await visibleTimesheet(ctx, params.id, settings), 'proposal_accepted')
  },

  async declineTimesheetProposal({ params, body }, ctx) {
    const { businessId, userId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    await ctx.db.transaction(async (tx) => {
      const row = await lockForChange<TimesheetRow>(tx, timesheets, businessId, params.id, body.version)
      refuseWithoutProposal(row)
      const after = await writeTimesheet(tx, businessId, row.id, cleared(row))
      const note = body.reason ? { note: body.reason } : {}
      await audit(ctx, { action: 'timesheets.decline_proposal', model: 'timesheets', recordId: row.id, before: auditedWithProposal(row), after: { ...auditedWithProposal(after), ...note } }, tx)
      if (row.staff_id !== userId) {
        const values = { ...toldHours(row.proposed_started_at, row.proposed_ended_at, settings.timezone), reason: body.reason ?? '' }
        await notify(tx, { businessId, userId: row.staff_id, title: 'timesheet_proposal_declined', values, model: 'timesheets', operation: 'proposal_declined', extra: { timesheet_id: row.id } })
      }
    })
    return answer(await visibleTimesheet(ctx, params.id, settings), 'proposal_declined')
  },
}
