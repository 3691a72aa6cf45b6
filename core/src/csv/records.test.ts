import { describe, expect, it } from 'vitest'
import { csvBatches, csvRowProblemText, csvRowReader, MAX_IMPORT_CELL, type CsvRow } from './records.ts'

/** Feeds records as csv-parse would report them: each with the count of lines read so far. */
function read(records: [string[], number][], onHeader: (headers: string[]) => void = () => {}): CsvRow[] {
  const reader = csvRowReader(onHeader)
  return records.flatMap(([record, lines]) => reader.read(record, lines) ?? [])
}

describe('csvRowReader', () => {
  it('hands the header over first and numbers rows by the line they start on', () => {
    const headers: string[][] = []
    const rows = read(
      [
        [['name', 'city'], 1],
        [['Alpha', 'Ottawa'], 2],
        [['Bravo', 'Gatineau'], 4],
      ],
      (h) => headers.push(h),
    )
    expect(headers).toEqual([['name', 'city']])
    expect(rows).toEqual([
      { line: 2, cells: { name: 'Alpha', city: 'Ottawa' } },
      { line: 4, cells: { name: 'Bravo', city: 'Gatineau' } },
    ])
  })

  it('reads a file of refused rows an import wrote without its line and errors columns, so it imports once put right', () => {
    const headers: string[][] = []
    const rows = read(
      [
        [['line', 'errors', 'name', 'city'], 1],
        [['7', 'city: Required', 'Alpha', 'Ottawa'], 2],
      ],
      (h) => headers.push(h),
    )
    expect(headers).toEqual([['', '', 'name', 'city']])
    expect(rows).toEqual([{ line: 2, cells: { name: 'Alpha', city: 'Ottawa' } }])
  })

  it('counts a quoted line break once, even as CRLF, and skips empty records', () => {
    const rows = read([
      [['name', 'notes'], 1],
      [['Alpha', 'two\r\nlines'], 4],
      [['', '  '], 5],
      [['Bravo', 'one'], 6],
    ])
    expect(rows.map((row) => row.line)).toEqual([2, 5])
  })

  it('leaves out blank headers and reports extra cells and over-long cells', () => {
    const rows = read([
      [['name', ''], 1],
      [['Alpha', 'ignored'], 2],
      [['Bravo', 'x', 'stray'], 3],
      [['C'.repeat(MAX_IMPORT_CELL + 1), ''], 4],
    ])
    expect(rows[0]).toEqual({ line: 2, cells: { name: 'Alpha' } })
    expect(rows[1]?.problem).toEqual({ column: '(row)', kind: 'extra_cells', cells: 3, columns: 2 })
    expect(csvRowProblemText(rows[1]!.problem!)).toBe('3 cells but 2 columns: is a comma outside quotes?')
    expect(csvRowProblemText(rows[2]!.problem!)).toBe('Too long: at most 5,000 characters')
  })

  it('lets onHeader refuse a file by throwing', () => {
    expect(() => read([[['nom'], 1]], () => { throw new Error('missing column') })).toThrow('missing column')
  })
})

describe('csvBatches', () => {
  async function* rows(n: number, width = 10): AsyncGenerator<CsvRow> {
    for (let i = 0; i < n; i++) yield { line: i + 2, cells: { name: 'x'.repeat(width) } }
  }
  const sizes = async (source: AsyncIterable<CsvRow>, options?: Parameters<typeof csvBatches>[1]) => {
    const found: number[] = []
    for await (const batch of csvBatches(source, options)) found.push(batch.length)
    return found
  }

  it('makes batches of at most 5,000 rows by default, or the count asked', async () => {
    expect(await sizes(rows(12_000))).toEqual([5000, 5000, 2000])
    expect(await sizes(rows(2500), { maxRows: 1000 })).toEqual([1000, 1000, 500])
  })

  it('keeps every batch\'s JSON under the byte limit, whatever the script, quotes or control characters', async () => {
    const texts = ['Montréal', '東京都千代田区'.repeat(40), 'say "hi" \\ back', 'tab\there\u0001', '😀 emoji '.repeat(20), 'a\ud800 lone']
    async function* mixed(): AsyncGenerator<CsvRow> {
      for (let i = 0; i < 3000; i++) yield { line: i + 2, cells: { name: texts[i % texts.length]!, 'Notes "x"': texts[(i + 1) % texts.length]! } }
    }
    const batches: CsvRow[][] = []
    for await (const batch of csvBatches(mixed(), { maxBytes: 64 * 1024 })) batches.push(batch)
    const bytes = batches.map((batch) => new TextEncoder().encode(JSON.stringify({ rows: batch.map(({ line, cells }) => ({ line, cells })) })).length)
    expect(Math.max(...bytes)).toBeLessThanOrEqual(64 * 1024)
    expect(Math.min(...bytes.slice(0, -1))).toBeGreaterThan(48 * 1024)
    expect(batches.flat()).toHaveLength(3000)
  })

  it('makes smaller batches of wide rows to stay under the body limit', async () => {
    const found = await sizes(rows(100, 20_000), { maxBytes: 100_000 })
    expect(found.every((n) => n <= 5)).toBe(true)
    expect(found.reduce((a, b) => a + b, 0)).toBe(100)
  })
})
