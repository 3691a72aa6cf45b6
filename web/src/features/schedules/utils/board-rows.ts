import type { LocalDate, Shift } from '@rota/core'

/** How the board's rows are drawn: one per person (and the open shifts), or one per client. */
export type RowsBy = 'staff' | 'client'

/** Someone the board can schedule: their row's label and role. */
export interface Person {
  id: string
  name: string
  role: { id: string; name: string } | null
}

/** A client the board can schedule at. */
export interface Client {
  id: string
  name: string
  city: string | null
}

/** What narrows the board; an empty text means "all". `staff` may be `open`. */
export interface BoardFilters {
  client: string
  service: string
  staff: string
  role: string
  search: string
}

export const NO_FILTERS: BoardFilters = { client: '', service: '', staff: '', role: '', search: '' }

/** Paid hours (as minutes), cost and value of some shifts, and how many there are. */
export interface Totals {
  minutes: number
  cost: number
  value: number
  count: number
}

/** One row of the board: its shifts by business day and what they add up to. */
export interface BoardRow {
  /** `open`, `staff:{id}` or `client:{id}`: also what a card dropped on it changes. */
  key: string
  kind: 'open' | 'staff' | 'client'
  /** The person (null for the open shifts) or the client. */
  id: string | null
  label: string
  detail: string | null
  cells: Map<LocalDate, Shift[]>
  totals: Totals
}

/**
 * What shifts add up to: paid minutes, cost and value, leaving out cancelled shifts, which
 * nobody works or bills. Sums of each shift's own rounded amounts, as DESIGN.md §9 asks.
 * @example
 * totalsOf(week).minutes // 2400
 */
export function totalsOf(shifts: readonly Shift[]): Totals {
  const totals: Totals = { minutes: 0, cost: 0, value: 0, count: 0 }
  for (const shift of shifts) {
    if (shift.status === 'cancelled') continue
    totals.minutes += shift.paid_minutes
    totals.cost += shift.cost_cents
    totals.value += shift.value_cents
    totals.count += 1
  }
  return totals
}

/** Text as a search compares it: lower case, without accents (`Montréal` is found by `montreal`). */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()
}

interface RowsInput {
  shifts: readonly Shift[]
  dates: readonly LocalDate[]
  by: RowsBy
  team: readonly Person[]
  clients: readonly Client[]
  filters: BoardFilters
}

/** Whether a shift stays on the board under the filters (the search is judged with its row). */
function kept(shift: Shift, filters: BoardFilters, roleOf: Map<string, string | undefined>): boolean {
  if (filters.client && shift.location.id !== filters.client) return false
  if (filters.service && shift.service.id !== filters.service) return false
  if (filters.staff === 'open' && shift.staff) return false
  if (filters.staff && filters.staff !== 'open' && shift.staff?.id !== filters.staff) return false
  if (filters.role && (!shift.staff || roleOf.get(shift.staff.id) !== filters.role)) return false
  return true
}

function mentions(shift: Shift, words: string): boolean {
  return [shift.staff?.name ?? '', shift.location.name, shift.service.name, shift.notes ?? ''].some((text) => searchable(text).includes(words))
}

/**
 * The board's rows for a week (or a day): by staff, the open shifts first and then everyone in
 * the team, with anyone the shifts name who is not in it (a disabled person's old shifts); by
 * client, every client and any other the shifts name. Each row's cells hold its shifts by day,
 * in time order. Filters narrow the shifts and the rows; a search keeps a row whose name
 * matches, with all its shifts, or the shifts of any row that mention the words.
 * @example
 * boardRows({ shifts, dates: week.dates, by: 'staff', team, clients, filters: NO_FILTERS })[0].key // 'open'
 */
