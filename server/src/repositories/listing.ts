import { foldText, type ListQuery } from '@rota/core'
import { asc, desc, like, sql, type AnyColumn, type SQL } from 'drizzle-orm'
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
export function totalOf(db: Db, table: PgTable, where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})`.mapWith(Number)
}
