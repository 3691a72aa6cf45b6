import type { ImportRowError } from '@rota/core'
import { boolean, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { foldedText, timestamptz, tenantColumns } from './columns.ts'
import { users } from './users.ts'

/** Something a user should see: listed under the bell, pushed live over /api/v1/events. */
export const notifications = pgTable(
  'notifications',
  {
    ...tenantColumns(),
    user_id: uuid('user_id').notNull(),
    /** The title in the recipient's language when it was written: what its e-mail says, and what a row from before `kind` shows. */
    title: text('title').notNull(),
    /** The title's entry in the catalogue (server/src/i18n/notifications.ts) and its values: read, it is written in the reader's language of the day. */
    kind: text('kind'),
    values: jsonb('values').$type<Record<string, string>>(),
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
    /** Rows staged so far (a batch sent again counts once): the commit checks that they are all still there. */
    rows_staged: integer('rows_staged').notNull().default(0),
    /** The last line staged so far: a batch starting after it replaces nothing, so it need not look. */
    last_line: integer('last_line').notNull().default(0),
    /** Repeated names are marked among the rows staged so far (a dry run's marks serve the commit after it). */
    checked: boolean('checked').notNull().default(false),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    updated_at: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.id] }), index('import_jobs_user').on(t.business_id, t.user_id, t.created_at)],
)

/**
 * One staged CSV record: its import key and the record it will write when valid, its
 * errors when not. The record is kept in the columns of its table (a location's or a
 * service's), so batches arrive by COPY and the commit copies columns instead of
 * unpacking JSON; a shift by the keys of its person, client and service (matched at the
 * commit) and its instants. No foreign key to its job: checking one per staged row costs 15% of an
 * import, and rows are dropped explicitly whenever a job ends (closeJob, stale jobs).
 * UNLOGGED (migration 0014): staged rows are not worth a write-ahead log; after a crash
 * PostgreSQL empties the table, and the job's `rows_staged` tells the commit they are gone.
 */
export const importRows = pgTable(
  'import_rows',
  {
    business_id: text('business_id').notNull(),
    import_id: uuid('import_id').notNull(),
    line: integer('line').notNull(),
    key: text('key'),
    errors: jsonb('errors').$type<ImportRowError['errors']>(),
    /**
     * The id the record gets when the row creates it, drawn when the row is staged: on the
     * embedded database each gen_random_uuid() asks JavaScript for its randomness, which
     * cost a sixth of writing 100,000 records.
     */
    record_id: uuid('record_id'),
    name: text('name'),
    contact_person: text('contact_person'),
    email: text('email'),
    phone: text('phone'),
    street: text('street'),
    city: text('city'),
    province: text('province'),
    postal_code: text('postal_code'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    billing_notes: text('billing_notes'),
    description: text('description'),
    colour: text('colour'),
    default_duration_minutes: integer('default_duration_minutes'),
    bill_rate_cents: integer('bill_rate_cents'),
    pay_rate_cents: integer('pay_rate_cents'),
    active: boolean('active'),
    search_key: foldedText('search_key'),
    sort_key: foldedText('sort_key'),
    city_key: foldedText('city_key'),
    /** A shift's person by e-mail (lower case; null: an open shift), client and service by name key. */
    staff_key: text('staff_key'),
    location_key: text('location_key'),
    service_key: text('service_key'),
    starts_at: timestamptz('starts_at'),
    ends_at: timestamptz('ends_at'),
    break_minutes: integer('break_minutes'),
    notes: text('notes'),
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
    /** SHA-256 (hex) of the request body as canonical JSON: the same key with another body is refused, not replayed. Null on answers stored before migration 0026. */
    body_hash: text('body_hash'),
    status_code: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.user_id, t.key] })],
)
