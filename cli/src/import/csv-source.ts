import { csvDelimiter, csvRowReader, type CsvRow } from '@rota/core'
import { CsvError, Parser } from 'csv-parse'
import { createReadStream } from 'node:fs'
import { pipeline, Readable, Transform } from 'node:stream'
import { CliError, EXIT } from '../errors.ts'

export type { CsvRow }

/**
 * Decodes UTF-8 strictly, chunk by chunk: a file saved as Windows-1252 (Excel's plain
 * "CSV") would otherwise import "MontrÃ©al" without a word.
 */
function strictUtf8(name: string, onBytes: (bytes: Buffer) => void): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const decode = (chunk: Buffer | undefined, stream: boolean) => {
    try {
      return chunk ? decoder.decode(chunk, { stream }) : decoder.decode()
    } catch {
      throw new CliError(`${name} is not UTF-8 text: save it as "CSV UTF-8" and try again`, EXIT.validation)
    }
  }
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, done) {
      onBytes(chunk)
      try {
        done(null, decode(chunk, true))
      } catch (error) {
        done(error as Error)
      }
    },
    flush(done) {
      try {
        done(null, decode(undefined, false))
      } catch (error) {
        done(error as Error)
      }
    },
  })
}

const LF = 0x0a
const CR = 0x0d

/**
 * Counts line breaks (CRLF, LF, or CR alone) in bytes read a chunk at a time. In UTF-8
 * these bytes are never part of another character.
 */
function lineBreaks() {
  let count = 0
  let endsInCr = false
  return {
    add(bytes: Uint8Array) {
      if (bytes.length === 0) return
      if (endsInCr && bytes[0] !== LF) count++
      for (let at = bytes.indexOf(LF); at !== -1; at = bytes.indexOf(LF, at + 1)) count++
      for (let at = bytes.indexOf(CR); at !== -1; at = bytes.indexOf(CR, at + 1)) {
        if (at < bytes.length - 1 && bytes[at + 1] !== LF) count++
      }
      endsInCr = bytes.at(-1) === CR
    },
    count: () => count + (endsInCr ? 1 : 0),
  }
}

/** The line of a quote never closed: the cell it opens holds the rest of the file, so the lines before it are the file's breaks less the cell's. */
function openingLine(fileBreaks: number, openCell: Uint8Array): number {
  const inCell = lineBreaks()
  inCell.add(openCell)
  return 1 + fileBreaks - inCell.count()
}

/** What is wrong in a file csv-parse could not read, said as where and how to fix it. */
function malformed(error: CsvError, headers: readonly string[] | undefined, openQuoteLine: () => number): string {
  const { lines, index } = error as CsvError & { lines?: number; index?: number }
  const column = typeof index === 'number' ? (headers?.[index] ? `column ${index + 1} (${headers[index]})` : `column ${index + 1}`) : 'a cell'
  const twice = 'write each quote inside it twice ("he said ""hi""")'
  // csv-parse notices it only at the end of the file, and gives that line: the quote's own is worked out.
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return `line ${openQuoteLine()}, ${column}: the quote opening this cell is never closed. End the cell with a quote, and ${twice}.`
  if (['INVALID_OPENING_QUOTE', 'INVALID_CLOSING_QUOTE'].includes(error.code)) {
    return `line ${lines}, ${column}: a quote is out of place. Put the whole cell in quotes and ${twice}.`
  }
  return `line ${lines}: ${error.message}`
}

/** A parsed record and the lines read when it ended. */
interface LinedRecord {
  record: string[]
  lines: number
}

/**
 * csv-parse handing each record on with the count of lines read when it ended, which the
 * parser keeps as it goes. Its `info` option gives the same count in an object of fifteen
 * fields copied twice for every record: a fifth of the CLI's reading time.
 */
