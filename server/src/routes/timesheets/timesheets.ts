import { localDateOf, localDay, localHoursOf, localTimeOf, shiftRange, type Settings, type Timesheet, type TimesheetQuery } from '@rota/core'
import { and, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm'
import type { Auth, HandlerContext } from '../../context.ts'
import { timesheets, users } from '../../db/schema/index.ts'
import { notFound, unprocessable } from '../../errors.ts'
import { closeForgottenClockOuts } from '../../records/forgotten-clock-outs.ts'
import { lockForChange } from '../../records/lifecycle.ts'
import { recordHistory } from '../../records/history.ts'
import { AuditedTimesheet, auditedTimesheet, flagOf } from '../../records/time-clock.ts'
import { recountHours } from '../../records/timesheet-hours.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { notify } from '../../repositories/notifications.ts'
import { orderOf, pageOf, pageWithTotal, searchOf } from '../../repositories/listing.ts'
import { activeMember, insertTimesheet, overlappingTimesheet, timesheetsWhere, writeTimesheet, type TimesheetRow } from '../../repositories/timesheets.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { requireParts } from '../schedules/parts.ts'
import { presentTimesheet, timesheetViewerOf, type TimesheetViewer } from './present.ts'

type Ctx = HandlerContext<Auth>

/** Staff see their own hours; a manager everyone's. */
export const visibleTo = (viewer: TimesheetViewer): SQL | undefined => (viewer.manages ? undefined : eq(timesheets.staff_id, viewer.userId))

function listWhere(query: TimesheetQuery, settings: Settings, viewer: TimesheetViewer): SQL | undefined {
  const tz = settings.timezone
  const filter = query.filter ?? {}
  const search = searchOf(users.search_key, query.q)
  return and(
    eq(timesheets.business_id, settings.business_id),
    query.from ? gte(timesheets.started_at, localDay(query.from, tz).from) : undefined,
    query.to ? lt(timesheets.started_at, localDay(query.to, tz).to) : undefined,
    filter.staff ? eq(timesheets.staff_id, filter.staff) : undefined,
    filter.location ? eq(timesheets.location_id, filter.location) : undefined,
    filter.service ? eq(timesheets.service_id, filter.service) : undefined,
    filter.status ? eq(timesheets.status, filter.status) : undefined,
    filter.shift ? eq(timesheets.shift_id, filter.shift) : undefined,
    filter.flagged ? sql`jsonb_array_length(${timesheets.flags}) > 0` : undefined,
    filter.open === 'true' ? isNull(timesheets.ended_at) : filter.open === 'false' ? isNotNull(timesheets.ended_at) : undefined,
    search ? sql`${timesheets.staff_id} in (select ${users.id} from ${users} where ${users.business_id} = ${timesheets.business_id} and ${search})` : undefined,
    visibleTo(viewer),
  )
}

/**
 * Reads are where forgotten clock-outs are closed first (besides the periodic sweep), so a
 * list never shows someone clocked in hours after their shift and its grace period ended.
 */
export async function settledSettings(ctx: Ctx): Promise<Settings> {
  await closeForgottenClockOuts(ctx.db, ctx.auth.businessId, ctx.clock.now())
  return getSettings(ctx.db, ctx.auth.businessId)
}

/** One timesheet as the viewer may see it, or 404 (another business's, or someone else's for staff). */
export async function visibleTimesheet(ctx: Ctx, id: string, settings: Settings): Promise<Timesheet> {
  const viewer = timesheetViewerOf(ctx.auth)
  const [row] = await timesheetsWhere(ctx.db, ctx.auth.businessId, and(eq(timesheets.id, id), visibleTo(viewer)))
  if (!row) throw notFound()
  return presentTimesheet(row, viewer, settings)
}

/** The instants of hours given on the business's clock; refused when the break is longer than the time. */
function hoursOf(date: string, start: string, end: string, breakMinutes: number, settings: Settings, now: Date): { from: Date; to: Date } {
  const range = shiftRange(date, start, end, settings.timezone)
  if (breakMinutes > range.minutes) throw unprocessable('break_too_long', { break_minutes: `At most ${range.minutes} minutes` })
  // Hours are written once worked: hours still to come would be approved, billed and paid before they happen.
  if (range.to > now) throw unprocessable('timesheet_in_future', { end: 'Ends after now' })
  return range
}

async function refuseOverlap(ctx: Ctx, staffId: string, range: { from: Date; to: Date }, exceptId?: string): Promise<void> {
  const other = await overlappingTimesheet(ctx.db, ctx.auth.businessId, staffId, range.from, range.to, exceptId)
  if (other) throw unprocessable('timesheet_overlap', { timesheet_id: other })
}

export const timesheetHandlers: Handlers<'listTimesheets' | 'getTimesheet' | 'createTimesheet' | 'updateTimesheet' | 'timesheetHistory'> = {
  async listTimesheets({ query }, ctx) {
    const { businessId } = ctx.auth
    const settings = await settledSettings(ctx)
    const viewer = timesheetViewerOf(ctx.auth)
    const where = listWhere(query, settings, viewer)
    const { limit, offset } = pageOf(query)
    const order = orderOf(
      {
        started_at: timesheets.started_at,
        staff: sql`(select sort_key from users where business_id = ${timesheets.business_id} and id = ${timesheets.staff_id})`,
        status: timesheets.status,
      },
      query,
      'started_at',
      timesheets.id,
    )
    const { rows, count } = await pageWithTotal(ctx.db, ctx.totals, { table: timesheets, businessId, where, offset }, (total) =>
      timesheetsWhere(ctx.db, businessId, where, { limit, offset, order }, total),
    )
    return { count, rows: rows.map((row) => presentTimesheet(row, viewer, settings)) }
  },

  async getTimesheet({ params }, ctx) {
    return visibleTimesheet(ctx, params.id, await settledSettings(ctx))
  },

  timesheetHistory: recordHistory({
    model: 'timesheets',
    schema: AuditedTimesheet,
    async find(db, businessId, id, auth) {
      const [row] = await timesheetsWhere(db, businessId, and(eq(timesheets.id, id), visibleTo(timesheetViewerOf(auth))))
      if (!row) throw notFound()
    },
  }),

  async createTimesheet({ body }, ctx) {
    const { businessId, userId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    if (!(await activeMember(ctx.db, businessId, body.staff_id))) throw unprocessable('staff_not_found', { staff_id: 'No such team member (or disabled)' })
    await requireParts(ctx, { location_id: body.location_id, service_id: body.service_id })
    const range = hoursOf(body.date, body.start, body.end, body.break_minutes, settings, ctx.clock.now())
    const id = await ctx.db.transaction(async (tx) => {
      await refuseOverlap({ ...ctx, db: tx }, body.staff_id, range)
      const row = await insertTimesheet(tx, {
        business_id: businessId,
        staff_id: body.staff_id,
        location_id: body.location_id,
        service_id: body.service_id,
        started_at: range.from,
        ended_at: range.to,
        break_minutes: body.break_minutes,
        flags: [flagOf('unscheduled')],
        notes: body.notes,
        status: 'pending',
        created_by: userId,
      })
      await recountHours(tx, businessId, row.staff_id, [row.started_at], settings)
      await audit(ctx, { action: 'timesheets.create', model: 'timesheets', recordId: row.id, after: { staff_id: row.staff_id, ...auditedTimesheet(row) } }, tx)
      return row.id
    })
    // Whoever may add hours sees what they added, even for someone else without timesheets:update.
    const [created] = await timesheetsWhere(ctx.db, businessId, eq(timesheets.id, id))
    return answer(presentTimesheet(created!, timesheetViewerOf(ctx.auth), settings), 'saved', 201)
  },

  async updateTimesheet({ params, body }, ctx) {
    const { businessId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const { version, reason, ...patch } = body
    await requireParts(ctx, { location_id: patch.location_id, service_id: patch.service_id })
    await ctx.db.transaction(async (tx) => {
      const row = await lockForChange<TimesheetRow>(tx, timesheets, businessId, params.id, version)
      if (row.locked_at) throw unprocessable('locked')
      if (!row.ended_at) throw unprocessable('timesheet_open')
      if (row.status !== 'pending') throw unprocessable('timesheet_not_editable', { status: row.status })
      const tz = settings.timezone
      const moved = patch.date !== undefined || patch.start !== undefined || patch.end !== undefined
      const breakMinutes = patch.break_minutes ?? row.break_minutes
      const range = moved
        ? hoursOf(patch.date ?? localDateOf(row.started_at, tz), patch.start ?? localTimeOf(row.started_at, tz), patch.end ?? localTimeOf(row.ended_at, tz), breakMinutes, settings, ctx.clock.now())
        : { from: row.started_at, to: row.ended_at }
      if (!moved && breakMinutes > Math.floor((range.to.getTime() - range.from.getTime()) / 60_000)) {
        throw unprocessable('break_too_long', { break_minutes: 'Longer than the time worked' })
      }
      await refuseOverlap({ ...ctx, db: tx }, row.staff_id, range, row.id)
      const after = await writeTimesheet(tx, businessId, row.id, {
        started_at: range.from,
        ended_at: range.to,
        break_minutes: breakMinutes,
        ...(patch.location_id ? { location_id: patch.location_id } : {}),
        ...(patch.service_id ? { service_id: patch.service_id } : {}),
        ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
        correction_reason: reason,
        flags: row.flags.some((flag) => flag.kind === 'corrected') ? row.flags : [...row.flags, flagOf('corrected')],
      })
      await recountHours(tx, businessId, row.staff_id, [row.started_at, after.started_at], settings)
      await audit(ctx, { action: 'timesheets.update', model: 'timesheets', recordId: row.id, before: auditedTimesheet(row), after: auditedTimesheet(after) }, tx)
      // The person whose hours they are hears of a manager's correction, with its reason, rather than finding it by chance.
      if (row.staff_id !== ctx.auth.userId) {
        const time = localHoursOf(after.started_at, after.ended_at!, tz)
        await notify(tx, { businessId, userId: row.staff_id, title: 'timesheet_corrected', values: { date: localDateOf(after.started_at, tz), time, reason }, model: 'timesheets', operation: 'corrected', extra: { timesheet_id: row.id } })
      }
    })
    return answer(await visibleTimesheet(ctx, params.id, settings), 'saved')
  },
}
