import type { ListQuery } from '@rota/core'
import { asc, desc, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'

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

/** The total of a filtered list, counted beside its page. */
export const totalCount = sql<number>`count(*) over ()`.mapWith(Number)
