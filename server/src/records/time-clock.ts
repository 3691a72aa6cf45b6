import {
  breakMinutes,
  checkLocation,
  localDateOf,
  localTimeOf,
  minutesBetween,
  punctuality,
  type ClockPosition,
  type Settings,
  type TimesheetFlag,
} from '@rota/core'
import { z } from 'zod'
import type { Db } from '../db/database.ts'
import type { StoredBreak } from '../db/schema/index.ts'
import { unprocessable } from '../errors.ts'
import type { ShiftRow } from '../repositories/shifts.ts'
import { insertTimesheet, locationCoordinates, openTimesheetOf, shiftTimesheet, timesheetRow, writeTimesheet, type TimesheetRow } from '../repositories/timesheets.ts'
import { notify } from '../repositories/notifications.ts'
import { recountHours } from './timesheet-hours.ts'

/** Writes an audit row of the `timesheets` model in the clocking's transaction. */
export type Auditor = (entry: { action: string; recordId: string; before?: unknown; after?: unknown }) => Promise<void>

/** A clocking in progress: its transaction, the business's settings, the moment it happens, and how to audit it. */
export interface Clocking {
  tx: Db
  businessId: string
  settings: Settings
  now: Date
  audit: Auditor
}

/** A flag with only what it says set. */
export const flagOf = (kind: TimesheetFlag['kind'], extra: Partial<Omit<TimesheetFlag, 'kind'>> = {}): TimesheetFlag => ({
  kind,
  at: null,
  minutes: null,
  distance_m: null,
  reason: null,
  ...extra,
})

/** The audit row's view of a timesheet: the contract's fields that a clocking or a correction changes. */
export const auditedTimesheet = (row: TimesheetRow) => ({
  started_at: row.started_at.toISOString(),
  ended_at: row.ended_at?.toISOString() ?? null,
  break_minutes: row.break_minutes,
  location_id: row.location_id,
  service_id: row.service_id,
  notes: row.notes,
  correction_reason: row.correction_reason,
  flags: row.flags.map((flag) => flag.kind),
  status: row.status,
})

/** What a timesheet's history shows: the fields its audit rows hold (a rejection's note, a creation's person too). */
export const AuditedTimesheet = z.object({
  staff_id: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  break_minutes: z.number(),
  location_id: z.string(),
  service_id: z.string(),
  notes: z.string().nullable(),
  correction_reason: z.string().nullable(),
  flags: z.array(z.string()),
  status: z.string(),
  note: z.string(),
})

/** Whether a clocked-in shift is past its planned end by more than the grace period: its clock-out was forgotten. */
export function isOverdue(shift: Pick<ShiftRow, 'ends_at'>, settings: Pick<Settings, 'forgotten_clock_out_grace_minutes'>, now: Date): boolean {
  return now.getTime() > shift.ends_at.getTime() + settings.forgotten_clock_out_grace_minutes * 60_000
}

/** The flags a clocking earns: early or late past the tolerance, and where it was done. */
async function clockingFlags(c: Clocking, shift: ShiftRow, at: 'clock_in' | 'clock_out', position: ClockPosition | null): Promise<TimesheetFlag[]> {
  const flags: TimesheetFlag[] = []
  const timing = punctuality(at === 'clock_in' ? shift.starts_at : shift.ends_at, c.now, c.settings.clock_tolerance_minutes)
  if (timing) flags.push(flagOf(`${timing.direction}_${at}`, { at, minutes: timing.minutes }))
  const client = await locationCoordinates(c.tx, c.businessId, shift.location_id)
  const place = checkLocation(client, position, c.settings.location_radius_m)
  if (place.verdict === 'outside') flags.push(flagOf('outside_location', { at, distance_m: place.distance_m }))
  if (place.verdict === 'unverified') flags.push(flagOf('location_unverified', { at, reason: place.reason }))
  return flags
}

/**
 * Clocks a shift's staff member in (the shift machine has let them): a pending timesheet
 * starting now, flagged when early or late past the tolerance and when away from the client
 * or unverifiable. Refused when the shift is over, or when they are clocked in elsewhere.
 */
export async function clockIn(c: Clocking, shift: ShiftRow, position: ClockPosition | null): Promise<TimesheetRow> {
  if (c.now >= shift.ends_at) throw unprocessable('shift_ended', { ends_at: shift.ends_at.toISOString() })
  const open = await openTimesheetOf(c.tx, c.businessId, shift.staff_id!)
  if (open) throw unprocessable('already_clocked_in', { shift_id: open.shift_id, timesheet_id: open.id })
  const row = await insertTimesheet(c.tx, {
    business_id: c.businessId,
    shift_id: shift.id,
    staff_id: shift.staff_id!,
    location_id: shift.location_id,
    service_id: shift.service_id,
    clock_in_at: c.now,
    started_at: c.now,
    flags: await clockingFlags(c, shift, 'clock_in', position),
    status: 'pending',
    created_by: shift.staff_id,
  })
  await c.audit({ action: 'timesheets.clock_in', recordId: row.id, after: auditedTimesheet(row) })
  return row
}

