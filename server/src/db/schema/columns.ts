import { integer, text, timestamp, uuid } from 'drizzle-orm/pg-core'

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
