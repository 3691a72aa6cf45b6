import type { SQL } from 'drizzle-orm'
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core'
import { getTableName } from 'drizzle-orm'
import type { ChangeHub } from './changes.ts'

const dialect = new PgDialect()

/** A list's total, as far as it is known: its value when remembered, and how to remember the one just counted. */
export interface KnownTotal {
  value: number | undefined
  remember(total: number): void
}

/**
 * The totals of filtered lists (`count` beside each page), remembered per business,
 * table and filter until the database announces a change to that business's rows of
 * that table (services/changes.ts): paging through a list counts it once. While the
 * announcements may be missed, nothing is remembered; a count that raced with a change
 * is not kept.
 */
export function createListTotals(changes: ChangeHub, options: { max?: number } = {}) {
  const max = options.max ?? 20_000
  const byTable = new Map<string, Map<string, number>>()
  const generations = new Map<string, number>()
  let size = 0
  let listening = false

  const forget = (scope: string) => {
    generations.set(scope, (generations.get(scope) ?? 0) + 1)
    size -= byTable.get(scope)?.size ?? 0
    byTable.delete(scope)
  }
  const clear = () => {
    for (const scope of [...byTable.keys()]) forget(scope)
    size = 0
  }

  changes.subscribe({
    change: ({ table, business_id }) => forget(`${table}/${business_id}`),
    connection: (connected) => {
      clear()
      listening = connected
    },
  })

  return {
    /** What is known of the total of `table`'s rows of `businessId` that match `where`. */
    known(table: PgTable, businessId: string, where: SQL | undefined): KnownTotal {
      const scope = `${getTableName(table)}/${businessId}`
      const query = where ? dialect.sqlToQuery(where) : { sql: '', params: [] }
      const key = `${query.sql}\u0000${JSON.stringify(query.params)}`
      const generation = generations.get(scope) ?? 0
      return {
        value: listening ? byTable.get(scope)?.get(key) : undefined,
        remember(total: number) {
          if (!listening || (generations.get(scope) ?? 0) !== generation) return
          if (size >= max) clear()
          const totals = byTable.get(scope) ?? new Map<string, number>()
          if (!totals.has(key)) size++
          totals.set(key, total)
          byTable.set(scope, totals)
        },
      }
    },
    size: () => size,
  }
}

export type ListTotals = ReturnType<typeof createListTotals>