class LinedParser extends Parser {
  override push(record: unknown, encoding?: BufferEncoding): boolean {
    const lined: LinedRecord | null = record === null ? null : { record: record as string[], lines: this.info.lines }
    return super.push(lined, encoding)
  }

  /** The bytes of the cell being read: after a quote never closed, all the rest of the file. */
  openCell(): Uint8Array {
    return (this as unknown as { state: { field: { toString(): Uint8Array } } }).state.field.toString()
  }
}

/**
 * The decoded text of a file, its first line read ahead so that the delimiter can be told
 * from the header (commas, or semicolons as Excel writes them in French), then all of it.
 */
async function headed(text: AsyncIterator<string>): Promise<{ head: string; all: Readable }> {
  let head = ''
  while (!/[\r\n]/.test(head)) {
    const next = await text.next()
    if (next.done) break
    head += next.value
  }
  const rest = { [Symbol.asyncIterator]: () => text }
  const all = Readable.from(
    (async function* () {
      if (head) yield head
      yield* rest
    })(),
    { objectMode: false },
  )
  return { head, all }
}

/**
 * Streams a CSV file's records with the line each starts on, never holding more than
 * csv-parse's buffer: a UTF-8 byte-order mark, CRLF, quoted commas and newlines, empty
 * lines (also rows of empty cells, as spreadsheets leave), and semicolons in place of
 * commas (told from the header line) are handled. The header row goes to `onHeader`
 * first, which may refuse it by throwing.
 * @example
 * for await (const row of readCsv(createReadStream('clients.csv'), { name: 'clients.csv', onHeader: check })) send(row)
 */
export async function* readCsv(
  source: Readable,
  options: { name: string; onHeader: (headers: string[]) => void; onBytes?: (bytes: number) => void; signal?: AbortSignal },
): AsyncGenerator<CsvRow> {
  const { name, onHeader, onBytes = () => {}, signal } = options
  const rows = csvRowReader(onHeader)
  const fileBreaks = lineBreaks()
  let parser: LinedParser | undefined
  let named: string[] | undefined
  try {
    // pipeline, not pipe: a read or decoding error must reach the loop below instead of stalling it.
    const read = (bytes: Buffer) => {
      onBytes(bytes.length)
      fileBreaks.add(bytes)
    }
    const decoded = pipeline(source, strictUtf8(name, read), () => {})
    decoded.setEncoding('utf8')
    const { head, all } = await headed(decoded[Symbol.asyncIterator]())
    const delimiter = csvDelimiter(head)
    // The header's names, to name a column in a parse error (which can come before the header row is handed on).
    named = (head.split(/\r?\n/, 1)[0] ?? '').replace(/^\uFEFF/, '').split(delimiter).map((header) => header.replace(/^"|"$/g, '').trim())
    parser = new LinedParser({ bom: true, skip_empty_lines: true, relax_column_count: true, delimiter })
    pipeline(all, parser, () => {})
    for await (const { record, lines } of parser as AsyncIterable<LinedRecord>) {
      if (signal?.aborted) return
      const row = rows.read(record, lines)
      if (row) yield row
    }
  } catch (error) {
    if (error instanceof CliError) throw error
    const code = (error as { code?: string }).code
    if (code === 'ENOENT') throw new CliError(`No such file: ${name}`, EXIT.usage)
    if (error instanceof CsvError) throw new CliError(`${name}: ${malformed(error, named, () => openingLine(fileBreaks.count(), parser!.openCell()))}`, EXIT.validation)
    throw error
  } finally {
    parser?.destroy()
  }
  if (!rows.headers()) throw new CliError(`${name} is empty: it needs a header row`, EXIT.validation)
}

/**
 * Opens a CSV file for `readCsv`, reporting a missing file as a usage error.
 * @example
 * readCsv(openCsv('clients.csv'), { name: 'clients.csv', onHeader })
 */
export function openCsv(path: string): Readable {
  return createReadStream(path, { highWaterMark: 256 * 1024 })
}
