import { localDateOf, type Settings, type TimesheetEventBody } from '@rota/core'
import { timesheetMachine } from '@rota/machines'
import { and, inArray } from 'drizzle-orm'
import type { Auth, HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { timesheets } from '../../db/schema/index.ts'
import { unprocessable } from '../../errors.ts'
import { eachOrNone, lockForChange, transition } from '../../records/lifecycle.ts'
import { recountHours } from '../../records/timesheet-hours.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { notify } from '../../repositories/notifications.ts'
import { timesheetsWhere, writeTimesheet, type TimesheetRow } from '../../repositories/timesheets.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { presentTimesheet, timesheetFacts, timesheetViewerOf } from './present.ts'
import { visibleTimesheet } from './timesheets.ts'

type Ctx = HandlerContext<Auth>
type TimesheetEvent = Pick<TimesheetEventBody, 'type'> & { version?: number; note?: string | undefined }

/** Someone whose hours were judged: told once per person by the caller. */
interface Tell {
  userId: string
  approved: boolean
  timesheet: TimesheetRow
}

/**
 * Runs one event on one timesheet inside the caller's transaction: a locked timesheet is
 * refused (422 `locked`) before anything else, and one with a proposed correction waiting
 * (422 `timesheet_has_proposal`); then the timesheet machine decides (a timesheet still
 * clocked into cannot be judged). Rejecting takes its hours out of the
 * person's week and reopening a rejected one puts them back, so the week is counted again.
 */
async function runEvent(tx: Db, ctx: Ctx, id: string, event: TimesheetEvent, settings: Settings, tells: Tell[]): Promise<TimesheetRow> {
  const { businessId, userId } = ctx.auth
  const row = await lockForChange<TimesheetRow>(tx, timesheets, businessId, id, event.version)
  if (row.locked_at) throw unprocessable('locked')
  if (row.invoice_id) throw unprocessable('invoiced', { invoice_id: row.invoice_id })
  // What its staff member proposed is decided first, so nobody approves hours they say are wrong.
  if (row.proposed_at && event.type !== 'timesheet.reopen') throw unprocessable('timesheet_has_proposal')
  const next = transition(timesheetMachine, row.status as never, { type: event.type } as never, timesheetFacts(row))
  const decided = event.type === 'timesheet.reopen' ? { decided_by: null, decided_at: null } : { decided_by: userId, decided_at: ctx.clock.now() }
  const after = await writeTimesheet(tx, businessId, row.id, { status: next, ...decided })
  if (row.status === 'rejected' || next === 'rejected') await recountHours(tx, businessId, row.staff_id, [row.started_at], settings)
  if (event.type !== 'timesheet.reopen') tells.push({ userId: row.staff_id, approved: event.type === 'timesheet.approve', timesheet: row })
  await audit(
    ctx,
    { action: `timesheets.${event.type.replace('timesheet.', '')}`, model: 'timesheets', recordId: row.id, before: { status: row.status }, after: { status: next, ...(event.note ? { note: event.note } : {}) } },
    tx,
  )
  return after
}

/** One notification per person: their day's hours judged, or how many of their timesheets. */
async function tellAll(tx: Db, businessId: string, tells: Tell[], settings: Settings): Promise<number> {
  const byPerson = new Map<string, Tell[]>()
  for (const tell of tells) byPerson.set(`${tell.userId}/${tell.approved}`, [...(byPerson.get(`${tell.userId}/${tell.approved}`) ?? []), tell])
  for (const theirs of byPerson.values()) {
    const [first] = theirs
    if (!first) continue
    const kind = first.approved ? 'approved' : 'rejected'
    const one = theirs.length === 1
    await notify(tx, {
      businessId,
      userId: first.userId,
      title: one ? `timesheet_${kind}` : `timesheets_${kind}`,
      values: one ? { date: localDateOf(first.timesheet.started_at, settings.timezone) } : { count: String(theirs.length) },
      model: 'timesheets',
      operation: kind,
      extra: one ? { timesheet_id: first.timesheet.id } : {},
    })
  }
  return new Set(tells.map((tell) => tell.userId)).size
}

const notices = { 'timesheet.approve': 'approved', 'timesheet.reject': 'rejected', 'timesheet.reopen': 'reopened' } as const

export const timesheetEventHandlers: Handlers<'timesheetEvent' | 'timesheetEvents'> = {
  async timesheetEvent({ params, body }, ctx) {
    const settings = await getSettings(ctx.db, ctx.auth.businessId)
    await ctx.db.transaction(async (tx) => {
      const tells: Tell[] = []
      await runEvent(tx, ctx, params.id, body, settings, tells)
      await tellAll(tx, ctx.auth.businessId, tells, settings)
    })
    return answer(await visibleTimesheet(ctx, params.id, settings), notices[body.type])
  },

  async timesheetEvents({ body }, ctx) {
    const { businessId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const ids = [...new Set(body.ids)]
    const notified = await ctx.db.transaction(async (tx) => {
      const tells: Tell[] = []
      await eachOrNone(ids, (id) => id, (id) => runEvent(tx, ctx, id, { type: body.type, note: body.note }, settings, tells))
      return tellAll(tx, businessId, tells, settings)
    })
    const viewer = timesheetViewerOf(ctx.auth)
    const rows = await timesheetsWhere(ctx.db, businessId, and(inArray(timesheets.id, ids)))
    return answer({ timesheets: rows.map((row) => presentTimesheet(row, viewer, settings)), notified }, notices[body.type])
  },
}
