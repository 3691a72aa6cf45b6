import type { Profile } from '@rota/core'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/database.ts'
import { sessionProfile } from '../repositories/users.ts'

/** Where the database announces changes to sessions, users, roles and permissions (migration 0007). */
export const AUTH_CHANNEL = 'rota_auth'

interface Entry {
  profile: Profile
  businessId: string
  userId: string
  roleId: string
  /** The sooner of the session's absolute end and the entry's own lifetime. */
  until: number
}

type Change = { kind: 'session' | 'user' | 'role'; business_id: string; id: string }

/**
 * The signed-in user behind each session (profile, role, permissions), kept in memory
 * so that an authenticated request costs no query. Correct first, fast second:
 * - the database announces every change to a session, user, role or permission on
 *   commit (LISTEN/NOTIFY, so on every API process), and the entries it touches go at once;
 * - while the announcements may be missed (the listening connection lost), nothing is
 *   cached and every request reads the database, as before;
 * - a read that raced with a change is not kept (a generation counter), and entries live
 *   `ttlMs` at most, so even a lost announcement heals.
 */
export function createAuthCache(database: Database, log: FastifyBaseLogger, options: { ttlMs?: number; max?: number } = {}) {
  const ttlMs = options.ttlMs ?? 60_000
  const max = options.max ?? 50_000
  const entries = new Map<string, Entry>()
  let listening = false
  let generation = 0
  let stop: (() => Promise<void>) | undefined

  const clear = () => {
    generation++
    entries.clear()
  }

  function forget(change: Change): void {
    generation++
    if (change.kind === 'session') entries.delete(change.id)
    else {
      for (const [sessionId, entry] of entries) {
        const id = change.kind === 'user' ? entry.userId : entry.roleId
        if (id === change.id && entry.businessId === change.business_id) entries.delete(sessionId)
      }
    }
  }

  return {
    async start(): Promise<void> {
      stop = await database.listen(
        AUTH_CHANNEL,
        (payload) => {
          try {
            forget(JSON.parse(payload) as Change)
          } catch (err) {
            log.error({ err }, 'unreadable auth change; dropping every cached session')
            clear()
          }
        },
        {
          ownWrites: true,
          onConnection: (connected) => {
            clear()
            listening = connected
            if (!connected) log.warn('auth changes are not heard: sessions are read from the database until they are')
          },
        },
      )
    },

    /** The user of a live session, from memory when it can be trusted, else from the database. */
    async profile(database: Database, businessId: string, sessionId: string, userId: string): Promise<Profile | undefined> {
      const now = Date.now()
      const hit = entries.get(sessionId)
      if (hit && hit.until > now && hit.userId === userId && hit.businessId === businessId) return hit.profile
      const seen = generation
      const live = await database.scoped({ businessId }, (db) => sessionProfile(db, businessId, sessionId, userId))
      if (!live) {
        entries.delete(sessionId)
        return undefined
      }
      if (listening && seen === generation) {
        if (entries.size >= max) entries.delete(entries.keys().next().value!)
        entries.set(sessionId, { profile: live.profile, businessId, userId, roleId: live.profile.role.id, until: Math.min(now + ttlMs, live.expiresAt.getTime()) })
      }
      return live.profile
    },

    /** How many sessions are held (for tests and the bench). */
    size: () => entries.size,

    async stop(): Promise<void> {
      listening = false
      clear()
      await stop?.()
    },
  }
}

export type AuthCache = ReturnType<typeof createAuthCache>
