import { bigserial, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { timestamptz } from './columns.ts'

/**
 * Who did what to which record, when and from where. Append-only: a trigger
 * (migration 0001) refuses UPDATE and DELETE, and Rota's role holds no grant for them
 * (migration 0018). Each row carries the hash of the previous row of its business
 * (`prev_hash`) and its own (`hash`), both set by a trigger while the business's chain is
 * locked, so a removed or altered row shows (docs/decisions/028).
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    business_id: text('business_id').notNull(),
    id: bigserial('id', { mode: 'number' }).notNull(),
    actor_id: uuid('actor_id'),
    actor_email: text('actor_email'),
    action: text('action').notNull(),
    model: text('model').notNull(),
    record_id: text('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    user_agent: text('user_agent'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    /** Set by the database (trigger audit_logs_chain), never by the application. */
    prev_hash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    index('audit_logs_recent').on(t.business_id, t.created_at),
    // A record's history (GET /{resource}/{id}/history), newest first.
    index('audit_logs_record').on(t.business_id, t.model, t.record_id, t.created_at),
    // The audit log filtered by who acted (GET /audit_log?filter[actor]=…), newest first.
    index('audit_logs_actor').on(t.business_id, t.actor_id, t.created_at),
  ],
)

/** Every e-mail Rota sends, and whether it went out (with no SMTP server it is only logged here). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    business_id: text('business_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** logged (no SMTP configured), sent, failed. */
    status: text('status').notNull(),
    error: text('error'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.id] }), index('mail_outbox_recent').on(t.business_id, t.created_at)],
)
