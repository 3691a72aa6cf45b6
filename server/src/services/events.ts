import type { Notification } from '@rota/core'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/database.ts'
import { EVENTS_CHANNEL, getNotification, type Announcement } from '../repositories/notifications.ts'

type Listener = (event: { type: 'notification'; data: Notification }) => void

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

  async function deliver({ business_id, user_id, id }: Announcement): Promise<void> {
    const targets = listeners.get(keyOf(business_id, user_id))
    if (!targets?.size) return
    const data = await database.scoped({ businessId: business_id }, (db) => getNotification(db, business_id, user_id, id))
    for (const listener of targets) listener({ type: 'notification', data })
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
      return () => {
        set.delete(listener)
        if (set.size === 0) listeners.delete(key)
      }
    },
    async stop(): Promise<void> {
      await stop?.()
    },
  }
}

export type EventHub = ReturnType<typeof createEventHub>
