import type { ListQuery } from '@rota/core'
import { asc, desc, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/database.ts'

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

/** `q` as a case-insensitive substring of any of the columns; `undefined` when there is no `q`. */
export function searchOf(columns: AnyColumn[], q: string | undefined): SQL | undefined {
  if (!q) return undefined
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return or(...columns.map((column) => ilike(column, pattern)))
}

/**
 * The total of a filtered list, counted beside its page in the same query as a scalar
 * subquery. Not `count(*) over ()`: a window over every matching row makes the database
 * read and sort them all before it can take the page, where an index serves the page alone.
 */
export function totalOf(db: Db, table: PgTable, where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})`.mapWith(Number)
}
