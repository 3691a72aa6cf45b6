import type { z } from 'zod'
import { CreateLocationBody } from '../contract/location.ts'
import { ShiftImportRow } from '../contract/schedule.ts'
import { CreateServiceBody } from '../contract/service.ts'
import { restoreCsvCell } from './neutralise.ts'
import { CSV_COLUMNS, csvColumn, type CsvColumn, type CsvKind, type NamedCsvKind } from './columns.ts'

/**
 * Why one cell of an import row was refused; `column` is the template's header. `code`
 * (one of ROW_PROBLEM_CODES) and `params` are for clients to say it in their language;
 * `message` is the same in English (the CLI's words).
 */
export interface CellError {
  column: string
  code: RowProblemCode
  params?: Record<string, string | number>
  message: string
}

/** Every reason a row can be refused, as `CellError.code`. */
export const ROW_PROBLEM_CODES = [
  'required',
  'too_long',
  'invalid',
  'email',
  'phone',
  'postal_code',
  'postal_code_province',
  'province',
  'yes_no',
  'number',
  'whole_number',
  'amount',
  'amount_too_big',
  'colour',
  'latitude',
  'longitude',
  'coordinates_together',
  'duration',
  'duplicate_name',
  'extra_cells',
  'date',
  'date_range',
  'time',
  'start_midnight',
  'break_minutes',
  'unknown_staff',
  'unknown_client',
  'unknown_service',
  'archived_client',
  'archived_service',
  'shift_no_time',
  'shift_overlap',
  'shift_overlap_line',
  'shift_time_off',
  'shift_availability',
  'shift_weekly_hours',
  'shift_rest',
  'shift_service',
] as const
export type RowProblemCode = (typeof ROW_PROBLEM_CODES)[number]

/** Fields whose every other problem means "not in the expected form", said field by field. */
const FIELD_PROBLEMS: Readonly<Record<string, RowProblemCode>> = {
  email: 'email',
  phone: 'phone',
  postal_code: 'postal_code',
  province: 'province',
  colour: 'colour',
  latitude: 'latitude',
  longitude: 'longitude',
  default_duration_minutes: 'duration',
  bill_rate_cents: 'amount',
  pay_rate_cents: 'amount',
  staff_email: 'email',
  date: 'date',
  start: 'time',
  end: 'time',
  break_minutes: 'break_minutes',
}

const isCode = (value: unknown): value is RowProblemCode => (ROW_PROBLEM_CODES as readonly unknown[]).includes(value)

/**
 * The stable code of a contract rule's zod issue: a refinement names its own
 * (`params.code`, such as `postal_code_province`); the rest are read from the kind of
 * issue and the field.
 * @example
 * rowProblem({ code: 'too_big', origin: 'string', maximum: 120, path: ['name'], … }) // { code: 'too_long', params: { max: 120 } }
 */
export function rowProblem(issue: z.core.$ZodIssue): Pick<CellError, 'code' | 'params'> {
  const field = String(issue.path[0] ?? '')
  if (issue.code === 'custom' && isCode(issue.params?.code)) {
    const { code, ...params } = issue.params as { code: RowProblemCode } & Record<string, string | number>
    return Object.keys(params).length > 0 ? { code, params } : { code }
  }
  if (issue.code === 'invalid_type') return { code: 'required' }
  if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1) return { code: 'required' }
  if (issue.code === 'too_big' && issue.origin === 'string') return { code: 'too_long', params: { max: Number(issue.maximum) } }
  if (issue.code === 'too_big' && FIELD_PROBLEMS[field] === 'amount') return { code: 'amount_too_big' }
  return { code: FIELD_PROBLEMS[field] ?? 'invalid' }
}

/** A row that cannot be imported, and every reason why. */
export interface RowFailure {
  ok: false
  line: number
  errors: CellError[]
  /** The row's fields that are valid by themselves, read as the body reads them: what else can be checked of a refused row. */
  partial?: Readonly<Record<string, unknown>>
}

export type RowResult<T> = { ok: true; line: number; value: T } | RowFailure

const bodies = { locations: CreateLocationBody, services: CreateServiceBody, shifts: ShiftImportRow } as const

/** Headers already read, per kind: a file's few headers repeat on every row, and reading one folds it. */
const knownHeaders: Record<CsvKind, Map<string, CsvColumn | null>> = { locations: new Map(), services: new Map(), shifts: new Map() }
/** Enough for every file's headers at once; past it (headers made up row by row) the memory starts again. */
const KNOWN_HEADERS_MAX = 1000

