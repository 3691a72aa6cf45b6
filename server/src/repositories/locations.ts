import { importKey, postalCodeInProvince, type CreateLocationBody, type Location, type LocationQuery, type UpdateLocationBody } from '@rota/core'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { locations } from '../db/schema/index.ts'
import { locationKeys } from '../db/text-keys.ts'
import { namedRecords } from './named-records.ts'

/** The contract's postal-code-in-province rule, for a change that sent only one of the two. */
const Address = z.object({ province: z.string(), postal_code: z.string() }).superRefine(postalCodeInProvince)

type Row = typeof locations.$inferSelect

export function toLocation(row: Row): Location {
  const { business_id: _business, name_key: _key, search_key: _search, sort_key: _sort, city_key: _city, created_at, updated_at, ...rest } = row
  return { ...rest, province: row.province as Location['province'], created_at: created_at.toISOString(), updated_at: updated_at.toISOString() }
}

/** Clients (locations): unique by name per business, searched by name, city, contact and postal code, accents and case aside. */
export const locationRecords = namedRecords<Row, Location, LocationQuery, CreateLocationBody, UpdateLocationBody>({
  table: locations,
  keyOf: (name) => importKey('locations', { name }),
  toApi: toLocation,
  textKeys: locationKeys,
  check: (merged) => {
    const result = Address.safeParse(merged)
    return result.success ? undefined : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]))
  },
  sortable: { name: locations.sort_key, city: locations.city_key, province: locations.province, created_at: locations.created_at, updated_at: locations.updated_at },
  defaultSort: 'name',
  filters: (query) => [
    query.filter?.active ? eq(locations.active, query.filter.active === 'true') : undefined,
    query.filter?.province ? eq(locations.province, query.filter.province) : undefined,
  ],
  nameTaken: 'A client with this name already exists',
})
