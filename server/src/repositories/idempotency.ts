import { and, eq, lt } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { idempotencyKeys } from '../db/schema/index.ts'

/** Answers are replayed for a day; a script retrying later than that is doing something new. */
const KEEP_MS = 86_400_000

export interface StoredAnswer {
  method: string
  path: string
  status: number
  body: unknown
}

export async function findAnswer(db: Db, businessId: string, userId: string, key: string): Promise<StoredAnswer | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.business_id, businessId), eq(idempotencyKeys.user_id, userId), eq(idempotencyKeys.key, key)))
  if (!row || row.created_at.getTime() < Date.now() - KEEP_MS) return undefined
  return { method: row.method, path: row.path, status: row.status_code, body: row.response }
}

export async function storeAnswer(db: Db, businessId: string, userId: string, key: string, answer: StoredAnswer): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.business_id, businessId), eq(idempotencyKeys.user_id, userId), lt(idempotencyKeys.created_at, new Date(Date.now() - KEEP_MS))))
  await db
    .insert(idempotencyKeys)
    .values({ business_id: businessId, user_id: userId, key, method: answer.method, path: answer.path, status_code: answer.status, response: answer.body as object })
    .onConflictDoUpdate({
      target: [idempotencyKeys.business_id, idempotencyKeys.user_id, idempotencyKeys.key],
      set: { method: answer.method, path: answer.path, status_code: answer.status, response: answer.body as object, created_at: new Date() },
    })
}
