import {
  addLocalDays,
  localDateOf,
  localDay,
  localDaysBetween,
  lineAmount,
  localTimeExists,
  localTimeOf,
  shiftRange,
  type Settings,
  type Shift,
  type ShiftConflict,
  type ShiftQuery,
} from '@rota/core'
import { and, eq, gte, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Auth, HandlerContext } from '../../context.ts'
import { shiftSeries, shifts } from '../../db/schema/index.ts'
import { badRequest, notFound, unprocessable } from '../../errors.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { orderOf, pageOf, pageWithTotal } from '../../repositories/listing.ts'
import { deleteShift, insertShifts, laterInSeries, liveSql, openShiftsStarting, pendingSql, ratesFor, shiftsWhere, toldSql, startsIn, writeShift, type NewShift, type ShiftRow } from '../../repositories/shifts.ts'
import { recordHistory } from '../../records/history.ts'
import { lockForChange } from '../../records/lifecycle.ts'
import { z } from 'zod'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { judge, type Planned } from './judge.ts'
import { conflictsOf, paidMinutesOf, presentShifts, spanOf, surroundings, viewerOf, type Viewer } from './present.ts'
import { occurrences } from './repeat.ts'
import { requireParts } from './parts.ts'

/**
 * A shift's start and end must show on that day's clocks: in the hour the clocks skip (spring
 * forward) `shiftRange` would move a time on, and the shift would start or end other than written.
 * 422 clock_gap, naming the field, the day and the time.
 */
function requireClockTimes(date: string, start: string, end: string, timeZone: string): void {
  const endDate = end <= start ? addLocalDays(date, 1) : date
  if (!localTimeExists(date, start, timeZone)) throw unprocessable('clock_gap', { field: 'start', date, time: start })
  if (!localTimeExists(endDate, end, timeZone)) throw unprocessable('clock_gap', { field: 'end', date: endDate, time: end })
}

/** Whether a shift copied to a date would start or end in the hour its clocks skip. */
const inClockGap = (date: string, start: string, end: string, timeZone: string) => !localTimeExists(date, start, timeZone) || !localTimeExists(end <= start ? addLocalDays(date, 1) : date, end, timeZone)

type Ctx = HandlerContext<Auth>

/** The columns a viewer's list is filtered and sorted by: the shift as it is, or for staff as they were told of it (decision 024). */
const fieldsFor = (viewer: Viewer) => (viewer.schedules ? liveSql : toldSql)

/**
 * What a person without schedules:update may see, as they were told of it: their own shifts
 * once published, and the open published shifts they may work (a service of theirs, or any
 * when none is listed). A change not yet published moves nothing in or out of it.
 */
export function visibleTo(viewer: Viewer): SQL | undefined {
  if (viewer.schedules) return undefined
  return or(
    and(eq(toldSql.staff_id, viewer.userId), ne(toldSql.status, 'draft')),
    and(
      isNull(toldSql.staff_id),
      eq(toldSql.status, 'published'),
      sql`(not exists (select 1 from user_services where business_id = ${shifts.business_id} and user_id = ${viewer.userId})
        or ${toldSql.service_id} in (select service_id from user_services where business_id = ${shifts.business_id} and user_id = ${viewer.userId}))`,
    ),
  )
}

function listWhere(query: ShiftQuery, settings: Settings, viewer: Viewer): SQL | undefined {
  const tz = settings.timezone
  const filter = query.filter ?? {}
  const field = fieldsFor(viewer)
  return and(
    eq(shifts.business_id, settings.business_id),
    startsIn(query.from ? localDay(query.from, tz).from : undefined, query.to ? localDay(query.to, tz).to : undefined, !viewer.schedules),
    filter.staff === 'open' ? isNull(field.staff_id) : filter.staff ? eq(field.staff_id, filter.staff) : undefined,
    filter.location ? eq(field.location_id, filter.location) : undefined,
    filter.service ? eq(field.service_id, filter.service) : undefined,
    filter.status ? eq(field.status, filter.status) : undefined,
    filter.role ? inArray(field.staff_id, sql`(select id from users where business_id = ${shifts.business_id} and role_id = ${filter.role})`) : undefined,
    // What the next publish brings is the scheduler's to know: staff have nothing pending.
    filter.pending ? (viewer.schedules ? pendingSql : sql`false`) : undefined,
    visibleTo(viewer),
  )
}

/**
 * The span whose every shift a list holds: a scheduler's whole range, unfiltered, on one page
 * (the board's week), whose rows are then the other shifts the conflicts need for that span.
 */