function columnOf(kind: CsvKind, header: string): CsvColumn | null {
  const known = knownHeaders[kind]
  let column = known.get(header)
  if (column === undefined) {
    if (known.size >= KNOWN_HEADERS_MAX) known.clear()
    column = csvColumn(kind, header) ?? null
    known.set(header, column)
  }
  return column
}

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
  for (const header in record) {
    const key = columnOf(kind, header)?.key
    // A cell Rota neutralised on the way out (an export, rejected rows) reads as it was.
    const text = restoreCsvCell(record[header]?.trim() ?? '')
    if (key && !cells.get(key)) cells.set(key, text)
  }

  const input: Record<string, unknown> = {}
  const errors: CellError[] = []
  for (const column of CSV_COLUMNS[kind]) {
    if (column.readOnly) continue
    const text = cells.get(column.key) ?? ''
    if (text === '') {
      if (column.required) errors.push({ column: column.key, code: 'required', message: 'Required' })
      continue
    }
    const read = column.read ? column.read(text) : { ok: true as const, value: text }
    if (read.ok) input[column.field] = read.value
    else errors.push({ column: column.key, code: isCode(read.code) ? read.code : 'invalid', message: read.message })
  }

  const parsed = bodies[kind].safeParse(input)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = CSV_COLUMNS[kind].find((candidate) => candidate.field === issue.path[0])?.key ?? String(issue.path[0] ?? '')
      if (!errors.some((error) => error.column === key)) errors.push({ column: key, ...rowProblem(issue), message: issue.message })
    }
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, line, errors: sortByColumn(kind, errors), partial: validFields(kind, input, errors) }
  return { ok: true, line, value: parsed.data as ImportRow<K> }
}

/** The fields of a refused row that its body accepts each on its own, from the columns without an error. */
function validFields(kind: CsvKind, input: Record<string, unknown>, errors: readonly CellError[]): Record<string, unknown> {
  const shape: Record<string, z.ZodType> = bodies[kind].shape
  const partial: Record<string, unknown> = {}
  for (const column of CSV_COLUMNS[kind]) {
    if (!(column.field in input) || errors.some((error) => error.column === column.key)) continue
    const field = shape[column.field]?.safeParse(input[column.field])
    if (field?.success) partial[column.field] = field.data
  }
  return partial
}

/**
 * A row's errors in the order of its kind's columns.
 * @example
 * sortByColumn('shifts', [{ column: 'start', … }, { column: 'client', … }]).map((e) => e.column) // ['client', 'start']
 */
export function sortByColumn<E extends { column: string }>(kind: CsvKind, errors: readonly E[]): E[] {
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

/**
 * A shifts file's row, on the business's clock; a blank e-mail is an open shift. Its
 * names are matched to the business's records, and its times placed in its time zone,
 * by the server.
 * @example
 * parseShiftRow({ staff_email: '', client: 'Harbour Tower', service: 'Night watch', date: '2026-03-09', start: '10 pm', end: '6:00' }, 2)
 * // { ok: true, line: 2, value: { staff_email: null, start: '22:00', end: '06:00', break_minutes: 0, … } }
 */
export function parseShiftRow(record: Readonly<Record<string, string | undefined>>, line: number): RowResult<ShiftImportRow> {
  return parseCsvRow('shifts', record, line)
}

/** The field that identifies a record of each kind across imports. */
const keyFields = { locations: 'name', services: 'name' } as const satisfies Record<NamedCsvKind, 'name'>

/**
 * What identifies a row across imports: its name, trimmed, spaces collapsed, case and
 * Unicode form ignored. A row whose key matches an existing record updates it, so
 * importing the same file twice changes nothing.
 * @example
 * importKey('services', { name: '  Snow  Removal ' }) === importKey('services', { name: 'snow removal' }) // true
 */
export function importKey(kind: NamedCsvKind, row: { name: string }): string {
  return row[keyFields[kind]].normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase()
}

/**
 * Rows that repeat an earlier row's key in the same file. Within one import the later
 * row would silently overwrite the earlier, so both lines are named instead.
 * @example
 * duplicateRows('services', [{ line: 2, value: a }, { line: 5, value: a }])
 * // [{ ok: false, line: 5, errors: [{ column: 'name', message: 'Same name as line 2' }] }]
 */
export function duplicateRows(kind: NamedCsvKind, rows: readonly { line: number; value: { name: string } }[]): RowFailure[] {
  const first = new Map<string, number>()
  const repeats: RowFailure[] = []
  for (const row of rows) {
    const key = importKey(kind, row.value)
    const earlier = first.get(key)
    if (earlier === undefined) first.set(key, row.line)
    else repeats.push({ ok: false, line: row.line, errors: [{ column: 'name', code: 'duplicate_name', params: { line: earlier }, message: `Same name as line ${earlier}` }] })
  }
  return repeats
}
