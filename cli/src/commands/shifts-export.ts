import { addLocalDays, CSV_COLUMNS, isLocalDate, localDaysBetween, neutraliseCsvCell, SCHEDULE_EXPORT_DAYS, type ShiftExportRow } from '@rota/core'
import { stringify } from 'csv-stringify/sync'
import { interrupted, notSignedIn, usageError } from '../errors.ts'
import { checkWritable, openOutputFile } from '../output-file.ts'
import type { CommandContext } from '../program.ts'
import { connect } from '../session/connect.ts'
import { resolveTarget } from '../session/target.ts'

export interface ShiftsExportOptions extends CommandContext {
  from: string
  to: string
  format: 'csv' | 'json'
  /** A file to write instead of standard output. */
  output?: string
}

/** What `rota shifts export` did, as `--json` prints it (the shifts themselves go to the output). */
export interface ShiftsExportOutcome {
  from: string
  to: string
  format: 'csv' | 'json'
  shifts: number
  output: string | null
}

/** Shifts asked for at once: the most one answer holds. */
const PAGE_SIZE = 5000

/** The columns of a shifts file, in the import's order, then the status the export adds. */
const HEADER = CSV_COLUMNS.shifts.map((column) => column.key) as (keyof ShiftExportRow)[]

/** Every shift starting from `from` to `to`, a page at a time, in ranges the server answers for (a year each). */
async function* exported(fetchPage: (range: { from: string; to: string }, page: number) => Promise<{ count: number; rows: ShiftExportRow[] }>, from: string, to: string, signal: AbortSignal) {
  for (let start = from; start <= to; start = addLocalDays(start, SCHEDULE_EXPORT_DAYS)) {
    const range = { from: start, to: localDaysBetween(start, to) < SCHEDULE_EXPORT_DAYS ? to : addLocalDays(start, SCHEDULE_EXPORT_DAYS - 1) }
    for (let page = 1, seen = 0; ; page++) {
      if (signal.aborted) throw interrupted('Export cancelled')
      const answer = await fetchPage(range, page)
      yield answer.rows
      seen += answer.rows.length
      if (answer.rows.length < PAGE_SIZE || seen >= answer.count) break
    }
  }
}

/** Writes text, waiting while the reader falls behind (standard output stays open for what is printed after). */
type Put = (text: string) => Promise<void>

/** Writes rows as a shifts CSV file (a byte-order mark and CRLF for spreadsheets), every cell neutralised (DESIGN.md §5). */
function csvWriter(put: Put) {
  let header = stringify([HEADER], { bom: true, record_delimiter: 'windows' })
  return {
    async write(rows: readonly ShiftExportRow[]) {
      const records = rows.map((row) => HEADER.map((key) => neutraliseCsvCell(row[key] === null ? '' : String(row[key]))))
      await put(header + stringify(records, { record_delimiter: 'windows' }))
      header = ''
    },
    async end() {
      if (header) await put(header)
    },
  }
}

/** Writes rows as one JSON array, a row to a line. */
function jsonWriter(put: Put) {
  let first = true
  return {
    async write(rows: readonly ShiftExportRow[]) {
      if (rows.length === 0) return
      await put(`${first ? '[\n' : ',\n'}${rows.map((row) => `  ${JSON.stringify(row)}`).join(',\n')}`)
      first = false
    },
    async end() {
      await put(first ? '[]\n' : '\n]\n')
    },
  }
}

/**
 * `rota shifts export --from --to`: the shifts starting on those days (the business's
 * clock, both included), in the columns `rota shifts import` reads, plus their status,
 * so that an export edited in a spreadsheet imports again. CSV (cells neutralised) or
 * JSON, to standard output or a file, fetched a page at a time.
 * @example
 * await shiftsExport({ io, global: {}, from: '2026-03-01', to: '2026-03-31', format: 'csv', output: 'march.csv' })
 */
export async function shiftsExport(options: ShiftsExportOptions): Promise<ShiftsExportOutcome> {
  const { io, global, from, to, format } = options
  for (const [name, value] of [['--from', from], ['--to', to]] as const) {
    if (!isLocalDate(value)) throw usageError(`${name} takes a date such as 2026-03-09, not ${JSON.stringify(value)}`)
  }
  if (to < from) throw usageError('--to comes before --from: give the range in order')
  if (options.output) checkWritable(options.output)
  const target = resolveTarget(io, global)
  if (!target.store.get('token')) throw notSignedIn(target.host)
  const file = options.output ? await openOutputFile(options.output) : null
  const connection = connect(target)
  const put: Put = file ? file.write : (text) => new Promise((done, fail) => io.stdout.write(text, (error) => (error ? fail(error) : done())))
  const writer = format === 'json' ? jsonWriter(put) : csvWriter(put)
  let shifts = 0
  try {
    const fetchPage = (range: { from: string; to: string }, page: number) => connection.client.api.exportShifts({ query: { ...range, page, page_size: PAGE_SIZE } }, { silent: true })
    for await (const rows of exported(fetchPage, from, to, io.interrupt)) {
      await writer.write(rows)
      shifts += rows.length
    }
    await writer.end()
    await file?.close()
  } catch (error) {
    // Half a schedule is worse than none: a file left unfinished is removed.
    await file?.discard()
    throw error
  } finally {
    connection.close()
  }
  return { from, to, format, shifts, output: options.output ?? null }
}
