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

/** Whether a header row is that of a file of refused rows an import wrote: `line`, `errors`, then the source's columns. */
const isRefusedRowsFile = (headers: readonly string[]) => headers.length > 2 && headers[0]!.trim().toLowerCase() === 'line' && headers[1]!.trim().toLowerCase() === 'errors'

/**
 * Turns csv-parse's records (`info: true`) into rows, for the CLI's file stream and the
 * browser's alike: the first record is the header (handed to `onHeader`, which may refuse
 * it by throwing), empty records (also rows of empty cells, as spreadsheets leave) are
 * skipped, and each row gets the line it starts on. A file of refused rows an import wrote is read
 * without its `line` and `errors` columns, so it can be put right and imported as it is.
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
        // A file of refused rows as an import writes it (`--errors`), put right and sent again: its own
        // `line` and `errors` columns are left out like blank ones, and the rest read as any import's.
        headers = isRefusedRowsFile(record) ? ['', '', ...record.slice(2)] : record
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

/** The server takes request bodies up to 1 MiB (1,048,576 bytes); a batch's JSON is kept under a million. */
const MAX_BATCH_BYTES = 1_000_000

/** Printable ASCII that JSON writes as it is: one byte a character. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/

/** How many bytes a string takes as a JSON string in UTF-8, quotes included (never fewer than it does). */
function jsonBytes(text: string): number {
  if (PLAIN.test(text)) return text.length + 2
  let bytes = 2
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 0x22 || code === 0x5c) bytes += 2
    else if (code < 0x20) bytes += 6
    else if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    // Half of a pair (4 bytes for both), or alone and escaped as \uXXXX: at most 6.
    else if (code >= 0xd800 && code <= 0xdfff) bytes += 6
    else bytes += 3
  }
  return bytes
}

/** The bytes a row adds to a batch's JSON: `{"line":2,"cells":{"name":"…",…}}` and the comma after it. */
function sizeOf(row: CsvRow): number {
  let size = 22 + String(row.line).length
  for (const header in row.cells) size += jsonBytes(header) + jsonBytes(row.cells[header]!) + 2
  return size
}

/**
 * Groups rows into the batches of `POST /import/{id}/rows`: at most `maxRows` (5,000 by
 * default) and at most `maxBytes` of JSON (counted in UTF-8, under the server's body
 * limit by default), so wide rows, or rows in a script of three bytes a letter, make
 * smaller batches.
 * @example
 * for await (const batch of csvBatches(rows, { maxRows: 1000 })) await send(batch)
 */
export async function* csvBatches(rows: AsyncIterable<CsvRow>, { maxRows = IMPORT_BATCH_MAX, maxBytes = MAX_BATCH_BYTES } = {}): AsyncGenerator<CsvRow[]> {
  let batch: CsvRow[] = []
  // `{"rows":[` and `]}`.
  const wrapper = 11
  let bytes = wrapper
  for await (const row of rows) {
    const size = sizeOf(row)
    if (batch.length > 0 && (batch.length >= maxRows || bytes + size > maxBytes)) {
      yield batch
      batch = []
      bytes = wrapper
    }
    batch.push(row)
    bytes += size
  }
  if (batch.length > 0) yield batch
}
