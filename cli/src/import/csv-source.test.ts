import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { readCsv, type CsvRow } from './csv-source.ts'

/** Reads a file's content as csv-parse gets it from disk, or `chunk` bytes at a time. */
async function read(content: string | Buffer, onHeader: (headers: string[]) => void = () => {}, chunk = Infinity): Promise<CsvRow[]> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content
  const chunks = Number.isFinite(chunk) ? Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, at) => bytes.subarray(at * chunk, (at + 1) * chunk)) : [bytes]
  const rows: CsvRow[] = []
  for await (const row of readCsv(Readable.from(chunks), { name: 'clients.csv', onHeader })) rows.push(row)
  return rows
}

describe('readCsv', () => {
  it('gives each record the line it starts on, across quoted newlines, CRLF and empty lines', async () => {
    const rows = await read('\uFEFFname,notes\r\n\r\n"A, inc","one\r\ntwo\r\nthree"\r\nB,\r\n\r\nC,x\r\n')
    expect(rows).toEqual([
      { line: 3, cells: { name: 'A, inc', notes: 'one\r\ntwo\r\nthree' } },
      { line: 6, cells: { name: 'B', notes: '' } },
      { line: 8, cells: { name: 'C', notes: 'x' } },
    ])
  })

  it('hands the header to onHeader without its byte-order mark, and skips rows of empty cells', async () => {
    const headers: string[][] = []
    const rows = await read('\uFEFFNom,Ville,\nCafé,Montréal,\n,,\n', (found) => headers.push(found))
    expect(headers).toEqual([['Nom', 'Ville', '']])
    expect(rows).toEqual([{ line: 2, cells: { Nom: 'Café', Ville: 'Montréal' } }])
  })

  it('flags a row with more cells than columns rather than shifting it', async () => {
    const [row] = await read('name,street\nA,1250, rue Sainte-Catherine\n')
    expect(row?.problem).toEqual({ column: '(row)', kind: 'extra_cells', cells: 3, columns: 2 })
  })

  it('flags a cell longer than the API takes', async () => {
    const [row] = await read(`name\n${'x'.repeat(5001)}\n`)
    expect(row?.problem).toEqual({ column: 'name', kind: 'too_long', max: 5000 })
  })

  it('refuses text that is not UTF-8, and a file without a header', async () => {
    await expect(read(Buffer.from('name\nMontr\xe9al\n', 'latin1'))).rejects.toThrow('clients.csv is not UTF-8 text')
    await expect(read('')).rejects.toThrow('clients.csv is empty: it needs a header row')
  })

  it('reports a broken quote with its line', async () => {
    await expect(read('name,city\n"A,Ottawa\n')).rejects.toThrow(/^clients\.csv: .*line 2/i)
  })

  it('reports a quote never closed on the line it opens, not where the file ends', async () => {
    const unterminated = 'name,street,city,province,postal_code\n"Unterminated,1 Main,Toronto,ON,M5V 2T6\nB,1 Main,Toronto,ON,M5V 2T6\n'
    await expect(read(unterminated)).rejects.toThrow('clients.csv: line 2, column 1 (name): the quote opening this cell is never closed.')
    // After a quoted cell across CRLF lines (which csv-parse counts twice), with CR and LF read in different chunks.
    const crlf = '\uFEFFname,notes\r\nA,"one\r\ntwo"\r\n\r\nB,x\r\nC,"open\r\nD,y\r\nE,z'
    for (const chunk of [Infinity, 1, 7]) {
      await expect(read(crlf, () => {}, chunk)).rejects.toThrow('clients.csv: line 6, column 2 (notes): the quote opening this cell is never closed.')
    }
  })
})
