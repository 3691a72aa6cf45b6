import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { otpChallenges } from '../db/schema/index.ts'
import { hashToken, otpCode, randomToken, safeEqual } from '../services/tokens.ts'

/** Starts the second step of a sign-in; returns the challenge (for the client) and the code (for the e-mail). */
export async function startOtpChallenge(db: Db, businessId: string, userId: string, ttlSeconds: number): Promise<{ challenge: string; code: string }> {
  const challenge = randomToken()
  const code = otpCode()
  await db.insert(otpChallenges).values({
    business_id: businessId,
    user_id: userId,
    challenge_hash: hashToken(challenge),
    code_hash: hashToken(`${challenge}:${code}`),
    expires_at: new Date(Date.now() + ttlSeconds * 1000),
  })
  return { challenge, code }
}

export type OtpCheck =
  | { status: 'ok'; businessId: string; userId: string }
  | { status: 'wrong' | 'locked' | 'expired' | 'unknown'; businessId?: string; userId?: string }

/**
 * Checks a code against its challenge. Each wrong code spends a try; after
 * `maxTries` the challenge is dead, as it is once used or expired.
 */
export async function checkOtp(db: Db, challenge: string, code: string, maxTries: number): Promise<OtpCheck> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(otpChallenges).where(eq(otpChallenges.challenge_hash, hashToken(challenge))).for('update')
    if (!row || row.consumed_at) return { status: 'unknown' }
    const who = { businessId: row.business_id, userId: row.user_id }
    if (row.tries >= maxTries) return { status: 'locked', ...who }
    if (row.expires_at.getTime() <= Date.now()) return { status: 'expired', ...who }
    const key = and(eq(otpChallenges.business_id, row.business_id), eq(otpChallenges.id, row.id))
    if (!safeEqual(row.code_hash, hashToken(`${challenge}:${code}`))) {
      const [updated] = await tx.update(otpChallenges).set({ tries: sql`${otpChallenges.tries} + 1` }).where(key).returning()
      return { status: updated!.tries >= maxTries ? 'locked' : 'wrong', ...who }
    }
    await tx.update(otpChallenges).set({ consumed_at: new Date() }).where(key)
    return { status: 'ok', ...who }
  })
}

/** A new code for the same challenge (resend): the tries already spent still count. */
export async function renewOtpCode(db: Db, challenge: string, ttlSeconds: number, maxTries: number): Promise<{ businessId: string; userId: string; code: string } | undefined> {
  const code = otpCode()
  const [row] = await db
    .update(otpChallenges)
    .set({ code_hash: hashToken(`${challenge}:${code}`), expires_at: new Date(Date.now() + ttlSeconds * 1000) })
    .where(
      and(
        eq(otpChallenges.challenge_hash, hashToken(challenge)),
        sql`${otpChallenges.consumed_at} is null`,
        sql`${otpChallenges.tries} < ${maxTries}`,
        // A sign-in attempt is not kept alive for ever by resending: after three code lifetimes, sign in again.
        sql`${otpChallenges.created_at} > now() - make_interval(secs => ${ttlSeconds * 3})`,
      ),
    )
    .returning()
  return row && { businessId: row.business_id, userId: row.user_id, code }
}