/** The timesheet a clocking acts on: the shift's, still open. */
async function openSheet(c: Clocking, shift: ShiftRow): Promise<TimesheetRow> {
  const sheet = await shiftTimesheet(c.tx, c.businessId, shift.id)
  if (!sheet || sheet.ended_at) throw unprocessable('not_clocked_in')
  return sheet
}

/** A break starts now (the machine has checked none is going on). */
export async function startBreak(c: Clocking, shift: ShiftRow): Promise<TimesheetRow> {
  const sheet = await openSheet(c, shift)
  const breaks: StoredBreak[] = [...sheet.breaks, { started_at: c.now.toISOString(), ended_at: null }]
  const after = await writeTimesheet(c.tx, c.businessId, sheet.id, { breaks })
  await c.audit({ action: 'timesheets.break_start', recordId: sheet.id, after: { breaks: breaks.length } })
  return after
}

/** The break going on ends now. */
export async function endBreak(c: Clocking, shift: ShiftRow): Promise<TimesheetRow> {
  const sheet = await openSheet(c, shift)
  const after = await writeTimesheet(c.tx, c.businessId, sheet.id, { breaks: endingBreaks(sheet.breaks, c.now) })
  await c.audit({ action: 'timesheets.break_end', recordId: sheet.id, after: { break_minutes: breakMinutes(after.breaks, c.now) } })
  return after
}

/** The breaks with the one going on ended at `at` (but never before it started). */
function endingBreaks(breaks: readonly StoredBreak[], at: Date): StoredBreak[] {
  return breaks.map((item) => (item.ended_at === null ? { ...item, ended_at: new Date(Math.max(at.getTime(), Date.parse(item.started_at))).toISOString() } : item))
}

/**
 * Closes a shift's timesheet (its staff member clocking out, or a forgotten clock-out): the
 * hours, the breaks taken (one going on ends with it), the flags, and the person's week counted
 * again for overtime. A clock-out past the grace period is a forgotten one: closed at the
 * planned end, not at now, with the planned unpaid break (or the longer one clocked), and
 * flagged for the manager, who hears the staff member's side.
 * Undefined when the shift has no timesheet (clocked in before Rota kept them).
 */
export async function clockOut(c: Clocking, shift: ShiftRow, options: { position: ClockPosition | null; note?: string | undefined }): Promise<TimesheetRow | undefined> {
  const sheet = await shiftTimesheet(c.tx, c.businessId, shift.id)
  if (!sheet || sheet.ended_at) return undefined
  const forgotten = isOverdue(shift, c.settings, c.now)
  const end = forgotten ? new Date(Math.max(shift.ends_at.getTime(), sheet.started_at.getTime())) : c.now
  const breaks = endingBreaks(sheet.breaks, end)
  const worked = Math.max(0, minutesBetween(sheet.started_at, end))
  const taken = Math.min(breakMinutes(breaks, end), worked)
  // Closed at the planned end, the hours are the planned ones: the planned unpaid break with them, unless more was clocked.
  const unpaid = forgotten ? Math.max(taken, Math.min(shift.break_minutes, worked)) : taken
  const flags = forgotten
    ? [...sheet.flags, flagOf('forgotten_clock_out', { at: 'clock_out' })]
    : [...sheet.flags, ...(await clockingFlags(c, shift, 'clock_out', options.position))]
  const note = options.note?.trim()
  const closed = await writeTimesheet(c.tx, c.businessId, sheet.id, {
    ended_at: end,
    clock_out_at: forgotten ? null : end,
    breaks,
    break_minutes: unpaid,
    clocked_break_minutes: taken,
    flags,
    ...(note ? { notes: sheet.notes ? `${sheet.notes}\n${note}` : note } : {}),
  })
  await recountHours(c.tx, c.businessId, closed.staff_id, [closed.started_at], c.settings)
  const counted = (await timesheetRow(c.tx, c.businessId, closed.id))!
  await c.audit({ action: forgotten ? 'timesheets.forgotten_clock_out' : 'timesheets.clock_out', recordId: sheet.id, before: auditedTimesheet(sheet), after: auditedTimesheet(counted) })
  if (forgotten) {
    const tz = c.settings.timezone
    await notify(c.tx, {
      businessId: c.businessId,
      userId: counted.staff_id,
      title: 'timesheet_forgotten_clock_out',
      values: { date: localDateOf(counted.started_at, tz), time: localTimeOf(end, tz) },
      model: 'timesheets',
      operation: 'forgotten_clock_out',
      extra: { timesheet_id: counted.id, schedule_id: shift.id },
    })
  }
  return counted
}
