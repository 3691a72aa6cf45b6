import type { SQL } from 'drizzle-orm'
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core'
import { getTableName } from 'drizzle-orm'
import type { ChangeHub } from './changes.ts'

const dialect = new PgDialect()

/** A list's total, as far as it is known: its value when remembered, and how to remember the one just counted. */
export type KnownTotal = Known<number>

/**
 * What lists are remembered by, per business and table, until the database announces a
 * change to that business's rows of that table (services/changes.ts): the totals of
 * filtered lists (`count` beside each page), so paging through a list counts it once, and
 * whole pages of lists read from that one table alone (`page`), so a list read again and
 * again — a screen refetched on focus, many people on the same client list — is read from
 * the database once. While the announcements may be missed, nothing is remembered; a read
 * that raced with a change is not kept.
 */
export function createListTotals(changes: ChangeHub, options: { max?: number; maxPages?: number } = {}) {
  const max = options.max ?? 20_000
  const maxPages = options.maxPages ?? 2_000
  const byTable = new Map<string, Map<string, unknown>>()
  const generations = new Map<string, number>()
  let size = 0
  let pages = 0
  let listening = false

  const forget = (scope: string) => {
    generations.set(scope, (generations.get(scope) ?? 0) + 1)
    for (const key of byTable.get(scope)?.keys() ?? []) key.startsWith(PAGE) ? pages-- : size--
    byTable.delete(scope)
  }
  const clear = () => {
    for (const scope of [...byTable.keys()]) forget(scope)
    size = 0
    pages = 0
  }

  changes.subscribe({
    change: ({ table, business_id }) => forget(`${table}/${business_id}`),
    connection: (connected) => {
      clear()
      listening = connected
    },
  })

  function known<T>(table: PgTable, businessId: string, key: string): Known<T> {
    const scope = `${getTableName(table)}/${businessId}`
    const generation = generations.get(scope) ?? 0
    return {
      value: listening ? (byTable.get(scope)?.get(key) as T | undefined) : undefined,
      remember(value: T) {
        if (!listening || (generations.get(scope) ?? 0) !== generation) return
        const isPage = key.startsWith(PAGE)
        if (isPage && maxPages === 0) return
        if (isPage ? pages >= maxPages : size >= max) clear()
        const remembered = byTable.get(scope) ?? new Map<string, unknown>()
        if (!remembered.has(key)) isPage ? pages++ : size++
        remembered.set(key, value)
        byTable.set(scope, remembered)
      },
    }
  }

  return {
    /** What is known of the total of `table`'s rows of `businessId` that match `where`. */
    known(table: PgTable, businessId: string, where: SQL | undefined): KnownTotal {
      const query = where ? dialect.sqlToQuery(where) : { sql: '', params: [] }
      return known<number>(table, businessId, `${query.sql}\u0000${JSON.stringify(query.params)}`)
    },
    /**
     * What is known of a page of a list read from `table` alone, by the list's query (already
     * validated: its page, sort, search and filters). A remembered page is frozen, shared by every
     * answer that uses it, and written to JSON once (plugins/serializers.ts).
     */
    page<T extends object>(table: PgTable, businessId: string, query: object): Known<T> {
      const page = known<T>(table, businessId, PAGE + JSON.stringify(query))
      return { value: page.value, remember: (value) => page.remember(deepFreeze(value)) }
    },
    /** How many totals are remembered. */
    size: () => size,
    /** How many pages are remembered. */
    pages: () => pages,
  }
}

const PAGE = 'page\u0000'

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

/** A value as far as it is known: itself when remembered, and how to remember the one just read. */
export interface Known<T> {
  value: T | undefined
  remember(value: T): void
}

export type ListTotals = ReturnType<typeof createListTotals>
