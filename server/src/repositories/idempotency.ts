import { createHash } from 'node:crypto'
import { and, eq, lt } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { idempotencyKeys } from '../db/schema/index.ts'

/** Answers are replayed for a day; a script retrying later than that is doing something new. */
const KEEP_MS = 86_400_000

export interface StoredAnswer {
  method: string
  path: string
  /** See `bodyHash`; null for an answer stored before bodies were hashed. */
  bodyHash: string | null
  status: number
  body: unknown
}

/**
 * What tells two requests' bodies apart: SHA-256 (hex) of the body as canonical JSON, every
 * object's keys sorted, so that a retry whose client wrote the keys in another order is
 * still the same request.
 * @example
 * bodyHash({ b: 1, a: 2 }) === bodyHash({ a: 2, b: 1 }) // true
 */
export function bodyHash(body: unknown): string {
  const canonical = JSON.stringify(body ?? null, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  )
  return createHash('sha256').update(canonical).digest('hex')
}

export async function findAnswer(db: Db, businessId: string, userId: string, key: string): Promise<StoredAnswer | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.business_id, businessId), eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)))
  if (!row || row.created_at.getTime() < Date.now() - KEEP_MS) return undefined
  return { method: row.method, path: row.path, bodyHash: row.body_hash, status: row.status_code, body: row.response }
}

export async function storeAnswer(db: Db, businessId: string, userId: string, key: string, answer: StoredAnswer): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.business_id, businessId), eq(idempotencyKeys.user_id, userId), lt(idempotencyKeys.created_at, new Date(Date.now() - KEEP_MS))))
  const stored = { method: answer.method, path: answer.path, body_hash: answer.bodyHash, status_code: answer.status, response: answer.body as object }
  await db
    .insert(idempotencyKeys)
    .values({ business_id: businessId, user_id: userId, key, ...stored })
    .onConflictDoUpdate({
      target: [idempotencyKeys.business_id, idempotencyKeys.user_id, idempotencyKeys.key],
      set: { ...stored, created_at: new Date() },
    })
}
