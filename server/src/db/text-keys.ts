import { foldText, searchKey, sortKey } from '@rota/core'
import { isNull, or, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './database.ts'
import { locations, roles, services, timeoffCategories, users } from './schema/index.ts'

/*
 * The folded search and sort keys of each searchable table, computed by core's one
 * function on every write and by `backfillTextKeys` for rows written before them.
 */

export const locationKeys = (l: { name: string; city: string; contact_person: string | null; postal_code: string }) => ({
  search_key: searchKey(l.name, l.city, l.contact_person, l.postal_code, l.postal_code.replace(' ', '')),
  sort_key: sortKey(l.name),
  city_key: sortKey(l.city),
})

export const serviceKeys = (s: { name: string; description: string | null }) => ({
  search_key: searchKey(s.name, s.description),
  sort_key: sortKey(s.name),
})

/** People are sorted by last name then first name; an invitee who gave no name yet, by e-mail. */
export const userKeys = (u: { firstname: string; lastname: string; email: string }) => ({
  search_key: searchKey(`${u.firstname} ${u.lastname}`, u.email),
  sort_key: sortKey(`${u.lastname} ${u.firstname}`.trim() || u.email),
})

export const roleKeys = (r: { name: string }) => ({ search_key: searchKey(r.name), sort_key: sortKey(r.name) })

/** A time-off category's name is unique folded (`name_key`), searched and sorted like a role's. */
export const timeoffCategoryKeys = (c: { name: string }) => ({ name_key: foldText(c.name), search_key: searchKey(c.name), sort_key: sortKey(c.name) })

const BATCH = 1000

interface Backfill {
  table: PgTable
  name: string
  /** What the keys are computed from. */
  columns: string[]
  // Each table's own row type; the rows read below carry exactly `columns`.
  keys: (row: never) => Record<string, string>
  /** Rows still without their keys. */
  missing: SQL | undefined
}

const backfills: Backfill[] = [
  { table: locations, name: 'locations', columns: ['name', 'city', 'contact_person', 'postal_code'], keys: locationKeys, missing: or(isNull(locations.search_key), isNull(locations.city_key)) },
  { table: services, name: 'services', columns: ['name', 'description'], keys: serviceKeys, missing: isNull(services.search_key) },
  { table: users, name: 'users', columns: ['firstname', 'lastname', 'email'], keys: userKeys, missing: isNull(users.search_key) },
  { table: roles, name: 'roles', columns: ['name'], keys: roleKeys, missing: isNull(roles.search_key) },
  { table: timeoffCategories, name: 'timeoff_categories', columns: ['name'], keys: timeoffCategoryKeys, missing: isNull(timeoffCategories.search_key) },
]

/**
 * Fills the keys of rows that have none (written before migration 0006, or by an older
 * version of Rota still running beside this one), a batch at a time. Run at start-up
 * after the migrations; it finds nothing to do once every row has its keys.
 */
export async function backfillTextKeys(db: Db): Promise<number> {
  let filled = 0
  for (const { table, name, columns, keys, missing } of backfills) {
    for (;;) {
      const picked = sql.join(columns.map((column) => sql.identifier(column)), sql`, `)
      const result = await db.execute(sql`select business_id, id, ${picked} from ${table} where ${missing} limit ${BATCH}`)
      const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows
      if (rows.length === 0) break
      const values = rows.map((row) => ({ business_id: row.business_id, id: row.id, ...keys(row as never) }))
      const keyNames = Object.keys(values[0]!).filter((key) => key !== 'business_id' && key !== 'id')
      const set = sql.join(keyNames.map((key) => sql`${sql.identifier(key)} = x.${sql.identifier(key)}`), sql`, `)
      const shape = sql.raw(['business_id text', 'id uuid', ...keyNames.map((key) => `${key} text`)].join(', '))
      await db.execute(sql`
        update ${sql.identifier(name)} t set ${set}
        from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as x(${shape})
        where t.business_id = x.business_id and t.id = x.id`)
      filled += rows.length
      if (rows.length < BATCH) break
    }
  }
  return filled
}