function completeRange(query: ShiftQuery, settings: Settings, viewer: Viewer, wholeList: boolean): { from: Date; to: Date } | undefined {
  const filtered = Object.values(query.filter ?? {}).some((value) => value !== undefined)
  if (!viewer.schedules || filtered || !wholeList || !query.from || !query.to) return undefined
  return { from: localDay(query.from, settings.timezone).from, to: localDay(query.to, settings.timezone).to }
}

/** Presents rows for the viewer, with what surrounds them loaded once (see `surroundings` for `complete`). */
export async function present(ctx: Ctx, rows: Awaited<ReturnType<typeof shiftsWhere>>, settings?: Settings, complete?: { from: Date; to: Date }): Promise<Shift[]> {
  const viewer = viewerOf(ctx.auth)
  const known = settings ?? (await getSettings(ctx.db, ctx.auth.businessId))
  const around = await surroundings(ctx.db, ctx.auth.businessId, rows.map((row) => row.shift), viewer, known, ctx.clock.now(), complete)
  return presentShifts(rows, viewer, around)
}

/** One shift as the viewer may see it (staff: as they were told of it), or 404. */
export async function visibleShift(ctx: Ctx, id: string): Promise<Shift> {
  const viewer = viewerOf(ctx.auth)
  const [row] = await shiftsWhere(ctx.db, ctx.auth.businessId, and(eq(shifts.id, id), visibleTo(viewer)), undefined, undefined, { told: !viewer.schedules })
  if (!row) throw notFound()
  return (await present(ctx, [row]))[0]!
}

/** The audit row's view of a shift: its own fields, as stored. */
const audited = (row: ShiftRow) => ({
  staff_id: row.staff_id,
  location_id: row.location_id,
  service_id: row.service_id,
  starts_at: row.starts_at.toISOString(),
  ends_at: row.ends_at.toISOString(),
  break_minutes: row.break_minutes,
  notes: row.notes,
  status: row.status,
})

/** What a shift's history shows: the fields its audit rows hold. */
const AuditedShift = z.object({
  staff_id: z.string().nullable(),
  location_id: z.string(),
  service_id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  break_minutes: z.number(),
  notes: z.string().nullable(),
  status: z.string(),
})

