import { foldText, type ListQuery } from '@rota/core'
import { asc, desc, like, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/database.ts'
import type { ListTotals } from '../services/list-totals.ts'

/** LIMIT and OFFSET of a list query's page. */
export function pageOf(query: Pick<ListQuery, 'page' | 'page_size'>): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page - 1) * query.page_size }
}

/**
 * ORDER BY for a list query: the requested sort (one of `columns`, already checked by
 * the route's schema) then `tiebreak`, so pages never overlap or skip rows.
 */
export function orderOf(columns: Record<string, AnyColumn | SQL>, query: Pick<ListQuery, 'sort' | 'order'>, fallback: string, tiebreak: AnyColumn): SQL[] {
  const column = columns[query.sort ?? fallback] ?? columns[fallback]!
  return [query.order === 'desc' ? desc(column) : asc(column), asc(tiebreak)]
}

/**
 * `q` folded by core's `foldText` as a substring of a table's `search_key` (its searchable
 * fields folded alike): accents, case and extra spaces ignored; `undefined` without `q`.
 */
export function searchOf(searchKey: AnyColumn, q: string | undefined): SQL | undefined {
  const folded = q ? foldText(q) : ''
  if (!folded) return undefined
  return like(searchKey, `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
}

/**
 * The total of a filtered list, counted beside its page in the same query as a scalar
 * subquery. Not `count(*) over ()`: a window over every matching row makes the database
 * read and sort them all before it can take the page, where an index serves the page alone.
 */
function totalOf(table: PgTable, where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})`.mapWith(Number)
}

/**
 * A page of a list and the list's total. The total is remembered (services/list-totals.ts)
 * until the business's rows of `table` change, so paging through a list counts it once;
 * otherwise it is counted in the page's own query. `select` runs the page's query with the
 * total as its `count` column when one is asked for.
 * @example
 * const { rows, count } = await pageWithTotal(db, totals, { table: roles, businessId, where, offset }, (count) =>
 *   db.select({ role: roles, ...(count ? { count } : {}) }).from(roles).where(where).limit(20))
 */
export async function pageWithTotal<R extends { count?: number }>(
  db: Db,
  totals: ListTotals,
  list: { table: PgTable; businessId: string; where: SQL | undefined; offset: number },
  select: (count: SQL<number> | undefined) => Promise<R[]>,
): Promise<{ rows: R[]; count: number }> {
  const known = totals.known(list.table, list.businessId, list.where)
  if (known.value !== undefined) return { rows: await select(undefined), count: known.value }
  const rows = await select(totalOf(list.table, list.where))
  let count = rows[0]?.count
  if (count === undefined) {
    const [total] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(list.table).where(list.where)
    count = total?.count ?? 0
  }
  known.remember(count)
  return { rows, count }
}

/**
 * `column = any('{…}'::uuid[])`: a match against many ids as one parameter. A long `IN ($1, $2, …)`
 * costs the database a parameter each to parse and plan (2,800 of them for a week of shifts on the
 * board); one array costs the same as one id, and an index serves both.
 * @example
 * db.select().from(users).where(anyId(users.id, staffIds))
 */
export function anyId(column: AnyColumn, ids: readonly string[]): SQL {
  for (const id of ids) if (!UUID.test(id)) throw new Error(`Not an id: ${id}`)
  return sql`${column} = any(${`{${ids.join(',')}}`}::uuid[])`
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
