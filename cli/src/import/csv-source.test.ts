import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { readCsv, type CsvRow } from './csv-source.ts'

async function read(content: string | Buffer, onHeader: (headers: string[]) => void = () => {}): Promise<CsvRow[]> {
  const rows: CsvRow[] = []
  for await (const row of readCsv(Readable.from([typeof content === 'string' ? Buffer.from(content) : content]), { name: 'clients.csv', onHeader })) rows.push(row)
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
})
