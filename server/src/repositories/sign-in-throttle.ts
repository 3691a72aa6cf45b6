import { sql } from 'drizzle-orm'
import type { Config } from '../config.ts'
import type { Db } from '../db/database.ts'

/** The longest an attacked account makes anyone wait between two attempts. */
export const MAX_DELAY_SECONDS = 60

type Limits = Pick<Config['rateLimits'], 'loginPerPair' | 'loginPerAccount'>

/** What a sign-in may do now: go ahead (with the e-mailed code when the account is under attack) or wait. */
export type SignInGate = { open: true; stepUp: boolean } | { open: false; retryAfter: number }

const pairKey = (ip: string, email: string) => `login:pair:${ip}:${email}`
const accountKey = (email: string) => `login:account:${email}`

type Counter = {
  key: string
  count: number
  window_start: Date
  last_at: Date | null
}

/**
 * The sign-in throttle of docs/decisions/013: failed attempts are counted per address
 * and account, and per account from everywhere. One address that spends its tries on an
 * account waits out the window; an account failed from everywhere slows every attempt
 * down (1, 2, 4… up to 60 s between tries) and asks for the e-mailed code with the right
 * password — so nobody can lock its owner out, and nobody can guess at speed.
 */
export async function signInGate(db: Db, ip: string, email: string, limits: Limits): Promise<SignInGate> {
  const result = await db.execute<Counter>(sql`select key, count, window_start, last_at from rate_limits where key in (${pairKey(ip, email)}, ${accountKey(email)})`)
  const counters = (result as unknown as { rows: Counter[] }).rows
  const now = Date.now()
  const live = (key: string, windowSeconds: number) => {
    const counter = counters.find((c) => c.key === key)
    return counter && new Date(counter.window_start).getTime() > now - windowSeconds * 1000 ? counter : undefined
  }
  const pair = live(pairKey(ip, email), limits.loginPerPair.windowSeconds)
  if (pair && pair.count >= limits.loginPerPair.max) {
    return { open: false, retryAfter: secondsUntil(new Date(pair.window_start).getTime() + limits.loginPerPair.windowSeconds * 1000, now) }
  }
  const account = live(accountKey(email), limits.loginPerAccount.windowSeconds)
  if (!account || account.count < limits.loginPerAccount.max) return { open: true, stepUp: false }
  const delay = Math.min(2 ** (account.count - limits.loginPerAccount.max), MAX_DELAY_SECONDS)
  const next = new Date(account.last_at ?? account.window_start).getTime() + delay * 1000
  return next > now ? { open: false, retryAfter: secondsUntil(next, now) } : { open: true, stepUp: true }
}

/** Counts a wrong password against the address-and-account pair and the account. */
export async function recordFailedSignIn(db: Db, ip: string, email: string, limits: Limits): Promise<void> {
  for (const [key, limit] of [
    [pairKey(ip, email), limits.loginPerPair],
    [accountKey(email), limits.loginPerAccount],
  ] as const) {
    const expired = sql`rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds})`
    await db.execute(sql`
      insert into rate_limits (key, window_start, count, last_at) values (${key}, now(), 1, now())
      on conflict (key) do update set
        count = case when ${expired} then 1 else rate_limits.count + 1 end,
        window_start = case when ${expired} then now() else rate_limits.window_start end,
        last_at = now()`)
  }
}

/** A right password from an address clears that address's failures (not the account's: an attack elsewhere goes on). */
export async function forgetFailedSignIns(db: Db, ip: string, email: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${pairKey(ip, email)}`)
}

const secondsUntil = (time: number, now: number) => Math.max(1, Math.ceil((time - now) / 1000))
