import { importKey, type CreateLocationBody, type Location, type LocationQuery, type UpdateLocationBody } from '@rota/core'
import { eq } from 'drizzle-orm'
import { locations } from '../db/schema/index.ts'
import { namedRecords } from './named-records.ts'

type Row = typeof locations.$inferSelect

export function toLocation(row: Row): Location {
  const { business_id: _business, name_key: _key, created_at, updated_at, ...rest } = row
  return { ...rest, province: row.province as Location['province'], created_at: created_at.toISOString(), updated_at: updated_at.toISOString() }
}

/** Clients (locations): unique by name per business, searched by name, city, contact and postal code. */
export const locationRecords = namedRecords<Row, Location, LocationQuery, CreateLocationBody, UpdateLocationBody>({
  table: locations,
  keyOf: (name) => importKey('locations', { name }),
  toApi: toLocation,
  sortable: { name: locations.name_key, city: locations.city, province: locations.province, created_at: locations.created_at, updated_at: locations.updated_at },
  defaultSort: 'name',
  search: [locations.name, locations.city, locations.contact_person, locations.postal_code],
  filters: (query) => [
    query.filter?.active ? eq(locations.active, query.filter.active === 'true') : undefined,
    query.filter?.province ? eq(locations.province, query.filter.province) : undefined,
  ],
  nameTaken: 'A client with this name already exists',
})
