import type { z } from 'zod'
import { CreateLocationBody } from '../contract/location.ts'
import { CreateServiceBody } from '../contract/service.ts'
import { CSV_COLUMNS, csvColumn, type CsvKind } from './columns.ts'

/** Why one cell of an import row was refused; `column` is the template's header. */
export interface CellError {
  column: string
  message: string
}

/** A row that cannot be imported, and every reason why. */
export interface RowFailure {
  ok: false
  line: number
  errors: CellError[]
}

export type RowResult<T> = { ok: true; line: number; value: T } | RowFailure

const bodies = { locations: CreateLocationBody, services: CreateServiceBody } as const

/** The create body of each import kind. */
export type ImportRow<K extends CsvKind> = z.output<(typeof bodies)[K]>

/**
 * Reads one parsed CSV record (header → cell, as csv-parse gives it) into the body that
 * creates the record. Headers may be any accepted alias; empty optional cells take the
 * field's default (null, or active, teal, 60 minutes); every problem of the row is
 * reported at once, by column, with the file's line number.
 * @example
 * parseCsvRow('services', { Nom: 'Déneigement', 'Bill rate': '65,00', 'Pay rate': '28' }, 4)
 * // { ok: true, line: 4, value: { name: 'Déneigement', bill_rate_cents: 6500, pay_rate_cents: 2800, … } }
 */
export function parseCsvRow<K extends CsvKind>(kind: K, record: Readonly<Record<string, string | undefined>>, line: number): RowResult<ImportRow<K>> {
  const cells = new Map<string, string>()
  for (const [header, cell] of Object.entries(record)) {
    const key = csvColumn(kind, header)?.key
    const text = cell?.trim() ?? ''
    if (key && !cells.get(key)) cells.set(key, text)
  }

  const input: Record<string, unknown> = {}
  const errors: CellError[] = []
  for (const column of CSV_COLUMNS[kind]) {
    const text = cells.get(column.key) ?? ''
    if (text === '') {
      if (column.required) errors.push({ column: column.key, message: 'Required' })
      continue
    }
    const read = column.read ? column.read(text) : { ok: true as const, value: text }
    if (read.ok) input[column.field] = read.value
    else errors.push({ column: column.key, message: read.message })
  }

  const parsed = bodies[kind].safeParse(input)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = CSV_COLUMNS[kind].find((candidate) => candidate.field === issue.path[0])?.key ?? String(issue.path[0] ?? '')
      if (!errors.some((error) => error.column === key)) errors.push({ column: key, message: issue.message })
    }
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, line, errors: sortByColumn(kind, errors) }
  return { ok: true, line, value: parsed.data as ImportRow<K> }
}

function sortByColumn(kind: CsvKind, errors: CellError[]): CellError[] {
  const order = CSV_COLUMNS[kind].map((column) => column.key)
  return [...errors].sort((a, b) => order.indexOf(a.column) - order.indexOf(b.column))
}

/**
 * A locations file's row as the body that creates the location.
 * @example
 * parseLocationRow({ name: 'Bow Valley Clinic', street: '1 Main St', city: 'Banff', province: 'Alberta', postal_code: 't1l1a1' }, 2)
 */
export function parseLocationRow(record: Readonly<Record<string, string | undefined>>, line: number): RowResult<CreateLocationBody> {
  return parseCsvRow('locations', record, line)
}

/**
 * A services file's row as the body that creates the service; rates are read in dollars.
 * @example
 * parseServiceRow({ name: 'Snow removal', bill_rate: '65', pay_rate: '28.50' }, 3)
 */
export function parseServiceRow(record: Readonly<Record<string, string | undefined>>, line: number): RowResult<CreateServiceBody> {
  return parseCsvRow('services', record, line)
}

/** The field that identifies a record of each kind across imports. */
const keyFields = { locations: 'name', services: 'name' } as const satisfies Record<CsvKind, 'name'>

/**
 * What identifies a row across imports: its name, trimmed, spaces collapsed, case and
 * Unicode form ignored. A row whose key matches an existing record updates it, so
 * importing the same file twice changes nothing.
 * @example
 * importKey('services', { name: '  Snow  Removal ' }) === importKey('services', { name: 'snow removal' }) // true
 */
export function importKey(kind: CsvKind, row: { name: string }): string {
  return row[keyFields[kind]].normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase()
}

/**
 * Rows that repeat an earlier row's key in the same file. Within one import the later
 * row would silently overwrite the earlier, so both lines are named instead.
 * @example
 * duplicateRows('services', [{ line: 2, value: a }, { line: 5, value: a }])
 * // [{ ok: false, line: 5, errors: [{ column: 'name', message: 'Same name as line 2' }] }]
 */
export function duplicateRows(kind: CsvKind, rows: readonly { line: number; value: { name: string } }[]): RowFailure[] {
  const first = new Map<string, number>()
  const repeats: RowFailure[] = []
  for (const row of rows) {
    const key = importKey(kind, row.value)
    const earlier = first.get(key)
    if (earlier === undefined) first.set(key, row.line)
    else repeats.push({ ok: false, line: row.line, errors: [{ column: 'name', message: `Same name as line ${earlier}` }] })
  }
  return repeats
}
