import type { LocalDate } from './local-date.ts'

/**
 * A row of a dated table (tax rates, overtime rules): it applies from `effectiveFrom` (a local
 * date, included) until the next row for the same thing takes over. Tables grow by adding a
 * row, never by editing one, so a past invoice or payroll recomputes as it was.
 */
export interface DatedRow {
  effectiveFrom: LocalDate
}

/**
 * The row in effect on a date: among `rows`, the one with the latest `effectiveFrom` on or
 * before `date`; on a tie the one listed last wins. Rota lists a business's own rows after its
 * defaults (`[...defaults, ...overrides]`), so an override dated like a default replaces it, and
 * a default dated after an override (a new rate the law brought in) takes over from that date.
 * Undefined when no row has started yet.
 * @example
 * const rows = [{ effectiveFrom: '2010-07-01', percent: '15' }, { effectiveFrom: '2025-04-01', percent: '14' }]
 * rowInEffect(rows, '2025-03-31')?.percent // '15'
 * rowInEffect(rows, '2025-04-01')?.percent // '14'
 */
export function rowInEffect<Row extends DatedRow>(rows: readonly Row[], date: LocalDate): Row | undefined {
  let found: Row | undefined
  for (const row of rows) {
    if (row.effectiveFrom <= date && (found === undefined || row.effectiveFrom >= found.effectiveFrom)) found = row
  }
  return found
}
