import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/database.ts'

/** Where the database announces which business's rows of which table changed (migration 0010). */
export const CHANGES_CHANNEL = 'rota_changes'

/** A business's rows of a table changed (inserted, updated or deleted), in a committed transaction. */
export interface Change {
  table: string
  business_id: string
}

export interface ChangeListener {
  change(change: Change): void
  /** The announcements may be missed (false) until they are heard again (true): trust nothing held meanwhile. */
  connection?(listening: boolean): void
}

/**
 * The database's change announcements, heard by every API process (LISTEN/NOTIFY), this
 * process's own before their commit returns: what caches drop, and what live screens refresh on.
 */
export function createChangeHub(database: Database, log: FastifyBaseLogger) {
  const listeners = new Set<ChangeListener>()
  let stop: (() => Promise<void>) | undefined
  return {
    async start(): Promise<void> {
      stop = await database.listen(
        CHANGES_CHANNEL,
        (payload) => {
          let change: Change
          try {
            change = JSON.parse(payload) as Change
          } catch (err) {
            log.error({ err }, 'unreadable change announcement')
            for (const listener of listeners) listener.connection?.(false), listener.connection?.(true)
            return
          }
          for (const listener of listeners) listener.change(change)
        },
        {
          ownWrites: true,
          onConnection: (listening) => {
            for (const listener of listeners) listener.connection?.(listening)
          },
        },
      )
    },
    /** Hears every change from now on; returns the unsubscribe function. */
    subscribe(listener: ChangeListener): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async stop(): Promise<void> {
      await stop?.()
    },
  }
}

export type ChangeHub = ReturnType<typeof createChangeHub>
