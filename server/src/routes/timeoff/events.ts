import { type Settings, type TimeoffEventBody } from '@rota/core'
import { shiftMachine, timeOffMachine } from '@rota/machines'
import { inArray } from 'drizzle-orm'
import type { Auth, HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { shifts, timeoffRequests } from '../../db/schema/index.ts'
import { forbidden, notFound } from '../../errors.ts'
import { eachOrNone, lockForChange, transition } from '../../records/lifecycle.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { notify } from '../../repositories/notifications.ts'
import { closeRequest, pendingRequests, personName, publishedState, shiftsWhere, writeShift, type ShiftRow } from '../../repositories/shifts.ts'
import { conflictsOfRows, surroundings } from '../schedules/present.ts'
import { categoryById } from '../../repositories/timeoff-categories.ts'
import { requestsWhere, shiftsTouching, writeRequest, type TimeoffRequestRow } from '../../repositories/timeoff-requests.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { personBalance, refuseOverBalance } from './balances.ts'
import { permitted, presentRequests, timeoffViewerOf } from './present.ts'
import { audited, lockPerson, toldOf, visibleRequest } from './requests.ts'
import { peopleWhoUpdate } from '../../repositories/team.ts'

type Ctx = HandlerContext<Auth>
type Event = TimeoffEventBody | { type: 'timeoff.approve'; version?: number; unassign_shifts: boolean } | { type: 'timeoff.reject'; version?: number; reason: string }

const verb = (type: string) => type.replace('timeoff.', '').replace('.', '_')

/**
 * The person's shifts inside the time off that can still be given to someone else (draft or
 * published), made open: each through the shift machine's unassign, audited, and what its staff
 * were told updated (the person hears of it with the approval, so the next publish does not tell
 * them again). The person's own pending asks about those shifts (drop, swap) are closed.
 */
async function unassignShifts(tx: Db, ctx: Ctx, row: TimeoffRequestRow): Promise<ShiftRow[]> {
  const { businessId, userId } = ctx.auth
  const touched = await shiftsTouching(tx, businessId, [row.id], { drafts: true })
  const opened: ShiftRow[] = []
  for (const { shift: found } of touched.filter(({ shift }) => shift.status === 'draft' || shift.status === 'published')) {
    const shift = await lockForChange<ShiftRow>(tx, shifts, businessId, found.id, undefined)
    if (shift.staff_id !== row.staff_id) continue
    const status = transition(shiftMachine, shift.status as never, { type: 'shift.unassign' }, { staffed: true })
    const after = { ...shift, staff_id: null, status }
    const written = await writeShift(tx, businessId, shift.id, { staff_id: null, ...(status === 'published' ? { published: publishedState(after) } : {}) })
    for (const request of (await pendingRequests(tx, businessId, [shift.id], row.staff_id)).get(shift.id) ?? []) {
      await closeRequest(tx, businessId, request.id, 'withdrawn', userId)
    }
    await audit(ctx, { action: 'shifts.unassign', model: 'schedules', recordId: shift.id, before: { staff_id: shift.staff_id, status: shift.status }, after: { staff_id: null, status } }, tx)
    opened.push(written)
  }
  return opened
}

/**
 * The shifts approving this time off opened, given back to its person now that it is cancelled:
 * each that is still open, has not begun, and that they are free for, through the shift
 * machine's assign, audited. One someone else took, one that began or one they could no longer
 * work stays as it is, for the scheduler.
 */
async function giveShiftsBack(tx: Db, ctx: Ctx, row: TimeoffRequestRow, settings: Settings): Promise<ShiftRow[]> {
  const { businessId, userId } = ctx.auth
  const now = ctx.clock.now()
  if (row.opened_shift_ids.length === 0) return []
  const candidates: ShiftRow[] = []
  for (const { shift: found } of await shiftsWhere(tx, businessId, inArray(shifts.id, row.opened_shift_ids))) {
    if (found.staff_id !== null || (found.status !== 'draft' && found.status !== 'published') || found.starts_at <= now) continue
    const shift = await lockForChange<ShiftRow>(tx, shifts, businessId, found.id, undefined)
    if (shift.staff_id === null) candidates.push({ ...shift, staff_id: row.staff_id })
  }
  // Judged together, as one save: the person's other shifts and time off, and each other.
  const around = await surroundings(tx, businessId, candidates, { userId, schedules: true }, settings, now)
  const clashes = conflictsOfRows(candidates, around)
  const back: ShiftRow[] = []
  for (const theirs of candidates) {
    if (clashes.get(theirs.id)?.some((conflict) => conflict.severity === 'error')) continue
    const status = transition(shiftMachine, theirs.status as never, { type: 'shift.assign' }, { staffed: false })
    back.push(await writeShift(tx, businessId, theirs.id, { staff_id: row.staff_id, ...(status === 'published' ? { published: publishedState({ ...theirs, status }) } : {}) }))
    await audit(ctx, { action: 'shifts.assign', model: 'schedules', recordId: theirs.id, before: { staff_id: null, status: theirs.status }, after: { staff_id: row.staff_id, status } }, tx)
  }
  return back
}

/**
 * Runs one event on one request inside the caller's transaction: the viewer may send it (role
 * and relation to the request), the time-off machine allows it, then what it does — approving
 * checks the balance and may open the person's shifts, rejecting keeps the reason — the audit
 * row, and everyone concerned told.
 */
async function runEvent(tx: Db, ctx: Ctx, id: string, event: Event, settings: Settings): Promise<TimeoffRequestRow> {
  const { businessId, userId } = ctx.auth
  const viewer = timeoffViewerOf(ctx.auth)
  const unassign = event.type === 'timeoff.approve' && event.unassign_shifts
  if (unassign && !viewer.schedules) throw forbidden()
  const row = await lockForChange<TimeoffRequestRow>(tx, timeoffRequests, businessId, id, event.version)
  if (!viewer.decides && row.staff_id !== userId) throw notFound()
  if (!permitted(viewer, row, event.type)) throw forbidden()
  const next = transition(timeOffMachine, row.status as never, { type: event.type } as never, undefined)
  const category = (await categoryById(tx, businessId, row.category_id))!
  const values = await toldOf(tx, businessId, row, category.name)
  const extra = { timeoff_request_id: row.id }
  const tell = (to: string, title: Parameters<typeof notify>[1]['title'], more: Record<string, string> = {}) =>
    notify(tx, { businessId, userId: to, title, values: { ...values, ...more }, model: 'timeoff-requests', operation: verb(event.type), extra })
  const tellDeciders = async (title: Parameters<typeof notify>[1]['title']) => {
    for (const decider of (await peopleWhoUpdate(tx, businessId, 'timeoff-requests')).filter((person) => person !== userId)) await tell(decider, title)
  }
  const decided = { decided_by: userId, decided_at: new Date() }
  let after: TimeoffRequestRow

  switch (event.type) {
    case 'timeoff.approve': {
      await lockPerson(tx, businessId, row.staff_id)
      // Its own minutes are pending, not spent: what is left for it is the balance itself.
      const balance = await personBalance(tx, businessId, row.staff_id, category, row.start_date, settings.timezone)
      refuseOverBalance(balance, row.minutes, balance.balance_minutes)
      const opened = unassign ? await unassignShifts(tx, ctx, row) : []
      after = await writeRequest(tx, businessId, row.id, { status: next, ...decided, opened_shift_ids: opened.map((shift) => shift.id) })
      if (opened.length > 0) {
        await tell(row.staff_id, 'timeoff_approved_unassigned', { count: String(opened.length) })
        const open = opened.filter((shift) => shift.status === 'published')
        for (const scheduler of (await peopleWhoUpdate(tx, businessId, 'schedules')).filter((person) => person !== userId && person !== row.staff_id)) {
          if (open.length > 0) {
            await notify(tx, { businessId, userId: scheduler, title: 'timeoff_shifts_opened', values: { ...values, count: String(open.length) }, model: 'schedules', operation: 'opened', extra: { schedule_id: open[0]!.id } })
          }
        }
      } else {
        await tell(row.staff_id, 'timeoff_approved')
      }
      break
    }
    case 'timeoff.reject':
      after = await writeRequest(tx, businessId, row.id, { status: next, decision_note: event.reason, ...decided })
      await tell(row.staff_id, 'timeoff_rejected', { reason: event.reason })
      break
    case 'timeoff.cancel':
      after = await writeRequest(tx, businessId, row.id, { status: next })
      if (row.staff_id !== userId) await tell(row.staff_id, 'timeoff_cancelled_for_you', { name: await personName(tx, businessId, userId) })
      if (next === 'cancellation_requested') await tellDeciders('timeoff_cancellation_requested')
      else if (row.staff_id === userId) await tellDeciders('timeoff_withdrawn')
      break
    case 'timeoff.cancellation.approve': {
      // Cancelled first: the person is free again when the shifts are judged.
      after = await writeRequest(tx, businessId, row.id, { status: next, ...decided, opened_shift_ids: [] })
      const back = await giveShiftsBack(tx, ctx, row, settings)
      await tell(row.staff_id, back.length > 0 ? 'timeoff_cancellation_approved_shifts_back' : 'timeoff_cancellation_approved', { count: String(back.length) })
      break
    }
    case 'timeoff.cancellation.refuse':
      after = await writeRequest(tx, businessId, row.id, { status: next, decision_note: event.reason ?? row.decision_note, ...decided })
      await tell(row.staff_id, 'timeoff_cancellation_refused', { reason: event.reason ?? '' })
      break
  }
  await audit(ctx, { action: `timeoff-requests.${verb(event.type)}`, model: 'timeoff-requests', recordId: row.id, before: audited(row), after: audited(after) }, tx)
  return after
}

export const timeoffEventHandlers: Handlers<'timeoffRequestEvent' | 'timeoffRequestEvents'> = {
  async timeoffRequestEvent({ params, body }, ctx) {
    const settings = await getSettings(ctx.db, ctx.auth.businessId)
    await ctx.db.transaction((tx) => runEvent(tx, ctx, params.id, body, settings))
    return answer(await visibleRequest(ctx, params.id, settings), 'saved')
  },

  async timeoffRequestEvents({ body }, ctx) {
    const { businessId } = ctx.auth
    const settings = await getSettings(ctx.db, businessId)
    const ids = [...new Set(body.ids)]
    const event: Event = body.type === 'timeoff.approve' ? { type: body.type, unassign_shifts: body.unassign_shifts } : { type: body.type, reason: body.reason ?? '' }
    await ctx.db.transaction((tx) => eachOrNone(ids, (id) => id, (id) => runEvent(tx, ctx, id, event, settings)))
    const rows = await requestsWhere(ctx.db, businessId, inArray(timeoffRequests.id, ids))
    return answer({ requests: await presentRequests(ctx.db, businessId, rows, timeoffViewerOf(ctx.auth), settings) }, 'saved')
  },
}
