import type { Timesheet, TimesheetReport } from '../contract/timesheet.ts'
import { neutraliseCsvCell } from './neutralise.ts'

/** The columns of a timesheet export, in order: what a payroll provider or a spreadsheet reads. */
export const TIMESHEET_EXPORT_COLUMNS = [
  'date',
  'staff_id',
  'staff',
  'client',
  'service',
  'start',
  'end',
  'started_at',
  'ended_at',
  'break_minutes',
  'paid_minutes',
  'paid_hours',
  'regular_minutes',
  'overtime_minutes',
  'double_time_minutes',
  'planned_minutes',
  'status',
  'flags',
  'notes',
  'timesheet_id',
  'shift_id',
] as const

/**
 * Minutes as decimal hours with two places, by integer arithmetic (450 → `7.50`, 20 → `0.33`).
 * @example
 * hoursText(485) // '8.08'
 */
export function hoursText(minutes: number): string {
  const sign = minutes < 0 ? '-' : ''
  const whole = Math.abs(minutes)
  const hundredths = Math.round(((whole % 60) * 100) / 60)
  return `${sign}${Math.floor(whole / 60)}.${String(hundredths).padStart(2, '0')}`
}

/** Every cell of a CSV record made safe for spreadsheets (DESIGN.md §5). */
const safe = (cells: readonly (string | number | null)[]) => cells.map((cell) => neutraliseCsvCell(cell === null ? '' : String(cell)))

/**
 * Timesheets as CSV records, the header first, one record per timesheet, every cell
 * neutralised against formula injection (a client named `=HYPERLINK(…)` stays text).
 * Stringify them with a CSV library (quoting is its job, not this one's).
 * @example
 * timesheetExportRecords(timesheets)[0] // ['date', 'staff_id', 'staff', 'client', …]
 */
export function timesheetExportRecords(rows: readonly Timesheet[]): string[][] {
  return [
    [...TIMESHEET_EXPORT_COLUMNS],
    ...rows.map((row) =>
      safe([
        row.date,
        row.staff.id,
        row.staff.name,
        row.location.name,
        row.service.name,
        row.start_time,
        row.end_time,
        row.started_at,
        row.ended_at,
        row.break_minutes,
        row.paid_minutes,
        hoursText(row.paid_minutes),
        row.regular_minutes,
        row.overtime_minutes,
        row.double_time_minutes,
        row.planned?.paid_minutes ?? null,
        row.status,
        row.flags.map((flag) => flag.kind).join(' '),
        row.notes,
        row.id,
        row.shift_id,
      ]),
    ),
  ]
}

/** The columns of the timesheet report's export, after the group's own (its key and label). */
export const TIMESHEET_REPORT_COLUMNS = ['timesheets', 'planned_minutes', 'paid_minutes', 'regular_minutes', 'overtime_minutes', 'double_time_minutes'] as const

/**
 * The timesheet report as CSV records: a header naming the grouping, one record per group
 * as the report shows it, then the totals; cells neutralised (a person's name is theirs to choose).
 * @example
 * timesheetReportRecords(report)[0] // ['person_id', 'person', 'timesheets', 'planned_minutes', …]
 */
export function timesheetReportRecords(report: TimesheetReport): string[][] {
  const group = report.group_by
  const numbers = (hours: TimesheetReport['totals']) => TIMESHEET_REPORT_COLUMNS.map((column) => hours[column])
  return [
    [`${group}_id`, group, ...TIMESHEET_REPORT_COLUMNS],
    ...report.rows.map((row) => safe([row.key, row.label, ...numbers(row)])),
    safe(['', 'total', ...numbers(report.totals)]),
  ]
}
