import { z } from 'zod'
import { Id, INT32_MAX, ListQuery, Timestamp, Version } from './common.ts'
import { LocalDateField, LocalTimeField, SCHEDULE_PAGE_MAX, SCHEDULE_RANGE_DAYS } from './schedule.ts'

/** A timesheet's status: a state of the timesheet machine (machines/src/timesheet-machine.ts). */
export const TIMESHEET_STATUSES = ['pending', 'approved', 'rejected'] as const
export const TimesheetStatus = z.enum(TIMESHEET_STATUSES)
export type TimesheetStatus = z.infer<typeof TimesheetStatus>

/**
 * What a manager should look at on a timesheet. The time clock never refuses: it records and
 * flags. Early or late past the business's tolerance (by `minutes`), clocked away from the
 * client (by `distance_m`) or where nobody could tell (`reason`), a clock-out forgotten and
 * closed at the planned end, work added without a shift, times corrected by a manager, and
 * a correction its staff member proposed that waits for a manager's decision (decision 038).
 */
export const TIMESHEET_FLAGS = [
  'early_clock_in',
  'late_clock_in',
  'early_clock_out',
  'late_clock_out',
  'outside_location',
  'location_unverified',
  'forgotten_clock_out',
  'unscheduled',
  'corrected',
  'proposal',
] as const
export const TimesheetFlagKind = z.enum(TIMESHEET_FLAGS)
export type TimesheetFlagKind = z.infer<typeof TimesheetFlagKind>

/** Why a position could not be checked: the client has no coordinates, none was shared, or it was too vague. */
export const LocationUnverifiedReason = z.enum(['no_coordinates', 'no_position', 'imprecise'])

export const TimesheetFlag = z.object({
  kind: TimesheetFlagKind,
  /** Which clocking it is about, when it is about one. */
  at: z.enum(['clock_in', 'clock_out']).nullable(),
  minutes: z.number().int().nullable(),
  distance_m: z.number().int().nullable(),
  reason: LocationUnverifiedReason.nullable(),
})
export type TimesheetFlag = z.infer<typeof TimesheetFlag>

export const TimesheetBreak = z.object({ started_at: Timestamp, ended_at: Timestamp.nullable() })
export type TimesheetBreak = z.infer<typeof TimesheetBreak>

/**
 * A correction a staff member proposed of their own hours, waiting for a manager to accept
 * or decline it: the start, end and unpaid break they say are right, what those would pay,
 * and why.
 */
export const TimesheetProposal = z.object({
  started_at: Timestamp,
  ended_at: Timestamp,
  break_minutes: z.number().int(),
  paid_minutes: z.number().int(),
  reason: z.string(),
  proposed_at: Timestamp,
})
export type TimesheetProposal = z.infer<typeof TimesheetProposal>

/**
 * The hours one person actually worked on one shift (or on work a manager added without
 * one): the actual start, end and unpaid breaks, the minutes they pay, split into regular,
 * overtime and double time over the business's week (DESIGN.md §9), and its flags.
 * `clocked` keeps what the time clock recorded, so a manager's correction of `started_at`,
 * `ended_at` or `break_minutes` stands beside the original. `ended_at` is null while its
 * person is still clocked in. `locked` once an approved payroll counted it: it cannot change.
 * `proposal` is its staff member's proposed correction, until a manager decides it.
 */
export const Timesheet = z.object({
  id: Id,
  shift_id: Id.nullable(),
  staff: z.object({ id: Id, name: z.string() }),
  location: z.object({ id: Id, name: z.string() }),
  service: z.object({ id: Id, name: z.string(), colour: z.string() }),
  /** The business day it counts toward: the one it starts on, even past midnight. */
  date: LocalDateField,
  /** The shift as scheduled, when there was one. */
  planned: z.object({ starts_at: Timestamp, ends_at: Timestamp, break_minutes: z.number().int(), paid_minutes: z.number().int() }).nullable(),
  /** What the time clock recorded (null for work a manager added). */
  clocked: z.object({ clock_in_at: Timestamp, clock_out_at: Timestamp.nullable(), break_minutes: z.number().int().nullable() }).nullable(),
  started_at: Timestamp,
  ended_at: Timestamp.nullable(),
  start_time: LocalTimeField,
  end_time: LocalTimeField.nullable(),
  breaks: z.array(TimesheetBreak),
  on_break: z.boolean(),
  break_minutes: z.number().int(),
  paid_minutes: z.number().int(),
  regular_minutes: z.number().int(),
  overtime_minutes: z.number().int(),
  double_time_minutes: z.number().int(),
  flags: z.array(TimesheetFlag),
  notes: z.string().nullable(),
  /** Why a manager last corrected it. */
  correction_reason: z.string().nullable(),
  proposal: TimesheetProposal.nullable(),
  status: TimesheetStatus,
  locked: z.boolean(),
  allowed_events: z.array(z.string()),
  created_at: Timestamp,
  updated_at: Timestamp,
  version: Version,
})
export type Timesheet = z.infer<typeof Timesheet>

