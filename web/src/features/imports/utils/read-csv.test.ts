import { describe, expect, it } from 'vitest'
import { NotUtf8Error, readCsv, readHeader } from './read-csv.ts'

/** A file's bytes arriving in small pieces, as a slow disk or a big file would give them. */
function stream(content: string | Uint8Array, chunk = 7): ReadableStream<Uint8Array> {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content
  let at = 0
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      controller.enqueue(bytes.slice(at, at + chunk))
      at += chunk
    },
  })
}

async function rowsOf(content: string | Uint8Array) {
  let headers: string[] = []
  const rows = []
  for await (const row of readCsv(stream(content), { onHeader: (found) => (headers = found) })) rows.push(row)
  return { headers, rows }
}

describe('reading an import file in the browser', () => {
  it('gives each record with the line it starts on, through BOMs, quotes, CRLF and blank lines', async () => {
    const { headers, rows } = await rowsOf('\uFEFFname,city\r\n"Résidence, Les Érables",Montréal\r\n\r\n"Two\r\nlines",Québec\r\n,\r\nBanff Clinic,Banff\r\n')
    expect(headers).toEqual(['name', 'city'])
    expect(rows).toEqual([
      { line: 2, cells: { name: 'Résidence, Les Érables', city: 'Montréal' } },
      { line: 4, cells: { name: 'Two\r\nlines', city: 'Québec' } },
      { line: 7, cells: { name: 'Banff Clinic', city: 'Banff' } },
    ])
  })

  it('reads a file Excel saved in French, with semicolons, its header arriving in pieces', async () => {
    const { headers, rows } = await rowsOf('\uFEFFnom;ville;taux\r\nDupuis, fils;Gatineau;65,00\r\n"Bureau; Lavoie";Hull;70,50\r\n')
    expect(headers).toEqual(['nom', 'ville', 'taux'])
    expect(rows).toEqual([
      { line: 2, cells: { nom: 'Dupuis, fils', ville: 'Gatineau', taux: '65,00' } },
      { line: 3, cells: { nom: 'Bureau; Lavoie', ville: 'Hull', taux: '70,50' } },
    ])
  })

  it('flags a row with more cells than columns instead of sending it', async () => {
    const { rows } = await rowsOf('name,city\nA,B,oops\n')
    expect(rows[0]).toMatchObject({ line: 2, problem: { column: '(row)', kind: 'extra_cells' } })
  })

  it('refuses a file that is not UTF-8', async () => {
    await expect(rowsOf(new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x4d, 0x6f, 0x6e, 0x74, 0x72, 0xe9, 0x61, 0x6c, 0x0a]))).rejects.toBeInstanceOf(NotUtf8Error)
  })

  it('reads the header row alone, and nothing from an empty file', async () => {
    expect(await readHeader(stream('Nom,Ville\nA,B\nC,D\n'))).toEqual(['Nom', 'Ville'])
    expect(await readHeader(stream(''))).toEqual([])
  })
})
