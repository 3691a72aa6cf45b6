import type { ImportRowError } from '@rota/core'
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { timestamptz, tenantColumns } from './columns.ts'
import { users } from './users.ts'

/** Something a user should see: listed under the bell, pushed live over /api/v1/events. */
export const notifications = pgTable(
  'notifications',
  {
    ...tenantColumns(),
    user_id: uuid('user_id').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    model: text('model').notNull(),
    operation: text('operation').notNull(),
    extra: jsonb('extra').$type<Record<string, string>>().notNull().default({}),
    read_at: timestamptz('read_at'),
    /** To be e-mailed: set when the recipient wants e-mail, cleared by the one process that sends it. */
    email_pending: boolean('email_pending').notNull().default(false),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id, t.user_id], foreignColumns: [users.business_id, users.id] }).onDelete('cascade'),
    index('notifications_inbox').on(t.business_id, t.user_id, t.created_at),
  ],
)

/** A CSV import in progress: rows are staged here until the commit writes them all at once. */
export const importJobs = pgTable(
  'import_jobs',
  {
    ...tenantColumns(),
    user_id: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('open'),
    skip_invalid: boolean('skip_invalid').notNull().default(false),
    file_name: text('file_name'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.id] }), index('import_jobs_user').on(t.business_id, t.user_id, t.created_at)],
)

/**
 * One staged CSV record: its create body and import key when valid, its errors when not.
 * No foreign key to its job: checking one per staged row costs 15% of an import, and
 * rows are dropped explicitly whenever a job ends (closeJob, stale jobs).
 */
export const importRows = pgTable(
  'import_rows',
  {
    business_id: text('business_id').notNull(),
    import_id: uuid('import_id').notNull(),
    line: integer('line').notNull(),
    key: text('key'),
    value: jsonb('value'),
    errors: jsonb('errors').$type<ImportRowError['errors']>(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.import_id, t.line] })],
)

/** First answers to mutations sent with an Idempotency-Key, replayed when the same key comes again. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    business_id: text('business_id').notNull(),
    user_id: uuid('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status_code: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.user_id, t.key] })],
)
