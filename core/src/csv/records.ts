import { IMPORT_BATCH_MAX } from '../contract/imports.ts'
import type { CellError } from './rows.ts'

/** The longest cell the import API takes (core's ImportRecord). */
export const MAX_IMPORT_CELL = 5000

/** Why a row cannot even be sent to the import API. */
export const CSV_ROW_PROBLEMS = ['extra_cells', 'too_long'] as const
export type CsvRowProblem =
  | { column: '(row)'; kind: 'extra_cells'; cells: number; columns: number }
  | { column: string; kind: 'too_long'; max: number }

/** One record of a CSV file: the line it starts on and its cells by header (blank headers left out). */
export interface CsvRow {
  line: number
  cells: Record<string, string>
  /** More cells than headers, or a cell too long for the API: the row is reported, not sent. */
  problem?: CsvRowProblem
}

/** English text for a row problem (the CLI's; the web app translates by `kind`, the error's code). */
export function csvRowProblemText(problem: CsvRowProblem): string {
  return problem.kind === 'extra_cells'
    ? `${problem.cells} cells but ${problem.columns} columns: is a comma outside quotes?`
    : `Too long: at most ${problem.max.toLocaleString('en-CA')} characters`
}

/**
 * A row problem as the import reports refused rows: its column, code, values and English text.
 * @example
 * csvRowProblemError({ column: '(row)', kind: 'extra_cells', cells: 5, columns: 4 }).code // 'extra_cells'
 */
export function csvRowProblemError(problem: CsvRowProblem): CellError {
  const params: Record<string, number> = problem.kind === 'extra_cells' ? { cells: problem.cells, columns: problem.columns } : { max: problem.max }
  return { column: problem.column, code: problem.kind, params, message: csvRowProblemText(problem) }
}

/**
 * The line breaks inside a record's quoted cells, and how many of them are CRLF:
 * csv-parse (7.0) counts the CR and the LF of a quoted CRLF as two lines.
 */
function breaksIn(cells: readonly string[]): { breaks: number; crlf: number } {
  let breaks = 0
  let crlf = 0
  for (const cell of cells) {
    if (!cell.includes('\n') && !cell.includes('\r')) continue
    breaks += cell.match(/\r\n|\r|\n/g)?.length ?? 0
    crlf += cell.match(/\r\n/g)?.length ?? 0
  }
  return { breaks, crlf }
}

/**
 * Turns csv-parse's records (`info: true`) into rows, for the CLI's file stream and the
 * browser's alike: the first record is the header (handed to `onHeader`, which may refuse
 * it by throwing), empty records (also rows of empty cells, as spreadsheets leave) are
 * skipped, and each row gets the line it starts on.
 * @example
 * const rows = csvRowReader(check)
 * for await (const { record, info } of parser) { const row = rows.read(record, info.lines); if (row) yield row }
 */
export function csvRowReader(onHeader: (headers: string[]) => void) {
  let headers: string[] | undefined
  let drift = 0
  return {
    /** The row of a parsed record, or undefined for the header and empty records. */
    read(record: string[], linesSoFar: number): CsvRow | undefined {
      const { breaks, crlf } = breaksIn(record)
      drift += crlf
      if (!headers) {
        headers = record
        onHeader(headers)
        return undefined
      }
      if (record.every((cell) => cell.trim() === '')) return undefined
      const cells: Record<string, string> = {}
      let problem: CsvRowProblem | undefined
      record.forEach((cell, index) => {
        const header = headers![index]
        if (header === undefined) {
          if (cell.trim() !== '') problem ??= { column: '(row)', kind: 'extra_cells', cells: record.length, columns: headers!.length }
          return
        }
        if (header.trim() === '') return
        if (cell.length > MAX_IMPORT_CELL) problem ??= { column: header, kind: 'too_long', max: MAX_IMPORT_CELL }
        cells[header] = cell
      })
      const line = linesSoFar - drift - breaks
      return problem ? { line, cells, problem } : { line, cells }
    },
    /** The header row, once read. */
    headers: () => headers,
  }
}

/** The server takes request bodies up to 1 MiB; batches stay well under it whatever the row width. */
const MAX_BATCH_BYTES = 768 * 1024

/** Rough JSON size of a row: its cells, their headers, quotes and commas. */
function sizeOf(row: CsvRow): number {
  let size = 32
  for (const [header, cell] of Object.entries(row.cells)) size += header.length + cell.length * 1.1 + 6
  return size
}

/**
 * Groups rows into the batches of `POST /import/{id}/rows`: at most `maxRows` (5,000 by
 * default) and well under the body limit, so wide rows make smaller batches.
 * @example
 * for await (const batch of csvBatches(rows, { maxRows: 1000 })) await send(batch)
 */
export async function* csvBatches(rows: AsyncIterable<CsvRow>, { maxRows = IMPORT_BATCH_MAX, maxBytes = MAX_BATCH_BYTES } = {}): AsyncGenerator<CsvRow[]> {
  let batch: CsvRow[] = []
  let bytes = 0
  for await (const row of rows) {
    const size = sizeOf(row)
    if (batch.length > 0 && (batch.length >= maxRows || bytes + size > maxBytes)) {
      yield batch
      batch = []
      bytes = 0
    }
    batch.push(row)
    bytes += size
  }
  if (batch.length > 0) yield batch
}
