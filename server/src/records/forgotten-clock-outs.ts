import type { ShiftFacts } from '@rota/machines'
import { shiftMachine } from '@rota/machines'
import type { Db } from '../db/database.ts'
import { shifts } from '../db/schema/index.ts'
import { writeAudit } from '../repositories/audit-logs.ts'
import { getSettings } from '../repositories/businesses.ts'
import { writeShift, type ShiftRow } from '../repositories/shifts.ts'
import { overdueTimesheets } from '../repositories/timesheets.ts'
import { lockForChange, transition } from './lifecycle.ts'
import { clockOut, isOverdue } from './time-clock.ts'

/** How Rota itself looks at a shift whose clock-out was forgotten: nobody's, started and overdue. */
const overdueFacts: ShiftFacts = { staffed: true, changed: false, mine: false, eligible: false, requested: false, pendingRequests: false, onBreak: false, started: true, overdue: true }

/**
 * Closes one forgotten clock-out in the caller's transaction, as Rota (no person): the shift
 * machine completes the shift, its timesheet ends at the planned end, flagged, and the staff
 * member is told. Nothing happens if someone closed it meanwhile or the grace period moved.
 */
async function closeOne(tx: Db, businessId: string, shiftId: string, now: Date): Promise<boolean> {
  const shift = await lockForChange<ShiftRow>(tx, shifts, businessId, shiftId, undefined)
  if (shift.status !== 'in_progress') return false
  const settings = await getSettings(tx, businessId)
  if (!isOverdue(shift, settings, now)) return false
  const next = transition(shiftMachine, 'in_progress', { type: 'shift.complete' }, overdueFacts)
  const audit = (entry: { action: string; recordId: string; before?: unknown; after?: unknown }) => writeAudit(tx, { businessId, actorId: null, model: 'timesheets', ...entry })
  await clockOut({ tx, businessId, settings, now, audit }, shift, { position: null })
  await writeShift(tx, businessId, shift.id, { status: next })
  await writeAudit(tx, { businessId, actorId: null, action: 'shifts.complete', model: 'schedules', recordId: shift.id, before: { status: shift.status }, after: { status: next } })
  return true
}

/**
 * Closes a business's forgotten clock-outs (shifts past their end by more than the grace
 * period, still clocked in), each in its own transaction. Timesheet reads call it first, so
 * what they show is never waiting on the periodic sweep (services/clock-out-sweeper.ts).
 * Returns how many it closed.
 */
export async function closeForgottenClockOuts(db: Db, businessId: string, now: Date): Promise<number> {
  let closed = 0
  for (const item of await overdueTimesheets(db, businessId, now)) {
    if (await db.transaction((tx) => closeOne(tx, businessId, item.shift_id, now))) closed += 1
  }
  return closed
}
