import { NOTIFICATIONS_READ_EVENT, type Notification } from '@rota/core'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/database.ts'
import { EVENTS_CHANNEL, getNotification, type Announcement } from '../repositories/notifications.ts'

/** One event of a live stream: its name, its data, and for chat messages the position it resumes from (`id:`). */
export interface LiveEvent {
  type: string
  data: unknown
  id?: number
}

type Listener = (event: LiveEvent) => void

/**
 * Live updates for signed-in browsers. Every API process LISTENs on the database's
 * channel, so a notification written by any process reaches the user's open
 * streams on every process (DESIGN.md §6). `announced` hears every announcement as well
 * (the notification mail does).
 */
export function createEventHub(database: Database, log: FastifyBaseLogger, announced: (announcement: Announcement) => void = () => {}) {
  const listeners = new Map<string, Set<Listener>>()
  let stop: (() => Promise<void>) | undefined
  const keyOf = (businessId: string, userId: string) => `${businessId}/${userId}`
  /** Who has a stream open on this process, by business. */
  const connected = new Map<string, Map<string, number>>()

  async function deliver(announcement: Announcement): Promise<void> {
    const { business_id, user_id } = announcement
    const targets = listeners.get(keyOf(business_id, user_id))
    if (!targets?.size) return
    if (!('id' in announcement)) {
      for (const listener of targets) listener({ type: NOTIFICATIONS_READ_EVENT, data: {} })
      return
    }
    const { id } = announcement
    const data = await database.scoped({ businessId: business_id }, (db) => getNotification(db, business_id, user_id, id))
    for (const listener of targets) listener({ type: 'notification', data } satisfies { type: string; data: Notification })
  }

  return {
    async start(): Promise<void> {
      // One delivery at a time, in the order the database announced them: each first reads
      // its notification, and two reads racing could hand a stream the later one first.
      let delivering = Promise.resolve()
      stop = await database.listen(EVENTS_CHANNEL, (payload) => {
        const announcement = JSON.parse(payload) as Announcement
        announced(announcement)
        delivering = delivering.then(() => deliver(announcement)).catch((err: unknown) => log.error({ err }, 'live update failed'))
      })
    },
    subscribe(businessId: string, userId: string, listener: Listener): () => void {
      const key = keyOf(businessId, userId)
      const set = listeners.get(key) ?? new Set()
      set.add(listener)
      listeners.set(key, set)
      const users = connected.get(businessId) ?? new Map<string, number>()
      users.set(userId, (users.get(userId) ?? 0) + 1)
      connected.set(businessId, users)
      return () => {
        if (!set.delete(listener)) return
        if (set.size === 0) listeners.delete(key)
        const left = (users.get(userId) ?? 1) - 1
        if (left > 0) users.set(userId, left)
        else users.delete(userId)
        if (users.size === 0 && connected.get(businessId) === users) connected.delete(businessId)
      }
    },
    /** The users of a business with a stream open on this process. */
    connectedUsers(businessId: string): string[] {
      return [...(connected.get(businessId)?.keys() ?? [])]
    },
    /** How many streams this process holds open. */
    streams(): number {
      let count = 0
      for (const set of listeners.values()) count += set.size
      return count
    },
    /** Hands an event to a user's streams on this process. */
    publish(businessId: string, userId: string, event: LiveEvent): void {
      for (const listener of listeners.get(keyOf(businessId, userId)) ?? []) listener(event)
    },
    async stop(): Promise<void> {
      await stop?.()
    },
  }
}

export type EventHub = ReturnType<typeof createEventHub>
