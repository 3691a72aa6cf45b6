import { dollarsText, payrollExportRecords, timesheetExportRecords } from '@rota/core'
import type { PayrollExport } from './commands/export-payroll.ts'
import { stringify } from 'csv-stringify/sync'
import type { TimesheetExport } from './commands/export-timesheets.ts'
import { note } from './io.ts'
import { writeOutputFile } from './output-file.ts'
import type { CommandContext } from './program.ts'
import { plural, printResult } from './print.ts'

/**
 * Puts an export where it was asked for. On standard output, what was exported is said on
 * standard error, so `> hours.csv` keeps only the data; to an `--output` file, it is the
 * command's answer (an object with `--json`), as `rota shifts export` gives it.
 */
async function deliver({ io, global }: CommandContext, output: string | null, data: string, said: string, summary: object): Promise<void> {
  if (!output) {
    io.stdout.write(data)
    return note(io, `${said}.`)
  }
  await writeOutputFile(output, data)
  printResult(io, global, { ...summary, output }, () => `Exported to ${output}: ${said}.`)
}

/**
 * Prints an export: CSV (a header, then one row per timesheet, cells neutralised against
 * formula injection) or, with `--format json` or `--json`, the timesheets as the API gives them.
 */
export async function printTimesheetExport(ctx: CommandContext, result: TimesheetExport): Promise<void> {
  const { from, to, status, format, timesheets } = result
  const data = format === 'json' ? `${JSON.stringify(timesheets, null, 2)}\n` : stringify(timesheetExportRecords(timesheets), { record_delimiter: 'windows' })
  const said = `${plural(timesheets.length, `${status ? `${status} ` : ''}timesheet`)} from ${from} to ${to}`
  await deliver(ctx, result.output, data, said, { from, to, status, format, timesheets: timesheets.length })
}

/**
 * Prints a pay run: CSV (one row per person and earning type, deductions negative) or, with
 * `--format json` or `--json`, the run as the API gives it.
 */
export async function printPayrollExport(ctx: CommandContext, result: PayrollExport): Promise<void> {
  const { payroll, format } = result
  const data = format === 'json' ? `${JSON.stringify(payroll, null, 2)}\n` : stringify(payrollExportRecords(payroll), { record_delimiter: 'windows' })
  const said = `Payroll ${payroll.number} (${payroll.period_start} to ${payroll.period_end}, ${payroll.status}): ${plural(payroll.people.length, 'person', 'people')}, net ${dollarsText(payroll.net_cents)}`
  const { number, period_start, period_end, status, net_cents } = payroll
  await deliver(ctx, result.output, data, said, { number, period_start, period_end, status, people: payroll.people.length, net_cents, format })
}
