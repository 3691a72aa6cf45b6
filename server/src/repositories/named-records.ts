import type { ListQuery } from '@rota/core'
import { and, eq, type AnyColumn, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/database.ts'
import { AppError, badRequest, conflict, notFound } from '../errors.ts'
import { lockForChange, nextVersion } from '../records/lifecycle.ts'
import { orderOf, pageOf, pageWithTotal, searchOf } from './listing.ts'
import type { ListTotals } from '../services/list-totals.ts'

/** The columns every named tenant record has (locations, services, …). */
interface NamedColumns {
  business_id: PgColumn
  id: PgColumn
  name_key: PgColumn
  search_key: PgColumn
  version: PgColumn
  updated_at: PgColumn
}

export interface NamedRecordSpec<Row, Api, Query extends ListQuery> {
  table: PgTable & NamedColumns
  /** The key a name is unique by (core's importKey). */
  keyOf(name: string): string
  /** The folded search and sort keys of a record as it will be (see db/text-keys.ts). */
  textKeys(record: Api): Record<string, string>
  toApi(row: Row): Api
  sortable: Record<string, AnyColumn | SQL>
  defaultSort: string
  filters(query: Query): (SQL | undefined)[]
  /**
   * Rules across fields that a change sending only some of them must still meet once
   * merged with the record (a postal code sent alone against the stored province): the
   * problems by field, or nothing.
   */
  check?(merged: Api): Record<string, string> | undefined
  /** The message shown on the name field when it is taken. */
  nameTaken: string
}

/**
 * List, read, create, change and delete for a tenant table of records with a unique
 * name: tenant-scoped, versioned (a stale version answers 409), duplicates refused
 * on the name field, deletes refused while other records point at it.
 */
/** The tables whose list pages are remembered: each must announce its changes (migration 0010; a test checks). */
export const rememberedTables = new Set<PgTable>()

export function namedRecords<Row extends { name: string }, Api, Query extends ListQuery, Create extends { name: string }, Update extends { name?: string; version: number }>(
  spec: NamedRecordSpec<Row, Api, Query>,
) {
  const t = spec.table
  rememberedTables.add(t)
  const own = (businessId: string) => eq(t.business_id, businessId)
  const one = (businessId: string, id: string) => and(own(businessId), eq(t.id, id))
  // Drizzle's builders are typed per table; this generic layer hands them values it has shaped itself.
  const q = (db: Db) => db as unknown as {
    select: Db['select']
    insert: (table: PgTable) => { values: (v: unknown) => { returning: () => Promise<Row[]> } }
    update: (table: PgTable) => { set: (v: unknown) => { where: (w: SQL | undefined) => { returning: () => Promise<Row[]> } } }
    delete: (table: PgTable) => { where: (w: SQL | undefined) => { returning: () => Promise<Row[]> } }
  }

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (error) {
      if (sqlState(error) === '23505') throw conflict('name_taken', { name: spec.nameTaken })
      if (sqlState(error) === '23503') throw new AppError(409, 'in_use')
      throw error
    }
  }

  return {
    /** A page of records; the page is remembered until the table's rows of the business change (services/list-totals.ts). */
    async list(db: Db, businessId: string, query: Query, totals: ListTotals): Promise<{ count: number; rows: Api[] }> {
      const known = totals.page<{ count: number; rows: Api[] }>(t, businessId, query)
      if (known.value) return known.value
      const where = and(own(businessId), searchOf(t.search_key, query.q), ...spec.filters(query))
      const { limit, offset } = pageOf(query)
      const { rows, count } = await pageWithTotal(db, totals, { table: t, businessId, where, offset }, (total) =>
        db
          .select({ row: t, ...(total ? { count: total } : {}) })
          .from(t)
          .where(where)
          .orderBy(...orderOf(spec.sortable, query, spec.defaultSort, t.id))
          .limit(limit)
          .offset(offset) as unknown as Promise<{ row: Row; count?: number }[]>,
      )
      const page = { count, rows: rows.map((r) => spec.toApi(r.row)) }
      known.remember(page)
      return page
    },

    async get(db: Db, businessId: string, id: string): Promise<Api> {
      const [row] = (await db.select().from(t).where(one(businessId, id))) as unknown as Row[]
      if (!row) throw notFound()
      return spec.toApi(row)
    },

    async create(db: Db, businessId: string, body: Create): Promise<Api> {
      const keys = spec.textKeys(body as unknown as Api)
      const [row] = await guarded(() => q(db).insert(t).values({ ...body, ...keys, business_id: businessId, name_key: spec.keyOf(body.name) }).returning())
      return spec.toApi(row!)
    },

    /**
     * Changes a record if `version` is still current, as every versioned record changes
     * (records/lifecycle.ts): its row locked until the caller's transaction ends, a stale
     * version 409, a missing record 404, a change naming no field 400.
     */
    async update(db: Db, businessId: string, id: string, body: Update): Promise<{ before: Api; after: Api }> {
      const { version, ...patch } = body
      requireChange(patch)
      const before = spec.toApi(await lockForChange<Row>(db, t, businessId, id, version))
      const merged = { ...before, ...patch } as Api
      const problems = spec.check?.(merged)
      if (problems) throw badRequest('validation_failed', problems)
      const keys = spec.textKeys(merged)
      const [row] = await guarded(() =>
        q(db)
          .update(t)
          .set({ ...patch, ...keys, ...(patch.name ? { name_key: spec.keyOf(patch.name) } : {}), ...nextVersion(t) })
          .where(one(businessId, id))
          .returning(),
      )
      return { before, after: spec.toApi(row!) }
    },

    async remove(db: Db, businessId: string, id: string): Promise<Api> {
      const [row] = await guarded(() => q(db).delete(t).where(one(businessId, id)).returning())
      if (!row) throw notFound()
      return spec.toApi(row)
    },
  }
}

/**
 * Refuses (400 `nothing_to_change`) a change that names no field: a body of misspelt fields
 * (dropped by the contract) would otherwise answer "Saved.", move the version on and audit nothing.
 */
export function requireChange(patch: object): void {
  if (!Object.values(patch).some((value) => value !== undefined)) throw badRequest('nothing_to_change')
}

/** PostgreSQL's SQLSTATE of a failed query (Drizzle keeps the driver's error as the cause). */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code
  }
  return undefined
}
