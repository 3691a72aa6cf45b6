import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { refreshTokens, sessions, users } from '../db/schema/index.ts'
import { hashToken, randomToken } from '../services/tokens.ts'

export interface NewSession {
  businessId: string
  userId: string
  ttlSeconds: number
  ip: string | undefined
  userAgent: string | undefined
}

/**
 * Starts a session (a refresh-token family) and returns its id and first refresh
 * token. It also notes when the user last signed in, without touching the user's
 * version: signing in is not an edit, and must not make someone's open form stale.
 */
export async function startSession(db: Db, session: NewSession): Promise<{ sessionId: string; refreshToken: string }> {
  const [row] = await db
    .insert(sessions)
    .values({
      business_id: session.businessId,
      user_id: session.userId,
      expires_at: new Date(Date.now() + session.ttlSeconds * 1000),
      ip: session.ip,
      user_agent: session.userAgent?.slice(0, 300),
    })
    .returning({ id: sessions.id })
  await db
    .update(users)
    .set({ last_sign_in_at: new Date() })
    .where(and(eq(users.business_id, session.businessId), eq(users.id, session.userId)))
  const refreshToken = await addRefreshToken(db, session.businessId, row!.id)
  return { sessionId: row!.id, refreshToken }
}

async function addRefreshToken(db: Db, businessId: string, sessionId: string): Promise<string> {
  const token = randomToken()
  await db.insert(refreshTokens).values({ business_id: businessId, token_hash: hashToken(token), session_id: sessionId })
  return token
}

export type RotateResult =
  | { status: 'rotated'; businessId: string; userId: string; sessionId: string; refreshToken: string }
  | { status: 'reused'; businessId: string; userId: string; sessionId: string }
  | { status: 'invalid' }

/**
 * Spends a refresh token and issues its successor in the same family. A token
 * already spent means it was stolen or replayed: the whole family is revoked.
 * Expired families (absolute lifetime), revoked families and disabled users are refused.
 */
export async function rotateRefreshToken(db: Db, token: string): Promise<RotateResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: refreshTokens, session: sessions, userStatus: users.status })
      .from(refreshTokens)
      .innerJoin(sessions, and(eq(sessions.business_id, refreshTokens.business_id), eq(sessions.id, refreshTokens.session_id)))
      .innerJoin(users, and(eq(users.business_id, sessions.business_id), eq(users.id, sessions.user_id)))
      .where(eq(refreshTokens.token_hash, hashToken(token)))
      .for('update', { of: refreshTokens })
    if (!row) return { status: 'invalid' }
    const { session } = row
    const ids = { businessId: session.business_id, userId: session.user_id, sessionId: session.id }
    if (row.token.used_at) {
      await revokeSession(tx, session.business_id, session.id, 'refresh_token_reused')
      return { status: 'reused', ...ids }
    }
    if (session.revoked_at || session.expires_at.getTime() <= Date.now() || row.userStatus !== 'active') return { status: 'invalid' }
    await tx
      .update(refreshTokens)
      .set({ used_at: new Date() })
      .where(and(eq(refreshTokens.business_id, session.business_id), eq(refreshTokens.token_hash, row.token.token_hash)))
    await tx.update(sessions).set({ last_used_at: new Date() }).where(and(eq(sessions.business_id, session.business_id), eq(sessions.id, session.id)))
    return { status: 'rotated', ...ids, refreshToken: await addRefreshToken(tx, session.business_id, session.id) }
  })
}

/** The family a refresh token belongs to, spent or not (logout by refresh token). */
export async function sessionOfRefreshToken(db: Db, token: string): Promise<{ businessId: string; sessionId: string; userId: string } | undefined> {
  const [row] = await db
    .select({ businessId: sessions.business_id, sessionId: sessions.id, userId: sessions.user_id })
    .from(refreshTokens)
    .innerJoin(sessions, and(eq(sessions.business_id, refreshTokens.business_id), eq(sessions.id, refreshTokens.session_id)))
    .where(eq(refreshTokens.token_hash, hashToken(token)))
  return row
}

export async function revokeSession(db: Db, businessId: string, sessionId: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where(and(eq(sessions.business_id, businessId), eq(sessions.id, sessionId), isNull(sessions.revoked_at)))
}

/** Signs a user out everywhere (password change, disabled account), optionally keeping one session. */
export async function revokeUserSessions(db: Db, businessId: string, userId: string, reason: string, keepSessionId?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where(
      and(
        eq(sessions.business_id, businessId),
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    )
}
