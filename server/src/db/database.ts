import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { migrationsFolder } from '../paths.ts'
import * as schema from './schema/index.ts'
import { backfillTextKeys } from './text-keys.ts'

export type Schema = typeof schema
/** A database handle or a transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export interface Database {
  db: Db
  driver: 'pglite' | 'postgres'
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>
  /** Subscribes to a LISTEN/NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>
  close(): Promise<void>
}

const MIGRATION_LOCK = 727_274_311

/** Opens the embedded PGlite database kept in `dataDir/pgdata`, or an existing PGlite instance. */
export async function openPglite(source: { dataDir: string } | PGlite): Promise<Database> {
  let client: PGlite
  if (source instanceof PGlite) client = source
  else {
    const dataDir = join(source.dataDir, 'pgdata')
    mkdirSync(dataDir, { recursive: true })
    client = await PGlite.create({ dataDir })
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db
  await migratePglite(db as never, { migrationsFolder })
  await backfillTextKeys(db)
  return {
    db,
    driver: 'pglite',
    ping: () => ping(db),
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  }
}

/**
 * Connects to PostgreSQL. Several API processes may start together: an advisory
 * lock makes the first one apply the migrations (and fill the keys they add) while the
 * others wait.
 */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  const db = drizzlePg({ client: pool, schema }) as unknown as Db
  const lockClient = await pool.connect()
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    const migrating = drizzlePg({ client: lockClient, schema })
    await migratePg(migrating, { migrationsFolder })
    await backfillTextKeys(migrating as unknown as Db)
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
    lockClient.release()
  }
  return {
    db,
    driver: 'postgres',
    ping: () => ping(db),
    // LISTEN needs its own connection: pooled ones are handed to other queries.
    async listen(channel, onPayload) {
      const listener = new pg.Client({ connectionString: url })
      await listener.connect()
      listener.on('notification', (message) => {
        if (message.channel === channel && message.payload) onPayload(message.payload)
      })
      await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
      return () => listener.end()
    },
    close: () => pool.end(),
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}
