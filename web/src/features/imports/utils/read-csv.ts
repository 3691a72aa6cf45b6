import { csvDelimiter, csvRowReader, type CsvRow } from '@rota/core'

export type { CsvRow }

/** The file is not UTF-8 text: spreadsheets' plain "CSV" (Windows-1252) would import "MontrÃ©al". */
export class NotUtf8Error extends Error {}

type Parsed = { record: string[]; info: { lines: number } }

/** Waits a turn of the event loop, so the parser has handed over what it read. */
const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * Streams a CSV file's records with the line each starts on, reading the file in chunks
 * and never holding more than a chunk's records (the browser twin of the CLI's reader):
 * a UTF-8 byte-order mark, CRLF, quoted commas and line breaks, empty lines (also rows
 * of empty cells, as spreadsheets leave), and semicolons in place of commas (told from the
 * header line) are handled. The header row goes to `onHeader`
 * first, which may refuse it by throwing; `onBytes` hears how far the file has been read.
 * @example
 * for await (const row of readCsv(file.stream(), { onHeader: check })) send(row)
 */
export async function* readCsv(
  source: ReadableStream<Uint8Array>,
  options: { onHeader: (headers: string[]) => void; onBytes?: (bytes: number) => void; signal?: AbortSignal },
): AsyncGenerator<CsvRow> {
  const { parse } = await import('csv-parse/browser/esm')
  const parsed: Parsed[] = []
  let failure: unknown = null
  let ended = false
  // Made once the header line is read: its delimiter is told from it (commas, or semicolons as Excel writes them in French).
  let parser: ReturnType<typeof parse> | null = null
  let head = ''
  const parserFor = (text: string) => {
    const made = parse({ bom: true, skip_empty_lines: true, relax_column_count: true, info: true, delimiter: csvDelimiter(text) })
    // The browser build's stream shim has no destroy(), which the parser's end of input subscribes to.
    const shimmed = made as unknown as { destroy?: () => void }
    shimmed.destroy ??= () => {}
    made.on('data', (record: Parsed) => parsed.push(record))
    made.on('error', (error: unknown) => (failure = error))
    made.on('end', () => (ended = true))
    return made
  }

  const reader = source.getReader()
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const rows = csvRowReader(options.onHeader)
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
      if (!parser) {
        head += text
        if (!done && !/[\r\n]/.test(head)) continue
        parser = parserFor(head)
        text = head
      }
      if (text) parser.write(text)
      if (done) parser.end()
      do await turn()
      while (done && !ended && failure === null)
      if (failure !== null) throw failure
      for (const { record, info } of parsed.splice(0)) {
        const row = rows.read(record, info.lines)
        if (row) yield row
      }
      if (done) break
    }
  } finally {
    void reader.cancel().catch(() => {})
    parser?.removeAllListeners()
  }
  if (!rows.headers()) options.onHeader([])
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
