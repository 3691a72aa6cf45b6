import { boolean, doublePrecision, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { businesses } from './businesses.ts'
import { editableColumns, foldedText, tenantColumns } from './columns.ts'

const tenant = (t: { business_id: any }) => foreignKey({ columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade')

/**
 * A client location ("Clients" in the app). `name_key` is the name folded the way
 * core's `importKey` folds it: unique per business, and what a re-import matches on.
 * `search_key` (name, city, contact, postal code), `sort_key` (name) and `city_key` are
 * core's accent- and case-blind keys for searching and sorting.
 */
export const locations = pgTable(
  'locations',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    name_key: text('name_key').notNull(),
    contact_person: text('contact_person'),
    email: text('email'),
    phone: text('phone'),
    street: text('street').notNull(),
    city: text('city').notNull(),
    province: text('province').notNull(),
    postal_code: text('postal_code').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    billing_notes: text('billing_notes'),
    active: boolean('active').notNull().default(true),
    search_key: foldedText('search_key'),
    sort_key: foldedText('sort_key'),
    city_key: foldedText('city_key'),
    ...editableColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    tenant(t),
    uniqueIndex('locations_name_key').on(t.business_id, t.name_key),
    index('locations_city').on(t.business_id, t.city),
    index('locations_sort').on(t.business_id, t.sort_key),
  ],
)

/**
 * A service sold at clients' locations, with its hourly bill and pay rates in cents; searched and sorted like locations.
 * `provincial_exempt`: its hours are billed without the provincial sales tax (BC's PST on cleaning or care, say).
 */
export const services = pgTable(
  'services',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    name_key: text('name_key').notNull(),
    description: text('description'),
    colour: text('colour').notNull(),
    default_duration_minutes: integer('default_duration_minutes').notNull(),
    bill_rate_cents: integer('bill_rate_cents').notNull(),
    pay_rate_cents: integer('pay_rate_cents').notNull(),
    provincial_exempt: boolean('provincial_exempt').notNull().default(false),
    active: boolean('active').notNull().default(true),
    search_key: foldedText('search_key'),
    sort_key: foldedText('sort_key'),
    ...editableColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    tenant(t),
    uniqueIndex('services_name_key').on(t.business_id, t.name_key),
    index('services_sort').on(t.business_id, t.sort_key),
  ],
)

/**
 * A client's own bill rate for a service, in cents per hour (decision 037): where a row exists,
 * every hour of that service at that client is priced at it instead of the service's rate.
 * The set belongs to the client: it is replaced whole, under the client's version.
 */
export const locationServiceRates = pgTable(
  'location_service_rates',
  {
    business_id: text('business_id').notNull(),
    location_id: uuid('location_id').notNull(),
    service_id: uuid('service_id').notNull(),
    bill_rate_cents: integer('bill_rate_cents').notNull(),
    ...editableColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.location_id, t.service_id] }),
    foreignKey({ columns: [t.business_id, t.location_id], foreignColumns: [locations.business_id, locations.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.service_id], foreignColumns: [services.business_id, services.id] }).onDelete('cascade'),
    index('location_service_rates_service').on(t.business_id, t.service_id),
  ],
)
