import { localDay, timeOffMinutes, timeOffSpan, TimeoffRequest, type CreateTimeoffRequestBody, type Settings, type TimeoffRequestQuery, type TimeOffPeriod } from '@rota/core'
import { and, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm'
import type { Auth, HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { timeoffRequests, users } from '../../db/schema/index.ts'
import { badRequest, forbidden, notFound, unprocessable } from '../../errors.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { orderOf, pageOf, pageWithTotal } from '../../repositories/listing.ts'
import { notify } from '../../repositories/notifications.ts'
import { personName, schedulableStaff } from '../../repositories/shifts.ts'
import { categoryById } from '../../repositories/timeoff-categories.ts'
import { insertRequest, requestsWhere, standingOverlaps, type TimeoffRequestRow } from '../../repositories/timeoff-requests.ts'
import { recordHistory } from '../../records/history.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { personBalance, refuseOverBalance } from './balances.ts'
import { presentRequests, timeoffViewerOf, visibleTo, type TimeoffViewer } from './present.ts'
import { peopleWhoUpdate } from '../../repositories/team.ts'

type Ctx = HandlerContext<Auth>

function listWhere(query: TimeoffRequestQuery, settings: Settings, viewer: TimeoffViewer): SQL | undefined {
  const tz = settings.timezone
  const filter = query.filter ?? {}
  return and(
    eq(timeoffRequests.business_id, settings.business_id),
    query.from ? gt(timeoffRequests.ends_at, localDay(query.from, tz).from) : undefined,
    query.to ? lt(timeoffRequests.starts_at, localDay(query.to, tz).to) : undefined,
    filter.scope === 'mine' ? eq(timeoffRequests.staff_id, viewer.userId) : filter.scope === 'team' ? ne(timeoffRequests.staff_id, viewer.userId) : undefined,
    filter.status ? inArray(timeoffRequests.status, filter.status) : undefined,
    filter.category ? eq(timeoffRequests.category_id, filter.category) : undefined,
    filter.staff ? eq(timeoffRequests.staff_id, filter.staff) : undefined,
    visibleTo(viewer),
  )
}

/** One request as the viewer may see it, or 404. */
export async function visibleRequest(ctx: Ctx, id: string, settings?: Settings): Promise<TimeoffRequest> {
  const viewer = timeoffViewerOf(ctx.auth)
  const [row] = await requestsWhere(ctx.db, ctx.auth.businessId, and(eq(timeoffRequests.id, id), visibleTo(viewer)))
  if (!row) throw notFound()
  const known = settings ?? (await getSettings(ctx.db, ctx.auth.businessId))
  return (await presentRequests(ctx.db, ctx.auth.businessId, [row], viewer, known))[0]!
}

/** The audit row's view of a request. */
export const audited = (row: TimeoffRequestRow) => ({
  staff_id: row.staff_id,
  category_id: row.category_id,
  start_date: row.start_date,
  end_date: row.end_date,
  minutes: row.minutes,
  note: row.note,
  status: row.status,
  decision_note: row.decision_note,
})

/** What a notification about a request says of it: whose, which category, which days (and hours). */
export async function toldOf(db: Db, businessId: string, row: TimeoffRequestRow, categoryName: string): Promise<Record<string, string>> {
  return {
    name: await personName(db, businessId, row.staff_id),
    category: categoryName,
    from: row.start_date,
    to: row.end_date,
    ...(row.start_time && row.end_time ? { start: row.start_time.slice(0, 5), end: row.end_time.slice(0, 5) } : {}),
  }
}

/** Locks a person's row until the transaction ends, so two requests of theirs are judged one after the other. */
export async function lockPerson(tx: Db, businessId: string, staffId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(and(eq(users.business_id, businessId), eq(users.id, staffId))).for('update')
}

/** When the body asks for, on the business's clock: one day for a half day or hours, the times only for hours. */
function periodOf(body: CreateTimeoffRequestBody): TimeOffPeriod {
  return {
    period: body.period,
    start_date: body.start_date,
    end_date: body.period === 'days' ? (body.end_date ?? body.start_date) : body.start_date,
    half: body.period === 'half_day' ? (body.half ?? 'morning') : null,
    start_time: body.period === 'hours' ? (body.start_time ?? null) : null,
    end_time: body.period === 'hours' ? (body.end_time ?? null) : null,
  }
}

export const timeoffRequestHandlers: Handlers<'listTimeoffRequests' | 'getTimeoffRequest' | 'createTimeoffRequest' | 'timeoffRequestHistory'> = {
  async listTimeoffRequests({ query }, ctx) {
    const { businessId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const viewer = timeoffViewerOf(ctx.auth)
    const where = listWhere(query, settings, viewer)
    const { limit, offset } = pageOf(query)
    const order = orderOf(
      {
        start_date: timeoffRequests.starts_at,
        created_at: timeoffRequests.created_at,
        status: timeoffRequests.status,
        staff: sql`(select sort_key from users where business_id = ${timeoffRequests.business_id} and id = ${timeoffRequests.staff_id})`,
      },
      query,
      'start_date',
      timeoffRequests.id,
    )
    const { rows, count } = await pageWithTotal(ctx.db, ctx.totals, { table: timeoffRequests, businessId, where, offset }, (total) =>
      requestsWhere(ctx.db, businessId, where, { limit, offset, order }, total),
    )
    return { count, rows: await presentRequests(ctx.db, businessId, rows, viewer, settings) }
  },

  getTimeoffRequest: ({ params }, ctx) => visibleRequest(ctx, params.id),

  timeoffRequestHistory: recordHistory({
    model: 'timeoff-requests',
    schema: TimeoffRequest,
    async find(db, businessId, id, auth) {
      const [row] = await requestsWhere(db, businessId, and(eq(timeoffRequests.id, id), visibleTo(timeoffViewerOf(auth))))
      if (!row) throw notFound()
    },
  }),

  async createTimeoffRequest({ body }, ctx) {
    const { businessId, userId } = ctx.auth
    const viewer = timeoffViewerOf(ctx.auth)
    const staffId = body.staff_id ?? userId
    if (staffId !== userId && !viewer.decides) throw forbidden()
    if ((await schedulableStaff(ctx.db, businessId, [staffId])).length === 0) throw unprocessable('staff_not_found', { staff_id: 'No such team member (or disabled)' })
    const category = await categoryById(ctx.db, businessId, body.category_id)
    if (!category) throw unprocessable('category_not_found', { category_id: 'No such category' })
    if (!category.active) throw unprocessable('category_archived', { category_id: 'This category is archived' })
    const settings = await getSettings(ctx.db, businessId)
    const period = periodOf(body)
    const span = timeOffSpan(period, settings.timezone)
    // The schema orders the times; the clock could still fold them together on the night it changes.
    if (span.to <= span.from) throw badRequest('validation_failed', { end_time: 'These hours do not exist on that day (the clocks change)' })
    const minutes = timeOffMinutes(period, category.day_minutes, settings.timezone)

    const created = await ctx.db.transaction(async (tx) => {
      await lockPerson(tx, businessId, staffId)
      const [overlap] = await standingOverlaps(tx, businessId, staffId, span.from, span.to)
      if (overlap) throw unprocessable('timeoff_overlap', { start_date: 'Another request covers part of this time', request_id: overlap.id })
      const balance = await personBalance(tx, businessId, staffId, category, period.start_date, settings.timezone)
      refuseOverBalance(balance, minutes, balance.available_minutes)
      const row = await insertRequest(tx, businessId, {
        ...period,
        staff_id: staffId,
        category_id: category.id,
        starts_at: span.from,
        ends_at: span.to,
        minutes,
        note: body.note,
        status: 'pending',
        requested_by: userId,
      })
      await audit(ctx, { action: 'timeoff-requests.create', model: 'timeoff-requests', recordId: row.id, after: audited(row) }, tx)
      const values = await toldOf(tx, businessId, row, category.name)
      const extra = { timeoff_request_id: row.id }
      if (staffId === userId) {
        for (const decider of (await peopleWhoUpdate(tx, businessId, 'timeoff-requests')).filter((id) => id !== userId)) {
          await notify(tx, { businessId, userId: decider, title: 'timeoff_requested', values, model: 'timeoff-requests', operation: 'requested', extra })
        }
      } else {
        await notify(tx, { businessId, userId: staffId, title: 'timeoff_recorded', values: { ...values, name: await personName(tx, businessId, userId) }, model: 'timeoff-requests', operation: 'recorded', extra })
      }
      return row
    })
    return answer(await visibleRequest(ctx, created.id, settings), 'timeoff_requested', 201)
  },
}