/** A day worked: from 2001 on, when every overtime preset is in force. */
const WorkDate = LocalDateField.refine((date) => date >= '2001-01-01', 'Use a date from 2001 on')
const BreakMinutes = z.number().int('Use whole minutes').min(0, 'Use zero or more').max(1440, 'Use at most 1440 minutes')
const Notes = z.string().trim().max(2000, 'Use at most 2000 characters').nullable()

/**
 * Work a manager adds without a shift (a call-out, a shift nobody scheduled), on the
 * business's clock: an end at or before the start is the next day. Flagged `unscheduled`.
 * @example
 * CreateTimesheetBody.parse({ staff_id, location_id, service_id, date: '2026-03-09', start: '22:00', end: '02:00' })
 */
export const CreateTimesheetBody = z.object({
  staff_id: Id,
  location_id: Id,
  service_id: Id,
  date: WorkDate,
  start: LocalTimeField,
  end: LocalTimeField,
  break_minutes: BreakMinutes.default(0),
  notes: Notes.default(null),
})
export type CreateTimesheetBody = z.infer<typeof CreateTimesheetBody>

/**
 * A manager's correction, with the version read and why: only the fields sent change, the
 * clocked times stay as they were recorded, and the timesheet is flagged `corrected`.
 */
export const UpdateTimesheetBody = z.object({
  version: Version,
  reason: z.string().trim().min(1, 'Say why').max(500, 'Use at most 500 characters'),
  date: WorkDate.optional(),
  start: LocalTimeField.optional(),
  end: LocalTimeField.optional(),
  break_minutes: BreakMinutes.optional(),
  location_id: Id.optional(),
  service_id: Id.optional(),
  notes: Notes.optional(),
})
export type UpdateTimesheetBody = z.infer<typeof UpdateTimesheetBody>

/**
 * `GET /timesheet?from=2026-03-09&to=2026-03-15`: timesheets of those business days (both
 * included) by staff, client, service, status, shift; `flagged` for those with flags, `open`
 * for those still clocked in. Staff without timesheets:update see their own. With a range of
 * at most six weeks, `page_size` may go up to 5,000 (a whole week of a large team at once).
 */
export const TimesheetQuery = ListQuery.extend({
  from: LocalDateField.optional(),
  to: LocalDateField.optional(),
  page_size: z.coerce.number().int().min(1).max(SCHEDULE_PAGE_MAX).default(20),
  sort: z.enum(['started_at', 'staff', 'status']).optional(),
  filter: z
    .object({
      staff: Id.optional(),
      location: Id.optional(),
      service: Id.optional(),
      status: TimesheetStatus.optional(),
      shift: Id.optional(),
      flagged: z.enum(['true']).optional(),
      open: z.enum(['true', 'false']).optional(),
    })
    .optional(),
}).superRefine((query, ctx) => {
  if (query.from && query.to && query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End the range on or after its start' })
  const bounded = query.from && query.to && daysBetween(query.from, query.to) < SCHEDULE_RANGE_DAYS
  if (query.page_size > 100 && !bounded) {
    ctx.addIssue({ code: 'custom', path: ['page_size'], message: `Use at most 100, or give from and to at most ${SCHEDULE_RANGE_DAYS} days apart` })
  }
})
export type TimesheetQuery = z.infer<typeof TimesheetQuery>

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

const Note = z.string().trim().max(500, 'Use at most 500 characters')

/** `POST /timesheet/{id}/events`: a timesheet machine event with the version read. */
export const TimesheetEventBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('timesheet.approve'), version: Version }),
  z.object({ type: z.literal('timesheet.reject'), version: Version, note: Note.optional() }),
  z.object({ type: z.literal('timesheet.reopen'), version: Version }),
])
export type TimesheetEventBody = z.infer<typeof TimesheetEventBody>

