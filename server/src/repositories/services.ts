import { importKey, type CreateServiceBody, type Service, type ServiceQuery, type UpdateServiceBody } from '@rota/core'
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { services } from '../db/schema/index.ts'
import { serviceKeys } from '../db/text-keys.ts'
import { namedRecords } from './named-records.ts'

type Row = typeof services.$inferSelect

export function toService(row: Row): Service {
  const { business_id: _business, name_key: _key, search_key: _search, sort_key: _sort, created_at, updated_at, ...rest } = row
  return { ...rest, created_at: created_at.toISOString(), updated_at: updated_at.toISOString() }
}

/** Services: unique by name per business, searched by name and description, accents and case aside. */
export const serviceRecords = namedRecords<Row, Service, ServiceQuery, CreateServiceBody, UpdateServiceBody>({
  table: services,
  keyOf: (name) => importKey('services', { name }),
  toApi: toService,
  textKeys: serviceKeys,
  sortable: {
    name: services.sort_key,
    bill_rate_cents: services.bill_rate_cents,
    pay_rate_cents: services.pay_rate_cents,
    default_duration_minutes: services.default_duration_minutes,
    created_at: services.created_at,
    updated_at: services.updated_at,
  },
  defaultSort: 'name',
  filters: (query) => [query.filter?.active ? eq(services.active, query.filter.active === 'true') : undefined],
  nameTaken: 'A service with this name already exists',
})

/** Which of these service ids are the business's own. */
/** Whether a service of the business is active; undefined when it has none by that id. */
export async function serviceActive(db: Db, businessId: string, id: string): Promise<boolean | undefined> {
  const [row] = await db.select({ active: services.active }).from(services).where(and(eq(services.business_id, businessId), eq(services.id, id)))
  return row?.active
}

export async function existingServices(db: Db, businessId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db.select({ id: services.id }).from(services).where(and(eq(services.business_id, businessId), inArray(services.id, ids)))
  return rows.map((row) => row.id)
}
