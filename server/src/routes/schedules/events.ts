import { localDateOf, localHoursOf, type Settings, type ShiftEventBody } from '@rota/core'
import { shiftMachine } from '@rota/machines'
import { and, eq, inArray } from 'drizzle-orm'
import type { Auth, HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { shifts } from '../../db/schema/index.ts'
import { forbidden, notFound, unprocessable } from '../../errors.ts'
import { eachOrNone, lockForChange, transition } from '../../records/lifecycle.ts'
import { completeGuideStep, getSettings } from '../../repositories/businesses.ts'
import { notify } from '../../repositories/notifications.ts'
import {
  closeRequest,
  createRequest,
  hasShift,
  publishedState,
  rejectOtherRequests,
  requestById,
  personName,
  shiftsWhere,
  toldOf,
  writeShift,
  type NewShift,
  type ShiftRow,
} from '../../repositories/shifts.ts'
import { clockIn, clockOut, endBreak, startBreak, type Clocking } from '../../records/time-clock.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { requireParts } from './parts.ts'
import { conflictsOf, eventsFor, factsFor, heldBack, pendingChange, permitted, spanOf, surroundings, viewerOf, type Viewer } from './present.ts'
import { present, visibleShift, visibleTo } from './shifts.ts'
import { swapClash } from './swap.ts'
import { tellAll, type Tell } from './tell.ts'
import { peopleWhoUpdate } from '../../repositories/team.ts'

type Ctx = HandlerContext<Auth>

/** The audit row's view of a shift. */
const audited = (row: ShiftRow) => ({ staff_id: row.staff_id, status: row.status, starts_at: row.starts_at.toISOString(), ends_at: row.ends_at.toISOString() })

/**
 * Runs one event on one shift inside the caller's transaction: the person may send it
 * (role), the shift's machine allows it (facts as this person sees them), then what the
 * event does — publish tells staff (collected in `tells`, told once per person by the
 * caller), requests are made and decided, people assigned and exchanged — and the audit row.
 */
async function runEvent(
  tx: Db,
  ctx: Ctx,
  id: string,
  event: ShiftEventBody | { type: 'shift.publish' | 'shift.cancel'; version?: number },
  settings: Settings,
  tells: Tell[],
  options: { skipSettled?: boolean } = {},
): Promise<ShiftRow> {
  const { businessId, userId } = ctx.auth
  const viewer = viewerOf(ctx.auth)
  const now = ctx.clock.now()
  if (!permitted(viewer, event.type)) throw forbidden()
  // A shift the person may not read is not found, as by GET: before its version or its status could say it exists.
  if (!viewer.schedules && !(await hasShift(tx, businessId, and(eq(shifts.id, id), visibleTo(viewer))))) throw notFound()
  const row = await lockForChange<ShiftRow>(tx, shifts, businessId, id, event.version)
  // Publishing a week again publishes what changed; what staff already know is left as it is.
  if (options.skipSettled && event.type === 'shift.publish' && row.status === 'published' && pendingChange(row) === null) return row
  // Staff act on the shift as they were told of it, which is what they are shown (decision 024).
  const seen = viewer.schedules ? row : toldOf(row)
  const around = await surroundings(tx, businessId, [seen], viewer, settings, now)
  const facts = factsFor(seen, viewer, around)
  const next = transition(shiftMachine, seen.status as never, event as never, facts)
  if (heldBack(event.type, row, viewer)) {
    throw unprocessable('shift_unpublished_change', { status: seen.status, event: event.type, allowed: eventsFor(seen.status, facts, viewer, row) })
  }
  const date = localDateOf(seen.starts_at, settings.timezone)
  const change = async (patch: Partial<NewShift>) => writeShift(tx, businessId, row.id, { status: next, ...patch })
  let after: ShiftRow

  switch (event.type) {
    case 'shift.publish': {
      const told = pendingChange(row)
      if (row.staff_id && told) tells.push({ userId: row.staff_id, change: told, shift: row })
      if (row.published?.staff_id && row.published.staff_id !== row.staff_id && row.published.status !== 'cancelled') {
        tells.push({ userId: row.published.staff_id, change: 'cancelled', shift: row })
      }
      after = await change({ published: publishedState({ ...row, status: next }) })
      await completeGuideStep(tx, businessId, 'schedules')
      break
    }
    case 'shift.cancel': {
      for (const request of around.requests.get(row.id) ?? []) await closeRequest(tx, businessId, request.id, 'rejected', userId)
      after = await change({})
      break
    }
    case 'shift.assign': {
      await requireParts({ ...ctx, db: tx }, { staff_id: event.staff_id })
      await refuseClash(tx, ctx, { ...row, staff_id: event.staff_id }, settings)
      for (const request of around.requests.get(row.id) ?? []) await closeRequest(tx, businessId, request.id, 'rejected', userId)
      after = await change({ staff_id: event.staff_id })
      break
    }
    case 'shift.unassign':
      after = await change({ staff_id: null })
      break
    case 'shift.request':
    case 'shift.drop':
    case 'shift.swap': {
      const kind = event.type === 'shift.request' ? 'take' : event.type === 'shift.drop' ? 'drop' : 'swap'
      let swapShiftId: string | null = null
      if (event.type === 'shift.swap') swapShiftId = (await swapPartner(tx, ctx, row, event.with_shift_id, settings)).id
      await createRequest(tx, { business_id: businessId, shift_id: row.id, kind, requester_id: userId, swap_shift_id: swapShiftId, note: event.note ?? null })
      for (const scheduler of await peopleWhoUpdate(tx, businessId, 'schedules')) {
        await notify(tx, { businessId, userId: scheduler, title: `shift_${kind}_requested`, values: { name: `${ctx.auth.profile.firstname} ${ctx.auth.profile.lastname}`.trim(), date }, model: 'schedules', operation: `request_${kind}`, extra: { schedule_id: row.id } })
      }
      after = row
      break
    }
    case 'shift.withdraw': {
      const request = await requestById(tx, businessId, event.request_id)
      if (!request || request.shift_id !== row.id || request.requester_id !== userId || request.status !== 'pending') throw unprocessable('request_not_found', { request_id: 'No such request' })
      await closeRequest(tx, businessId, request.id, 'withdrawn', userId)
      after = row
      break
    }
    case 'shift.approve':
    case 'shift.reject': {
      const request = await requestById(tx, businessId, event.request_id)
      if (!request || request.shift_id !== row.id || request.status !== 'pending') throw unprocessable('request_not_found', { request_id: 'No such request' })
      // An approval tells each person concerned what they now work (`approve`); a refusal tells the requester.
      if (event.type === 'shift.approve') after = await approve(tx, ctx, row, request, settings)
      else {
        after = row
        await notify(tx, { businessId, userId: request.requester_id, title: 'shift_request_rejected', values: { date, reason: event.note ?? '' }, model: 'schedules', operation: 'request_rejected', extra: { schedule_id: row.id } })
      }
      await closeRequest(tx, businessId, request.id, event.type === 'shift.approve' ? 'approved' : 'rejected', userId)
      break
    }
    case 'shift.clock_in':
    case 'shift.break_start':
    case 'shift.break_end':
    case 'shift.complete': {
      const clocking: Clocking = { tx, businessId, settings, now, audit: (entry) => audit(ctx, { ...entry, model: 'timesheets' }, tx) }
      if (event.type === 'shift.clock_in') await clockIn(clocking, seen, event.position ?? null)
      else if (event.type === 'shift.break_start') await startBreak(clocking, seen)
      else if (event.type === 'shift.break_end') await endBreak(clocking, seen)
      else await clockOut(clocking, seen, { position: event.position ?? null, note: event.note })
      // Worked as its staff member was told: a change not yet published to them is overtaken by it.
      after = await change(event.type === 'shift.clock_in' ? { location_id: seen.location_id, service_id: seen.service_id, starts_at: seen.starts_at, ends_at: seen.ends_at, break_minutes: seen.break_minutes } : {})
      break
    }
    default:
      after = await change({})
  }
  await audit(ctx, { action: `shifts.${event.type.replace('shift.', '')}`, model: 'schedules', recordId: row.id, before: audited(row), after: audited(after) }, tx)
  return after
}

/** Refused (422) when the person would be in two places at once, or on approved time off. */
async function refuseClash(tx: Db, ctx: Ctx, row: ShiftRow, settings: Settings): Promise<void> {
  const around = await surroundings(tx, ctx.auth.businessId, [row], viewerOf(ctx.auth), settings, ctx.clock.now())
  const clash = conflictsOf(spanOf(row), row.staff_id, around).find((conflict) => conflict.severity === 'error')
  if (clash) throw unprocessable(clash.kind === 'overlap' ? 'shift_overlap' : 'shift_time_off', { date: localDateOf(row.starts_at, settings.timezone), conflicts: [clash] })
}

/** The shift a staff member offers theirs against: someone else's published shift, which they could work. */
async function swapPartner(tx: Db, ctx: Ctx, mine: ShiftRow, otherId: string, settings: Settings): Promise<ShiftRow> {
  const [other] = await shiftsWhere(tx, ctx.auth.businessId, eq(shifts.id, otherId))
  const theirs = other?.shift
  // A shift changed since its staff were told of it is not the one the asker saw: it waits for the next publish.
  if (!theirs || theirs.id === mine.id || theirs.status !== 'published' || !theirs.staff_id || theirs.staff_id === mine.staff_id || pendingChange(theirs) !== null) {
    throw unprocessable('swap_not_possible', { with_shift_id: 'Choose someone else’s published shift' })
  }
  await refuseSwapClash(tx, ctx, mine, theirs, settings)
  return theirs
}

/** Each person, given the other's shift instead of their own, must be free then. */
async function refuseSwapClash(tx: Db, ctx: Ctx, mine: ShiftRow, theirs: ShiftRow, settings: Settings): Promise<void> {
  const viewer: Viewer = { userId: ctx.auth.userId, schedules: true }
  const clash = swapClash(mine, theirs, await surroundings(tx, ctx.auth.businessId, [mine, theirs], viewer, settings, ctx.clock.now()))
  if (clash) throw unprocessable('swap_not_possible', { with_shift_id: 'One of you is not free for the other’s shift', conflicts: [clash] })
}

/**
 * Grants a request: the requester takes the open shift, is let off theirs (it opens), or
 * exchanges it. The people concerned are told directly, once each and in words of what they
 * now work, so what they were told is updated with it and the next publish does not tell them again.
 */
async function approve(tx: Db, ctx: Ctx, row: ShiftRow, request: { id: string; kind: string; requester_id: string; swap_shift_id: string | null }, settings: Settings): Promise<ShiftRow> {
  const { businessId, userId } = ctx.auth
  const told = (after: ShiftRow) => (after.status === 'published' ? { published: publishedState(after) } : {})
  const dateOf = (shift: ShiftRow) => localDateOf(shift.starts_at, settings.timezone)
  // The hours too: two shifts of one day would otherwise read the same.
  const hoursOf = (shift: ShiftRow) => localHoursOf(shift.starts_at, shift.ends_at, settings.timezone)
  const tell = (to: string, title: 'shift_take_approved' | 'shift_drop_approved' | 'shift_swap_approved' | 'shift_swapped', values: Record<string, string>, shiftId: string) =>
    notify(tx, { businessId, userId: to, title, values, model: 'schedules', operation: title === 'shift_swapped' ? 'swapped' : 'request_approved', extra: { schedule_id: shiftId } })
  if (request.kind === 'take') {
    if (row.staff_id) throw unprocessable('transition_not_allowed', { status: row.status, event: 'shift.approve', allowed: [] })
    await refuseClash(tx, ctx, { ...row, staff_id: request.requester_id }, settings)
    await rejectOtherRequests(tx, businessId, row.id, request.id, userId)
    const after = { ...row, staff_id: request.requester_id }
    await tell(request.requester_id, 'shift_take_approved', { date: dateOf(row) }, row.id)
    return writeShift(tx, businessId, row.id, { staff_id: request.requester_id, ...told(after) })
  }
  if (request.kind === 'drop') {
    const after = { ...row, staff_id: null }
    await tell(request.requester_id, 'shift_drop_approved', { date: dateOf(row) }, row.id)
    return writeShift(tx, businessId, row.id, { staff_id: null, ...told(after) })
  }
  const theirs = await lockForChange<ShiftRow>(tx, shifts, businessId, request.swap_shift_id!, undefined)
  if (theirs.status !== 'published' || !theirs.staff_id || !row.staff_id) throw unprocessable('swap_not_possible', { request_id: 'The other shift changed since' })
  await refuseSwapClash(tx, ctx, row, theirs, settings)
  const [mineAfter, theirsAfter] = [{ ...row, staff_id: theirs.staff_id }, { ...theirs, staff_id: row.staff_id }]
  await writeShift(tx, businessId, theirs.id, { staff_id: theirsAfter.staff_id, ...told(theirsAfter) })
  // Each now works the other's shift: the requester is told so, and the colleague the mirror of it.
  await tell(request.requester_id, 'shift_swap_approved', { date: dateOf(theirs), time: hoursOf(theirs), other_date: dateOf(row), other_time: hoursOf(row) }, theirs.id)
  await tell(theirs.staff_id, 'shift_swapped', { date: dateOf(row), time: hoursOf(row), other_date: dateOf(theirs), other_time: hoursOf(theirs), name: await personName(tx, businessId, request.requester_id) }, row.id)
  return writeShift(tx, businessId, row.id, { staff_id: mineAfter.staff_id, ...told(mineAfter) })
}

export const shiftEventHandlers: Handlers<'shiftEvent' | 'shiftEvents'> = {
  async shiftEvent({ params, body }, ctx) {
    const settings = await getSettings(ctx.db, ctx.auth.businessId)
    await ctx.db.transaction(async (tx) => {
      const tells: Tell[] = []
      await runEvent(tx, ctx, params.id, body, settings, tells)
      await tellAll(tx, ctx.auth.businessId, tells)
    })
    return answer(await visibleShift(ctx, params.id), body.type === 'shift.publish' ? 'published' : 'saved')
  },

  async shiftEvents({ body }, ctx) {
    const { businessId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const ids = [...new Set(body.ids)]
    const notified = await ctx.db.transaction(async (tx) => {
      const tells: Tell[] = []
      await eachOrNone(ids, (id) => id, (id) => runEvent(tx, ctx, id, { type: body.type }, settings, tells, { skipSettled: true }))
      return tellAll(tx, businessId, tells)
    })
    const rows = await shiftsWhere(ctx.db, businessId, and(inArray(shifts.id, ids)))
    return answer({ shifts: await present(ctx, rows, settings), notified }, body.type === 'shift.publish' ? 'published' : 'saved')
  },
}