export const shiftHandlers: Handlers<'listShifts' | 'getShift' | 'createShift' | 'updateShift' | 'deleteShift' | 'checkShift' | 'copySchedule' | 'shiftHistory'> = {
  async listShifts({ query }, ctx) {
    const { businessId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const viewer = viewerOf(ctx.auth)
    const where = listWhere(query, settings, viewer)
    const { limit, offset } = pageOf(query)
    const field = fieldsFor(viewer)
    const order = orderOf({ starts_at: field.starts_at, staff: sql`(select sort_key from users where business_id = ${shifts.business_id} and id = ${field.staff_id})`, location: field.location_id }, query, 'starts_at', shifts.id)
    const { rows, count } = await pageWithTotal(ctx.db, ctx.totals, { table: shifts, businessId, where, offset }, (total) =>
      shiftsWhere(ctx.db, businessId, where, { limit, offset, order }, total, { told: !viewer.schedules }),
    )
    return { count, rows: await present(ctx, rows, settings, completeRange(query, settings, viewer, rows.length === count)) }
  },

  getShift: ({ params }, ctx) => visibleShift(ctx, params.id),

  shiftHistory: recordHistory({
    model: 'schedules',
    schema: AuditedShift,
    async find(db, businessId, id, auth) {
      const [row] = await shiftsWhere(db, businessId, and(eq(shifts.id, id), visibleTo(viewerOf(auth))))
      if (!row) throw notFound()
    },
  }),

  async createShift({ body }, ctx) {
    const { businessId, userId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    await requireParts(ctx, body, true)
    const dates = body.repeat ? occurrences(body.repeat.rrule, body.date) : [body.date]
    const planned: Planned[] = dates.map((date) => {
      requireClockTimes(date, body.start, body.end, settings.timezone)
      const range = shiftRange(date, body.start, body.end, settings.timezone)
      return { id: null, staff_id: body.staff_id, location_id: body.location_id, service_id: body.service_id, starts_at: range.from, ends_at: range.to, break_minutes: body.break_minutes }
    })
    await judge(ctx, planned, settings)
    const created = await ctx.db.transaction(async (tx) => {
      const series = body.repeat ? (await tx.insert(shiftSeries).values({ business_id: businessId, rrule: body.repeat.rrule }).returning())[0] : undefined
      const rows = await insertShifts(
        tx,
        businessId,
        planned.map(({ id: _id, ...p }) => ({ ...p, notes: body.notes, status: 'draft', series_id: series?.id ?? null, created_by: userId })),
      )
      for (const row of rows) await audit(ctx, { action: 'shifts.create', model: 'schedules', recordId: row.id, after: audited(row) }, tx)
      return rows
    })
    const rows = await shiftsWhere(ctx.db, businessId, inArray(shifts.id, created.map((row) => row.id)))
    return answer(await present(ctx, rows, settings), 'saved', 201)
  },

  async updateShift({ params, body }, ctx) {
    const { businessId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const tz = settings.timezone
    const { version, scope, ...patch } = body
    await requireParts(ctx, patch)
    const changed = await ctx.db.transaction(async (tx) => {
      const first = await lockForChange<ShiftRow>(tx, shifts, businessId, params.id, version)
      if (first.status !== 'draft' && first.status !== 'published') throw unprocessable('shift_not_editable', { status: first.status })
      // Moved to another client or service, it must be an active one; a shift already there keeps it, archived or not.
      const moved = { location_id: patch.location_id !== first.location_id ? patch.location_id : undefined, service_id: patch.service_id !== first.service_id ? patch.service_id : undefined }
      await requireParts({ ...ctx, db: tx }, moved, true)
      const targets = scope === 'following' && first.series_id ? await laterInSeries(tx, businessId, first.series_id, first.starts_at) : [first]
      const shiftDays = patch.date ? localDaysBetween(localDateOf(first.starts_at, tz), patch.date) : 0
      const planned: Planned[] = targets.map((row) => {
        const date = addLocalDays(localDateOf(row.starts_at, tz), shiftDays)
        const [start, end] = [patch.start ?? localTimeOf(row.starts_at, tz), patch.end ?? localTimeOf(row.ends_at, tz)]
        if (patch.date !== undefined || patch.start !== undefined || patch.end !== undefined) requireClockTimes(date, start, end, tz)
        const range = shiftRange(date, start, end, tz)
        return {
          id: row.id,
          staff_id: patch.staff_id !== undefined ? patch.staff_id : row.staff_id,
          location_id: patch.location_id ?? row.location_id,
          service_id: patch.service_id ?? row.service_id,
          starts_at: range.from,
          ends_at: range.to,
          break_minutes: patch.break_minutes ?? row.break_minutes,
        }
      })
      await judge({ ...ctx, db: tx }, planned, settings)
      const written: ShiftRow[] = []
      for (const [index, row] of targets.entries()) {
        const { id: _id, ...values } = planned[index]!
        const after = await writeShift(tx, businessId, row.id, { ...values, ...(patch.notes !== undefined ? { notes: patch.notes } : {}) })
        await audit(ctx, { action: 'shifts.update', model: 'schedules', recordId: row.id, before: audited(row), after: audited(after) }, tx)
        written.push(after)
      }
      return written
    })
    const rows = await shiftsWhere(ctx.db, businessId, inArray(shifts.id, changed.map((row) => row.id)))
    return answer(await present(ctx, rows, settings), 'saved')
  },

  async deleteShift({ params }, ctx) {
    const { businessId } = ctx.auth
    await ctx.db.transaction(async (tx) => {
      const row = await lockForChange<ShiftRow>(tx, shifts, businessId, params.id, undefined)
      if (row.status !== 'draft') throw unprocessable('shift_not_draft', { status: row.status })
      await audit(ctx, { action: 'shifts.delete', model: 'schedules', recordId: row.id, before: audited(row) }, tx)
      await deleteShift(tx, businessId, row.id)
    })
    return answer({}, 'deleted')
  },

  async checkShift({ body }, ctx) {
    const settings = await getSettings(ctx.db, ctx.auth.businessId)
    await requireParts(ctx, body, !body.id)
    requireClockTimes(body.date, body.start, body.end, settings.timezone)
    const range = shiftRange(body.date, body.start, body.end, settings.timezone)
    const planned = { id: body.id ?? null, staff_id: body.staff_id, location_id: body.location_id, service_id: body.service_id, starts_at: range.from, ends_at: range.to, break_minutes: body.break_minutes }
    const asRow = { ...planned, id: planned.id ?? 'new', status: 'draft' } as unknown as ShiftRow
    const around = await surroundings(ctx.db, ctx.auth.businessId, [asRow], viewerOf(ctx.auth), settings, ctx.clock.now())
    const costed = await costOf(ctx, asRow)
    return { conflicts: conflictsOf(spanOf(asRow), asRow.staff_id, around), ...costed }
  },

  async copySchedule({ body }, ctx) {
    const { businessId, userId } = ctx.auth
    // Onto itself, every assigned shift would clash with itself and every open one be doubled.
    if (body.from === body.to) throw badRequest('validation_failed', { to: 'Use another date than from: a schedule is not copied onto itself' })
    const settings = await getSettings(ctx.db, businessId)
    const tz = settings.timezone
    const delta = localDaysBetween(body.from, body.to)
    const source = await shiftsWhere(
      ctx.db,
      businessId,
      and(
        gte(shifts.starts_at, localDay(body.from, tz).from),
        lt(shifts.starts_at, localDay(addLocalDays(body.from, body.days - 1), tz).to),
        ne(shifts.status, 'cancelled'),
        body.filter?.location ? eq(shifts.location_id, body.filter.location) : undefined,
        body.filter?.staff ? eq(shifts.staff_id, body.filter.staff) : undefined,
      ),
    )
    const viewer = viewerOf(ctx.auth)
    const planned = source.map(({ shift }) => {
      const date = addLocalDays(localDateOf(shift.starts_at, tz), delta)
      const [start, end] = [localTimeOf(shift.starts_at, tz), localTimeOf(shift.ends_at, tz)]
      const range = shiftRange(date, start, end, tz)
      return { from: shift, date, gap: inClockGap(date, start, end, tz), row: { ...shift, id: `copy-${shift.id}`, starts_at: range.from, ends_at: range.to, status: 'draft', published: null } as ShiftRow }
    })
    const around = await surroundings(ctx.db, businessId, planned.map((p) => p.row), viewer, settings, ctx.clock.now())
    // An open shift clashes with no one: copying again would double it, so one already there as it is (or placed by this copy) stays alone.
    const openTwin = (row: Pick<ShiftRow, 'location_id' | 'service_id' | 'starts_at' | 'ends_at'>) =>
      `${row.location_id}|${row.service_id}|${row.starts_at.getTime()}|${row.ends_at.getTime()}`
    const target = { from: localDay(body.to, tz).from, to: localDay(addLocalDays(body.to, body.days - 1), tz).to }
    const open = new Set((await openShiftsStarting(ctx.db, businessId, target.from, target.to)).map(openTwin))
    const skipped: { shift_id: string; date: string; staff: string | null; reason: ShiftConflict['kind'] | 'clock_gap' }[] = []
    const kept: typeof planned = []
    for (const p of planned) {
      // Judged against what is there and what this copy already placed; a copy whose hours the clocks skip would not be the shift copied.
      const refused = p.gap ? undefined : conflictsOf(spanOf(p.row), p.row.staff_id, around).find((c) => c.severity === 'error')
      const twin = !p.row.staff_id && open.has(openTwin(p.row))
      if (p.gap || refused || twin) {
        const person = source.find((s) => s.shift.id === p.from.id)?.staff
        skipped.push({ shift_id: p.from.id, date: p.date, staff: person ? `${person.firstname} ${person.lastname}`.trim() : null, reason: p.gap ? 'clock_gap' : (refused?.kind ?? 'overlap') })
        continue
      }
      kept.push(p)
      if (!p.row.staff_id) open.add(openTwin(p.row))
      if (p.row.staff_id) around.others.set(p.row.staff_id, [...(around.others.get(p.row.staff_id) ?? []), p.row])
    }
    const created = await ctx.db.transaction(async (tx) => {
      const values: NewShift[] = kept.map(({ row }) => ({
        staff_id: row.staff_id,
        location_id: row.location_id,
        service_id: row.service_id,
        starts_at: row.starts_at,
        ends_at: row.ends_at,
        break_minutes: row.break_minutes,
        notes: row.notes,
        status: 'draft',
        series_id: null,
        created_by: userId,
      }))
      const rows = await insertShifts(tx, businessId, values)
      await audit(ctx, { action: 'shifts.copy', model: 'schedules', after: { from: body.from, to: body.to, days: body.days, created: rows.length, skipped: skipped.length } }, tx)
      return rows
    })
    return answer({ created: created.length, skipped }, 'saved')
  },
}

/** What a shift would cost and earn: paid minutes at the person's (or the service's) pay rate and at the bill rate. */
async function costOf(ctx: Ctx, row: ShiftRow): Promise<{ paid_minutes: number; cost_cents: number; value_cents: number }> {
  const rates = await ratesFor(ctx.db, ctx.auth.businessId, row.staff_id, row.service_id, row.location_id)
  const paid = paidMinutesOf(row)
  return { paid_minutes: paid, cost_cents: lineAmount(paid, rates.pay), value_cents: lineAmount(paid, rates.bill) }
}
