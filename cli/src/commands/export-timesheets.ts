import { addLocalDays, isLocalDate, localDaysBetween, SCHEDULE_PAGE_MAX, SCHEDULE_RANGE_DAYS, type ApiClient, type Timesheet, type TimesheetStatus } from '@rota/core'
import { notSignedIn, usageError } from '../errors.ts'
import { checkWritable } from '../output-file.ts'
import type { CommandContext } from '../program.ts'
import { connect } from '../session/connect.ts'
import { resolveTarget } from '../session/target.ts'

export interface ExportTimesheetsOptions extends CommandContext {
  from: string
  to: string
  status?: TimesheetStatus
  format?: 'csv' | 'json'
  /** A file to write instead of standard output. */
  output?: string
}

/** What an export found: the range asked for and its timesheets, oldest first. */
export interface TimesheetExport {
  from: string
  to: string
  status: TimesheetStatus | null
  format: 'csv' | 'json'
  timesheets: Timesheet[]
  output: string | null
}

/** A year's export at most, like the report: payroll providers take pay periods, not decades. */
const MAX_DAYS = 366

/**
 * Every timesheet of a range of business days, read six weeks at a time (the API answers a
 * bounded range in pages of up to 5,000), so three months of a 200-person team is a handful
 * of requests.
 */
async function timesheetsBetween(client: ApiClient, from: string, to: string, status: TimesheetStatus | undefined): Promise<Timesheet[]> {
  const rows: Timesheet[] = []
  for (let start = from; start <= to; start = addLocalDays(start, SCHEDULE_RANGE_DAYS)) {
    const end = [addLocalDays(start, SCHEDULE_RANGE_DAYS - 1), to].sort()[0]!
    for (let page = 1; ; page++) {
      const query = { from: start, to: end, page, page_size: SCHEDULE_PAGE_MAX, sort: 'started_at' as const, ...(status && { filter: { status } }) }
      const answer = await client.api.listTimesheets({ query }, { silent: true })
      rows.push(...answer.rows)
      if (answer.rows.length < SCHEDULE_PAGE_MAX) break
    }
  }
  return rows
}

/**
 * `rota export timesheets --from 2026-03-01 --to 2026-03-31 --status approved`: the hours of
 * those business days (both included), for a payroll provider or a spreadsheet. A staff
 * member's session exports their own hours, a manager's everyone's (what the API shows them).
 * An `output` file is checked before anything is asked for; printing writes it.
 * @example
 * const { timesheets } = await exportTimesheets({ io, global: {}, from: '2026-03-01', to: '2026-03-31', status: 'approved' })
 */
export async function exportTimesheets({ io, global, from, to, status, format, output }: ExportTimesheetsOptions): Promise<TimesheetExport> {
  for (const [option, value] of [['--from', from], ['--to', to]] as const) {
    if (!isLocalDate(value)) throw usageError(`Give ${option} as a date such as 2026-03-01 (got ${JSON.stringify(value)})`)
  }
  if (to < from) throw usageError('End the range (--to) on or after its start (--from)')
  if (localDaysBetween(from, to) >= MAX_DAYS) throw usageError(`Export at most ${MAX_DAYS} days at a time`)
  if (output) checkWritable(output)
  const target = resolveTarget(io, global)
  if (!target.store.get('token')) throw notSignedIn(target.host)
  const connection = connect(target)
  try {
    const timesheets = await timesheetsBetween(connection.client, from, to, status)
    return { from, to, status: status ?? null, format: global.json ? 'json' : (format ?? 'csv'), timesheets, output: output ?? null }
  } finally {
    connection.close()
  }
}
