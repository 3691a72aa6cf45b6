import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { linkTokens } from '../db/schema/index.ts'
import { hashToken, randomToken } from '../services/tokens.ts'

export type LinkKind = 'reset' | 'invite' | 'email_change'

export interface LinkToken {
  businessId: string
  userId: string
  payload: Record<string, string> | null
  expiresAt: Date
}

/**
 * Issues a single-use token for an e-mailed link. Earlier unused tokens of the
 * same kind for the same user stop working: only the newest link counts.
 */
export async function issueLinkToken(
  db: Db,
  link: { businessId: string; userId: string; kind: LinkKind; ttlSeconds: number; payload?: Record<string, string> },
): Promise<string> {
  const token = randomToken()
  await db
    .update(linkTokens)
    .set({ used_at: new Date() })
    .where(and(eq(linkTokens.business_id, link.businessId), eq(linkTokens.user_id, link.userId), eq(linkTokens.kind, link.kind), isNull(linkTokens.used_at)))
  await db.insert(linkTokens).values({
    business_id: link.businessId,
    token_hash: hashToken(token),
    kind: link.kind,
    user_id: link.userId,
    payload: link.payload ?? null,
    expires_at: new Date(Date.now() + link.ttlSeconds * 1000),
  })
  return token
}

function live(kind: LinkKind, token: string) {
  return and(eq(linkTokens.token_hash, hashToken(token)), eq(linkTokens.kind, kind), isNull(linkTokens.used_at), gt(linkTokens.expires_at, new Date()))
}

function toLink(row: typeof linkTokens.$inferSelect): LinkToken {
  return { businessId: row.business_id, userId: row.user_id, payload: row.payload, expiresAt: row.expires_at }
}

/** The token's details if it is unused and unexpired. */
export async function findLinkToken(db: Db, kind: LinkKind, token: string): Promise<LinkToken | undefined> {
  const [row] = await db.select().from(linkTokens).where(live(kind, token))
  return row && toLink(row)
}

/** Spends the token (once: a second use finds nothing). */
export async function useLinkToken(db: Db, kind: LinkKind, token: string): Promise<LinkToken | undefined> {
  const [row] = await db.update(linkTokens).set({ used_at: new Date() }).where(live(kind, token)).returning()
  return row && toLink(row)
}