export function boardRows({ shifts, dates, by, team, clients, filters }: RowsInput): BoardRow[] {
  const roleOf = new Map(team.map((person) => [person.id, person.role?.id]))
  const shown = new Set(dates)
  const onBoard = shifts.filter((shift) => shown.has(shift.date) && kept(shift, filters, roleOf))
  const words = searchable(filters.search.trim())

  const rows: Omit<BoardRow, 'cells' | 'totals'>[] = []
  if (by === 'staff') {
    if (!filters.role && (!filters.staff || filters.staff === 'open')) rows.push({ key: 'open', kind: 'open', id: null, label: '', detail: null })
    if (filters.staff !== 'open') {
      const people = new Map(team.map((person) => [person.id, person]))
      for (const shift of onBoard) if (shift.staff && !people.has(shift.staff.id)) people.set(shift.staff.id, { id: shift.staff.id, name: shift.staff.name, role: null })
      const listed = [...people.values()].filter((person) => (!filters.staff || person.id === filters.staff) && (!filters.role || person.role?.id === filters.role))
      for (const person of listed) rows.push({ key: `staff:${person.id}`, kind: 'staff', id: person.id, label: person.name, detail: person.role?.name ?? null })
    }
  } else {
    const known = new Map(clients.map((client) => [client.id, client]))
    for (const shift of onBoard) if (!known.has(shift.location.id)) known.set(shift.location.id, { id: shift.location.id, name: shift.location.name, city: null })
    const listed = [...known.values()].filter((client) => !filters.client || client.id === filters.client).sort((a, b) => a.name.localeCompare(b.name))
    for (const client of listed) rows.push({ key: `client:${client.id}`, kind: 'client', id: client.id, label: client.name, detail: client.city })
  }

  const rowKeyOf = (shift: Shift) => (by === 'client' ? `client:${shift.location.id}` : shift.staff ? `staff:${shift.staff.id}` : 'open')
  const byRow = new Map<string, Shift[]>()
  for (const shift of onBoard) {
    const key = rowKeyOf(shift)
    const theirs = byRow.get(key)
    if (theirs) theirs.push(shift)
    else byRow.set(key, [shift])
  }

  return rows.flatMap((row) => {
    const named = words !== '' && searchable(row.label).includes(words)
    const theirs = (byRow.get(row.key) ?? []).filter((shift) => words === '' || named || mentions(shift, words))
    if (words !== '' && !named && theirs.length === 0) return []
    const cells = new Map<LocalDate, Shift[]>(dates.map((date) => [date, []]))
    // Instants written alike (ISO 8601 in UTC) sort as text; comparing by locale costs far more for the same order.
    for (const shift of [...theirs].sort((a, b) => (a.starts_at < b.starts_at ? -1 : a.starts_at > b.starts_at ? 1 : 0))) cells.get(shift.date)?.push(shift)
    return [{ ...row, cells, totals: totalsOf(theirs) }]
  })
}

/**
 * The rows of `next`, each replaced by its counterpart in `previous` when that shows the same:
 * after a card is moved only the two rows it left and reached are new, so only they are drawn
 * again. Shifts are compared as objects: an answer's or a move's new shift is a new object.
 * @example
 * keepUnchanged(before, after).filter((row, index) => row !== before[index]).length // 2 after a move
 */
export function keepUnchanged(previous: readonly BoardRow[], next: readonly BoardRow[]): BoardRow[] {
  const known = new Map(previous.map((row) => [row.key, row]))
  return next.map((row) => {
    const before = known.get(row.key)
    return before && sameRow(before, row) ? before : row
  })
}

function sameRow(a: BoardRow, b: BoardRow): boolean {
  if (a.kind !== b.kind || a.id !== b.id || a.label !== b.label || a.detail !== b.detail || a.cells.size !== b.cells.size) return false
  for (const [date, shifts] of b.cells) {
    const before = a.cells.get(date)
    if (!before || before.length !== shifts.length || shifts.some((shift, index) => shift !== before[index])) return false
  }
  return true
}

/**
 * Each day's totals over the rows shown.
 * @example
 * dayTotals(rows, week.dates).get('2026-03-09')?.minutes
 */
export function dayTotals(rows: readonly BoardRow[], dates: readonly LocalDate[]): Map<LocalDate, Totals> {
  return new Map(dates.map((date) => [date, totalsOf(rows.flatMap((row) => row.cells.get(date) ?? []))]))
}

/**
 * What a shift dropped on a row becomes: the row's person (or nobody, on the open row), or
 * its client.
 * @example
 * rowChange('staff:abc') // { staff_id: 'abc' }
 */
export function rowChange(rowKey: string): { staff_id: string | null } | { location_id: string } {
  if (rowKey === 'open') return { staff_id: null }
  const [kind, id] = rowKey.split(':') as [string, string]
  return kind === 'client' ? { location_id: id } : { staff_id: id }
}
