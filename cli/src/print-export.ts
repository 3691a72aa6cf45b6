import { dollarsText, payrollExportRecords, timesheetExportRecords } from '@rota/core'
import type { PayrollExport } from './commands/export-payroll.ts'
import { stringify } from 'csv-stringify/sync'
import type { TimesheetExport } from './commands/export-timesheets.ts'
import { note } from './io.ts'
import type { CommandContext } from './program.ts'
import { plural } from './print.ts'

/**
 * Prints an export on standard output: CSV (a header, then one row per timesheet, cells
 * neutralised against formula injection) or, with `--format json` or `--json`, the
 * timesheets as the API gives them. What was exported is said on standard error, so
 * `> hours.csv` keeps only the data.
 */
export function printTimesheetExport({ io }: CommandContext, result: TimesheetExport): void {
  if (result.format === 'json') io.stdout.write(`${JSON.stringify(result.timesheets, null, 2)}\n`)
  else io.stdout.write(stringify(timesheetExportRecords(result.timesheets), { record_delimiter: 'windows' }))
  const which = result.status ? `${result.status} ` : ''
  note(io, `${plural(result.timesheets.length, `${which}timesheet`)} from ${result.from} to ${result.to}.`)
}

/**
 * Prints a pay run: CSV (one row per person and earning type, deductions negative) or, with
 * `--format json` or `--json`, the run as the API gives it. What was exported goes to standard error.
 */
export function printPayrollExport({ io }: CommandContext, result: PayrollExport): void {
  const { payroll } = result
  if (result.format === 'json') io.stdout.write(`${JSON.stringify(payroll, null, 2)}\n`)
  else io.stdout.write(stringify(payrollExportRecords(payroll), { record_delimiter: 'windows' }))
  note(io, `Payroll ${payroll.number} (${payroll.period_start} to ${payroll.period_end}, ${payroll.status}): ${plural(payroll.people.length, 'person', 'people')}, net ${dollarsText(payroll.net_cents)}.`)
}
