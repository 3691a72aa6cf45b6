/** Why a row cannot even be sent (a translation each, under `imports.problems`). */
export const ROW_PROBLEMS = ['extra_cells', 'too_long'] as const

/** One record of the file: the line it starts on and its cells by header, blank headers left out. */
export interface CsvRow {
  line: number
  cells: Record<string, string>
  /** Why the row cannot even be sent: more cells than headers, or a cell too long for the API. */
  problem?: { column: string; kind: (typeof ROW_PROBLEMS)[number] }
}

/** The file is not UTF-8 text: spreadsheets' plain "CSV" (Windows-1252) would import "MontrÃ©al". */
export class NotUtf8Error extends Error {}

/** The longest cell the import API takes (core's ImportRecord). */
const MAX_CELL = 5000

type Parsed = { record: string[]; info: { lines: number } }

/** Waits a turn of the event loop, so the parser has handed over what it read. */
const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * The line breaks inside a record's quoted cells, and how many of them are CRLF: csv-parse
 * counts the CR and the LF of a quoted CRLF as two lines.
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
 * Streams a CSV file's records with the line each starts on, reading the file in chunks
 * and never holding more than a chunk's records (the browser twin of the CLI's reader):
 * a UTF-8 byte-order mark, CRLF, quoted commas and line breaks, and empty lines (also rows
 * of empty cells, as spreadsheets leave) are handled. The header row goes to `onHeader`
 * first, which may refuse it by throwing; `onBytes` hears how far the file has been read.
 * @example
 * for await (const row of readCsv(file.stream(), { onHeader: check })) send(row)
 */
export async function* readCsv(
  source: ReadableStream<Uint8Array>,
  options: { onHeader: (headers: string[]) => void; onBytes?: (bytes: number) => void; signal?: AbortSignal },
): AsyncGenerator<CsvRow> {
  const { parse } = await import('csv-parse/browser/esm')
  const parser = parse({ bom: true, skip_empty_lines: true, relax_column_count: true, info: true })
  // The browser build's stream shim has no destroy(), which the parser's end of input subscribes to.
  const shimmed = parser as unknown as { destroy?: () => void }
  shimmed.destroy ??= () => {}
  const parsed: Parsed[] = []
  let failure: unknown = null
  let ended = false
  parser.on('data', (record: Parsed) => parsed.push(record))
  parser.on('error', (error: unknown) => (failure = error))
  parser.on('end', () => (ended = true))

  const reader = source.getReader()
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let headers: string[] | undefined
  let drift = 0
  try {
    for (;;) {
      if (options.signal?.aborted) return
      const { value, done } = await reader.read()
      let text: string
      try {
        text = done ? decoder.decode() : decoder.decode(value, { stream: true })
      } catch {
        throw new NotUtf8Error('not_utf8')
      }
      if (value) options.onBytes?.(value.byteLength)
      if (text) parser.write(text)
      if (done) parser.end()
      do await turn()
      while (done && !ended && failure === null)
      if (failure !== null) throw failure
      for (const { record, info } of parsed.splice(0)) {
        const { breaks, crlf } = breaksIn(record)
        drift += crlf
        if (!headers) {
          headers = record
          options.onHeader(headers)
          continue
        }
        if (record.every((cell) => cell.trim() === '')) continue
        yield rowOf(headers, record, info.lines - drift - breaks)
      }
      if (done) break
    }
  } finally {
    void reader.cancel().catch(() => {})
    parser.removeAllListeners()
  }
  if (!headers) options.onHeader([])
}

function rowOf(headers: readonly string[], record: readonly string[], line: number): CsvRow {
  const cells: Record<string, string> = {}
  let problem: CsvRow['problem']
  record.forEach((cell, index) => {
    const header = headers[index]
    if (header === undefined) {
      if (cell.trim() !== '') problem ??= { column: '(row)', kind: 'extra_cells' }
      return
    }
    if (header.trim() === '') return
    if (cell.length > MAX_CELL) problem ??= { column: header, kind: 'too_long' }
    cells[header] = cell
  })
  return problem ? { line, cells, problem } : { line, cells }
}

/**
 * The header row alone, to check a file before an import starts; an empty file has none.
 * @example
 * checkCsvHeader('locations', await readHeader(file.stream()))
 */
export async function readHeader(source: ReadableStream<Uint8Array>): Promise<string[]> {
  let found: string[] = []
  const stop = new AbortController()
  const rows = readCsv(source, {
    onHeader: (headers) => {
      found = headers
      stop.abort()
    },
    signal: stop.signal,
  })
  for await (const _ of rows) break
  return found
}
