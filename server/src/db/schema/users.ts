import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { businesses, roles } from './businesses.ts'
import { editableColumns, foldedText, tenantColumns, timestamptz } from './columns.ts'

/**
 * A person in a business. One e-mail may have accounts in several businesses.
 * `search_key` (names, e-mail) and `sort_key` (last name, first name) are core's folded keys.
 */
export const users = pgTable(
  'users',
  {
    ...tenantColumns(),
    email: text('email').notNull(),
    password_hash: text('password_hash'),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    phone: text('phone'),
    file: text('file'),
    google_sub: text('google_sub'),
    google_picture: text('google_picture'),
    role_id: uuid('role_id').notNull(),
    /** invited (no password yet), active, disabled. */
    status: text('status').notNull().default('active'),
    locale: text('locale').notNull().default('en'),
    pay_rate_cents: integer('pay_rate_cents'),
    /** Most minutes a week the person should be scheduled (a warning past it), or no limit. */
    max_weekly_minutes: integer('max_weekly_minutes'),
    /** The week they would like (the fill counts hours past it against a proposal), or no preference. */
    preferred_weekly_minutes: integer('preferred_weekly_minutes'),
    /** The week the fill's fairness aims at for them (their preferred week when unset). */
    target_weekly_minutes: integer('target_weekly_minutes'),
    /** Bumped to revoke the person's calendar feed address (its signature names the version). */
    calendar_feed_version: integer('calendar_feed_version').notNull().default(1),
    /** Whether the person also wants their notifications by e-mail (the bell shows them either way). */
    email_notifications: boolean('email_notifications').notNull().default(false),
    last_sign_in_at: timestamptz('last_sign_in_at'),
    search_key: foldedText('search_key'),
    sort_key: foldedText('sort_key'),
    ...editableColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.role_id], foreignColumns: [roles.business_id, roles.id] }),
    uniqueIndex('users_email_unique').on(t.business_id, t.email),
    uniqueIndex('users_google_unique').on(t.business_id, t.google_sub),
    index('users_email').on(t.email),
    index('users_google_sub').on(t.google_sub),
    index('users_sort').on(t.business_id, t.sort_key),
  ],
)
