import { bigserial, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { timestamptz } from './columns.ts'

/**
 * Who did what to which record, when and from where. Append-only: a trigger
 * (migration 0001) refuses UPDATE and DELETE.
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
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    index('audit_logs_recent').on(t.business_id, t.created_at),
    // A record's history (GET /{resource}/{id}/history), newest first.
    index('audit_logs_record').on(t.business_id, t.model, t.record_id, t.created_at),
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