/**
 * `PUT /timesheet/{id}/proposal`: a staff member proposes a correction of their own hours
 * (pending, clocked out), with the version read and why: the fields of a manager's
 * correction that say when they worked, those not sent staying as counted. One per
 * timesheet: proposing again replaces it.
 * @example
 * ProposeCorrectionBody.parse({ version: 4, end: '17:30', reason: 'Forgot to clock out' })
 */
export const ProposeCorrectionBody = UpdateTimesheetBody.pick({ version: true, reason: true, date: true, start: true, end: true, break_minutes: true })
export type ProposeCorrectionBody = z.infer<typeof ProposeCorrectionBody>

/**
 * `DELETE /timesheet/{id}/proposal?version=4`: the proposer withdraws it.
 * @example
 * WithdrawProposalQuery.parse({ version: '4' }) // { version: 4 }
 */
export const WithdrawProposalQuery = z.object({ version: z.coerce.number().int().min(1).max(INT32_MAX) })

/** `POST /timesheet/{id}/proposal/accept`: a manager applies it as their own correction, with its reason. */
export const AcceptProposalBody = z.object({ version: Version })

/**
 * `POST /timesheet/{id}/proposal/decline`: a manager turns it down, saying why if they like.
 * @example
 * DeclineProposalBody.parse({ version: 5, reason: 'The door log says 17:02' })
 */
export const DeclineProposalBody = z.object({ version: Version, reason: Note.optional() })
export type DeclineProposalBody = z.infer<typeof DeclineProposalBody>

/** `POST /timesheet/events`: approve (a week) or reject many timesheets at once, all or none. */
export const BulkTimesheetEventsBody = z.object({
  type: z.enum(['timesheet.approve', 'timesheet.reject']),
  ids: z.array(Id).min(1).max(SCHEDULE_PAGE_MAX),
  note: Note.optional(),
})
export const BulkTimesheetEventsResult = z.object({ timesheets: z.array(Timesheet), notified: z.number().int() })

/** How the timesheet report groups hours. */
export const TIMESHEET_REPORT_GROUPS = ['person', 'client', 'service', 'week'] as const
export const TimesheetReportGroup = z.enum(TIMESHEET_REPORT_GROUPS)
export type TimesheetReportGroup = z.infer<typeof TimesheetReportGroup>

/** A report is at most a year and a day of business days. */
export const REPORT_RANGE_DAYS = 366

/**
 * `GET /report/timesheets?from=…&to=…&group_by=person`: hours of those business days (both
 * included). Planned comes from the published shifts of the range, actual from the
 * timesheets (`filter[status]`: only approved ones, say; rejected ones never count).
 */
export const TimesheetReportQuery = z
  .object({
    from: LocalDateField,
    to: LocalDateField,
    group_by: TimesheetReportGroup.default('person'),
    filter: z
      .object({
        status: z.enum(['pending', 'approved']).optional(),
        staff: Id.optional(),
        location: Id.optional(),
        service: Id.optional(),
      })
      .optional(),
  })
  .superRefine((query, ctx) => {
    if (query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End the range on or after its start' })
    else if (daysBetween(query.from, query.to) >= REPORT_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `Use a range of at most ${REPORT_RANGE_DAYS} days` })
  })
export type TimesheetReportQuery = z.infer<typeof TimesheetReportQuery>

export const TimesheetHours = z.object({
  timesheets: z.number().int(),
  planned_minutes: z.number().int(),
  paid_minutes: z.number().int(),
  regular_minutes: z.number().int(),
  overtime_minutes: z.number().int(),
  double_time_minutes: z.number().int(),
})
export type TimesheetHours = z.infer<typeof TimesheetHours>

/** One group of the report: a person, a client, a service or a week (`key` its id, or the week's first day). */
export const TimesheetReportRow = TimesheetHours.extend({ key: z.string(), label: z.string() })
export type TimesheetReportRow = z.infer<typeof TimesheetReportRow>

export const TimesheetReport = z.object({
  from: LocalDateField,
  to: LocalDateField,
  group_by: TimesheetReportGroup,
  rows: z.array(TimesheetReportRow),
  totals: TimesheetHours,
})
export type TimesheetReport = z.infer<typeof TimesheetReport>
