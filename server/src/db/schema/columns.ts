import { customType, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Timestamps are timestamptz in UTC; the API writes them as ISO strings. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** Every tenant table starts with these: the tenant, then the record's own id. */
export const tenantColumns = () => ({
  business_id: text('business_id').notNull(),
  id: uuid('id').notNull().defaultRandom(),
})

/** Records that users edit carry a version (optimistic concurrency) and their times. */
export const editableColumns = () => ({
  version: integer('version').notNull().default(1),
  created_at: timestamptz('created_at').notNull().defaultNow(),
  updated_at: timestamptz('updated_at').notNull().defaultNow(),
})

/**
 * Text folded in TypeScript by core's `searchKey` / `sortKey`, compared byte by byte (the
 * "C" collation) so PGlite and PostgreSQL sort and match it alike whatever their locales.
 * Nullable: rows written before a key existed get it from the start-up backfill.
 */
export const foldedText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' })
