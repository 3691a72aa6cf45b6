import { foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { timestamptz, tenantColumns } from './columns.ts'
import { users } from './users.ts'

const userKey = (t: { business_id: any; user_id: any }) =>
  foreignKey({ columns: [t.business_id, t.user_id], foreignColumns: [users.business_id, users.id] }).onDelete('cascade')

/**
 * A sign-in session: one refresh-token family. Revoking it signs the session out
 * everywhere at once (access tokens carry its id and are checked against it).
 */
export const sessions = pgTable(
  'sessions',
  {
    ...tenantColumns(),
    user_id: uuid('user_id').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    /** Absolute end of the family, however often it is refreshed. */
    expires_at: timestamptz('expires_at').notNull(),
    last_used_at: timestamptz('last_used_at').notNull().defaultNow(),
    revoked_at: timestamptz('revoked_at'),
    revoked_reason: text('revoked_reason'),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.id] }), userKey(t), index('sessions_user').on(t.business_id, t.user_id)],
)

/** Refresh tokens, stored as SHA-256 hashes. Each is spent by its first use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    business_id: text('business_id').notNull(),
    token_hash: text('token_hash').notNull(),
    session_id: uuid('session_id').notNull(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    used_at: timestamptz('used_at'),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.token_hash] }),
    foreignKey({ columns: [t.business_id, t.session_id], foreignColumns: [sessions.business_id, sessions.id] }).onDelete('cascade'),
    index('refresh_tokens_hash').on(t.token_hash),
  ],
)

/** Single-use tokens sent in links: password reset, invitation, e-mail change. */
export const linkTokens = pgTable(
  'link_tokens',
  {
    business_id: text('business_id').notNull(),
    token_hash: text('token_hash').notNull(),
    kind: text('kind').notNull(),
    user_id: uuid('user_id').notNull(),
    payload: jsonb('payload').$type<Record<string, string>>(),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    expires_at: timestamptz('expires_at').notNull(),
    used_at: timestamptz('used_at'),
    /** An administrator withdrew it (invitations). */
    revoked_at: timestamptz('revoked_at'),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.token_hash] }),
    userKey(t),
    index('link_tokens_hash').on(t.token_hash),
    index('link_tokens_user').on(t.business_id, t.user_id, t.kind),
  ],
)

/** A pending second step of a sign-in: the e-mailed 6-digit code, bound to its attempt. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    ...tenantColumns(),
    challenge_hash: text('challenge_hash').notNull(),
    user_id: uuid('user_id').notNull(),
    code_hash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    expires_at: timestamptz('expires_at').notNull(),
    consumed_at: timestamptz('consumed_at'),
  },
  (t) => [primaryKey({ columns: [t.business_id, t.id] }), userKey(t), index('otp_challenges_hash').on(t.challenge_hash)],
)

/** Fixed-window counters shared by every API process (rate limits on sign-in, OTP, reset, invite). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  window_start: timestamptz('window_start').notNull(),
  count: integer('count').notNull(),
  /** When the last counted attempt happened: the sign-in throttle's delays run from it. */
  last_at: timestamptz('last_at'),
})

export type LinkTokenKind = 'reset' | 'invite' | 'email_change'
