import { describe, expect, it } from 'vitest'
import { checkCsvHeader, CSV_COLUMNS, CSV_KINDS } from './columns.ts'
import { duplicateRows, parseLocationRow, parseServiceRow, parseShiftRow } from './rows.ts'
import { csvTemplate } from './templates.ts'

/** Just enough RFC 4180 to read the templates back: quoted cells, doubled quotes, commas inside quotes. */
function readCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (quoted && char === '"' && text[index + 1] === '"') {
      cell += '"'
      index++
    } else if (char === '"') {
      quoted = !quoted
    } else if (!quoted && char === ',') {
      row.push(cell)
      cell = ''
    } else if (!quoted && char === '\n') {
      rows.push([...row, cell])
      row = []
      cell = ''
    } else {
      cell += char
    }
  }
  return rows
}

function records(text: string): { line: number; record: Record<string, string> }[] {
  const [header = [], ...body] = readCsv(text)
  return body.map((cells, index) => ({ line: index + 2, record: Object.fromEntries(header.map((name, column) => [name, cells[column] ?? ''])) }))
}

describe('csvTemplate', () => {
  it.each(CSV_KINDS)('%s: its header is exactly the column list', (kind) => {
    const [header] = readCsv(csvTemplate(kind))
    // A read-only column (a shift's status) is the export's, not something to fill in.
    expect(header).toEqual(CSV_COLUMNS[kind].filter((column) => !column.readOnly).map((column) => column.key))
    expect(checkCsvHeader(kind, header ?? []).ok).toBe(true)
  })

  it.each(CSV_KINDS)('%s: has two or three rows, each as wide as the header, ending with a newline', (kind) => {
    const [header = [], ...rows] = readCsv(csvTemplate(kind))
    expect(rows.length).toBeGreaterThanOrEqual(2)
    expect(rows.length).toBeLessThanOrEqual(3)
    for (const row of rows) expect(row).toHaveLength(header.length)
    expect(csvTemplate(kind).endsWith('\n')).toBe(true)
  })

  it.each(CSV_KINDS)('%s: shows French accents and a quoted comma', (kind) => {
    const text = csvTemplate(kind)
    expect(text).toMatch(/[éèêàçÉ]/)
    expect(text).toMatch(/"[^"]*,[^"]*"/)
  })

  it('reads back every locations row', () => {
    const results = records(csvTemplate('locations')).map(({ record, line }) => parseLocationRow(record, line))
    expect(results.map((result) => result.ok)).toEqual([true, true, true])
    const values = results.flatMap((result) => (result.ok ? [result.value] : []))
    expect(values.map((value) => [value.name, value.street, value.province, value.active])).toEqual([
      ['Résidence Les Érables', '1250, rue Sainte-Catherine Ouest', 'QC', true],
      ['Harbourfront Community Centre', '627 Queens Quay W', 'ON', true],
      ['Bow Valley Clinic', '317 Banff Ave', 'AB', true],
    ])
    expect(values[1]?.billing_notes).toBe('Net 30, PO number on every invoice')
    expect(values[2]).toMatchObject({ email: null, latitude: null, longitude: null, billing_notes: null })
    expect(duplicateRows('locations', results.flatMap((result) => (result.ok ? [result] : [])))).toEqual([])
  })

  it('reads back every services row, rates in cents', () => {
    const results = records(csvTemplate('services')).map(({ record, line }) => parseServiceRow(record, line))
    expect(results.map((result) => (result.ok ? [result.value.name, result.value.bill_rate_cents, result.value.pay_rate_cents] : result))).toEqual([
      ['Entretien ménager', 4550, 2400],
      ['Personal support, overnight', 3875, 2350],
      ['Snow removal', 6500, 2800],
    ])
  })

  it('reads back both shifts rows: a team member at a client of the clients template, and an open night', () => {
    const results = records(csvTemplate('shifts')).map(({ record, line }) => parseShiftRow(record, line))
    expect(results.map((result) => (result.ok ? result.value : result))).toEqual([
      { staff_email: 'marie-eve.tremblay@example.com', client: 'Résidence Les Érables', service: 'Entretien ménager', date: '2026-03-09', start: '08:00', end: '16:00', break_minutes: 30, notes: 'Clé au poste de garde, porte B' },
      { staff_email: null, client: 'Harbourfront Community Centre', service: 'Personal support, overnight', date: '2026-03-09', start: '22:00', end: '06:00', break_minutes: 0, notes: 'Open shift (no e-mail): ends the next morning' },
    ])
    const clients = records(csvTemplate('locations')).map(({ record }) => record.name)
    const services = records(csvTemplate('services')).map(({ record }) => record.name)
    for (const result of results) {
      expect(clients).toContain(result.ok && result.value.client)
      expect(services).toContain(result.ok && result.value.service)
    }
  })
})
