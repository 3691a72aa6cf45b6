import { sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import type { Limit } from '../config.ts'

/**
 * Counts one attempt against a fixed window kept in the database, so that every
 * API process shares the count. Returns how long to wait when over the limit.
 */
export async function hitRateLimit(db: Db, key: string, limit: Limit): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
  const result = await db.execute<{ count: number; window_start: string | Date }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds}) then now() else rate_limits.window_start end
    returning count, window_start`)
  const row = (result as unknown as { rows: { count: number; window_start: string | Date }[] }).rows[0]!
  if (row.count <= limit.max) return { allowed: true }
  const started = new Date(row.window_start).getTime()
  return { allowed: false, retryAfter: Math.max(1, Math.ceil((started + limit.windowSeconds * 1000 - Date.now()) / 1000)) }
}
