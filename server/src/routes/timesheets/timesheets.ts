import { localDateOf, localDay, localHoursOf, type Settings, type Timesheet, type TimesheetQuery } from '@rota/core'
import { and, eq, gte, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm'
import type { Auth, HandlerContext } from '../../context.ts'
import { timesheets, users } from '../../db/schema/index.ts'
import { notFound, unprocessable } from '../../errors.ts'
import { closeForgottenClockOuts } from '../../records/forgotten-clock-outs.ts'
import { lockForChange } from '../../records/lifecycle.ts'
import { recordHistory } from '../../records/history.ts'
import { auditedTimesheet, flagOf } from '../../records/time-clock.ts'
import { recountHours } from '../../records/timesheet-hours.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { notify } from '../../repositories/notifications.ts'
import { orderOf, pageOf, pageWithTotal, searchOf } from '../../repositories/listing.ts'
import { activeMember, insertTimesheet, timesheetsWhere, type TimesheetRow } from '../../repositories/timesheets.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { requireParts } from '../schedules/parts.ts'
import { applyCorrection, AuditedWithProposal, correctedHours, hoursOf, refuseOverlap, refuseUncorrectable } from './correction.ts'
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
    schema: AuditedWithProposal,
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
    const { version, reason, date, start, end, break_minutes, ...parts } = body
    await requireParts(ctx, { location_id: parts.location_id, service_id: parts.service_id })
    await ctx.db.transaction(async (tx) => {
      const row = await lockForChange<TimesheetRow>(tx, timesheets, businessId, params.id, version)
      refuseUncorrectable(row)
      const hours = correctedHours(row, { date, start, end, break_minutes }, settings, ctx.clock.now())
      const changes = {
        ...(parts.location_id ? { location_id: parts.location_id } : {}),
        ...(parts.service_id ? { service_id: parts.service_id } : {}),
        ...(parts.notes !== undefined ? { notes: parts.notes } : {}),
      }
      const after = await applyCorrection(tx, ctx, row, { hours, reason, changes }, settings)
      // The person whose hours they are hears of a manager's correction, with its reason, rather than finding it by chance.
      if (row.staff_id !== ctx.auth.userId) {
        const tz = settings.timezone
        const time = localHoursOf(after.started_at, after.ended_at!, tz)
        await notify(tx, { businessId, userId: row.staff_id, title: 'timesheet_corrected', values: { date: localDateOf(after.started_at, tz), time, reason }, model: 'timesheets', operation: 'corrected', extra: { timesheet_id: row.id } })
      }
    })
    return answer(await visibleTimesheet(ctx, params.id, settings), 'saved')
  },
}
