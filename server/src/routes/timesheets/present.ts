import { can, localDateOf, localTimeOf, minutesBetween, type Settings, type Timesheet, type TimesheetProposal } from '@rota/core'
import { timesheetMachine, type TimesheetFacts } from '@rota/machines'
import type { Auth } from '../../context.ts'
import { offeredEvents } from '../../records/lifecycle.ts'
import type { TimesheetRow, TimesheetWithParts } from '../../repositories/timesheets.ts'

/** Whoever asks: a manager (timesheets:update) sees everyone's hours and judges them; others see their own. */
export interface TimesheetViewer {
  userId: string
  manages: boolean
}

export const timesheetViewerOf = (auth: Auth): TimesheetViewer => ({ userId: auth.userId, manages: can(auth, 'timesheets', 'update') })

/** The timesheet machine's facts: locked by an approved payroll, still clocked in, a correction proposed and not decided. */
export const timesheetFacts = (row: Pick<TimesheetRow, 'locked_at' | 'ended_at' | 'proposed_at'>): TimesheetFacts => ({
  inApprovedPayroll: row.locked_at !== null,
  open: row.ended_at === null,
  proposed: row.proposed_at !== null,
})

/** The correction its staff member proposed, with what it would pay, while no manager has decided it. */
export function proposalOf(row: TimesheetRow): TimesheetProposal | null {
  const { proposed_started_at: from, proposed_ended_at: to, proposed_break_minutes: breakMinutes, proposal_reason: reason, proposed_at: at } = row
  if (!from || !to || breakMinutes === null || reason === null || !at) return null
  return {
    started_at: from.toISOString(),
    ended_at: to.toISOString(),
    break_minutes: breakMinutes,
    paid_minutes: Math.max(0, minutesBetween(from, to) - breakMinutes),
    reason,
    proposed_at: at.toISOString(),
  }
}

/** A timesheet as the viewer sees it: its parts, the planned shift, the clocked and counted hours, and the events offered. */
export function presentTimesheet(item: TimesheetWithParts, viewer: TimesheetViewer, settings: Pick<Settings, 'timezone'>): Timesheet {
  const { timesheet: row, staff, location, service, shift } = item
  const tz = settings.timezone
  return {
    id: row.id,
    shift_id: row.shift_id,
    staff: { id: staff.id, name: `${staff.firstname} ${staff.lastname}`.trim() },
    location: { id: location.id, name: location.name },
    service: { id: service.id, name: service.name, colour: service.colour },
    date: localDateOf(row.started_at, tz),
    planned: shift
      ? {
          starts_at: shift.starts_at.toISOString(),
          ends_at: shift.ends_at.toISOString(),
          break_minutes: shift.break_minutes,
          paid_minutes: Math.max(0, minutesBetween(shift.starts_at, shift.ends_at) - shift.break_minutes),
        }
      : null,
    clocked: row.clock_in_at
      ? { clock_in_at: row.clock_in_at.toISOString(), clock_out_at: row.clock_out_at?.toISOString() ?? null, break_minutes: row.clocked_break_minutes }
      : null,
    started_at: row.started_at.toISOString(),
    ended_at: row.ended_at?.toISOString() ?? null,
    start_time: localTimeOf(row.started_at, tz),
    end_time: row.ended_at ? localTimeOf(row.ended_at, tz) : null,
    breaks: row.breaks,
    on_break: row.ended_at === null && row.breaks.some((item) => item.ended_at === null),
    break_minutes: row.break_minutes,
    paid_minutes: row.paid_minutes,
    regular_minutes: row.regular_minutes,
    overtime_minutes: row.overtime_minutes,
    double_time_minutes: row.double_time_minutes,
    flags: row.flags,
    notes: row.notes,
    correction_reason: row.correction_reason,
    proposal: proposalOf(row),
    status: row.status as Timesheet['status'],
    locked: row.locked_at !== null,
    allowed_events: offeredEvents(timesheetMachine, row.status as Timesheet['status'], timesheetFacts(row), () => viewer.manages),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  }
}
