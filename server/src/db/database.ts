import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { migrationsFolder } from '../paths.ts'
import * as schema from './schema/index.ts'
import { lockDataDir } from './data-dir-lock.ts'
import { backfillTextKeys } from './text-keys.ts'

export type Schema = typeof schema
/** A database handle or a transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export interface ListenOptions {
  /** Hears when the listening connection is lost (notifications may be missed) and when it listens again. */
  onConnection?: (listening: boolean) => void
  /**
   * Also hear this process's own notifications on the connection that committed them,
   * before the commit returns (read-your-writes); a payload may then arrive more than once.
   */
  ownWrites?: boolean
}

/**
 * Whose rows a piece of work may see on PostgreSQL (row-level security, migration 0009):
 * one business's, or every business's for the few paths that must look across them
 * (sign-in by e-mail, tokens found by their hash, files by their unguessable id).
 */
export type Scope = { businessId: string } | 'system'

export interface Database {
  /**
   * The shared handle. On PostgreSQL it sees no tenant rows at all (nothing is set for it):
   * work with tenant data goes through `scoped`.
   */
  db: Db
  /**
   * Runs `work` with a handle that sees only `scope`'s rows. On PostgreSQL it is one pooled
   * connection with the tenant set, released when `work` ends (a later use throws); the
   * embedded database runs as a superuser, which row-level security does not apply to,
   * and hands `work` the shared handle.
   */
  scoped<T>(scope: Scope, work: (db: Db) => Promise<T>): Promise<T>
  driver: 'pglite' | 'postgres'
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>
  /**
   * Subscribes to a LISTEN/NOTIFY channel; returns the unsubscribe function. The embedded
   * database delivers in the same process, never loses the connection, and delivers a
   * commit's notifications before the commit returns.
   */
  listen(channel: string, onPayload: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>
  close(): Promise<void>
}

const MIGRATION_LOCK = 727_274_311
const ANALYZE_CHECK_MS = 15_000

/** Opens the embedded PGlite database kept in `dataDir/pgdata`, or an existing PGlite instance. */
export async function openPglite(source: { dataDir: string } | PGlite): Promise<Database> {
  let client: PGlite
  // A folder is this process's alone: a second Rota on it would corrupt it for good.
  let release = () => {}
  if (source instanceof PGlite) client = source
  else {
    const dataDir = join(source.dataDir, 'pgdata')
    mkdirSync(dataDir, { recursive: true })
    release = lockDataDir(source.dataDir)
    try {
      client = await PGlite.create({ dataDir })
    } catch (error) {
      release()
      throw error
    }
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db
  await migratePglite(db as never, { migrationsFolder })
  await backfillTextKeys(db)
  // The embedded database has no autovacuum to keep the planner's statistics fresh: without
  // them it plans a table of thousands of rows as if it held three (a sort instead of an index).
  // What autovacuum would do, in miniature: analyze the tables that changed by a tenth since.
  await client.exec('analyze').catch(() => {})
  const analyzer = setInterval(() => void analyzeChanged(client), ANALYZE_CHECK_MS)
  analyzer.unref()
  return {
    db,
    scoped: (_scope, work) => work(db),
    driver: 'pglite',
    ping: pinger(db),
    listen: async (channel, onPayload, options) => {
      const unsubscribe = await client.listen(channel, onPayload)
      options?.onConnection?.(true)
      return unsubscribe
    },
    close: async () => {
      clearInterval(analyzer)
      await client.close()
      release()
    },
  }
}

/** ANALYZE for the tables changed by more than 50 rows and a tenth since their last one (autovacuum's rule). */
async function analyzeChanged(client: PGlite): Promise<void> {
  try {
    const { rows } = await client.query<{ name: string }>(
      `select quote_ident(relname) as name from pg_stat_user_tables where n_mod_since_analyze > 50 + 0.1 * n_live_tup`,
    )
    for (const { name } of rows) await client.exec(`analyze ${name}`)
  } catch {
    // A closed or busy database: the next check tries again.
  }
}

/**
 * Connects to PostgreSQL. Several API processes may start together: an advisory
 * lock makes the first one apply the migrations (and fill the keys they add) while the
 * others wait.
 */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 })
  pool.on('connect', preparedStatements)
  const ownWrites = ownWritesListener(pool)
  const db = drizzlePg({ client: pool, schema }) as unknown as Db
  const lockClient = await pool.connect()
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    // Migrations and backfills look at every business's rows.
    await lockClient.query(`SELECT set_config('rota.scope', 'system', false)`)
    const migrating = drizzlePg({ client: lockClient, schema })
    await migratePg(migrating, { migrationsFolder })
    await backfillTextKeys(migrating as unknown as Db)
  } finally {
    await lockClient.query(`SELECT pg_advisory_unlock($1), set_config('rota.scope', '', false)`, [MIGRATION_LOCK]).catch(() => {})
    lockClient.release()
  }
  return {
    db,
    scoped: (scope, work) => scopedPostgres(pool, scope, work),
    driver: 'postgres',
    ping: pinger(db),
    async listen(channel, onPayload, options) {
      const stopOwn = options?.ownWrites ? ownWrites.add(channel, onPayload) : undefined
      const stop = await listenPostgres(url, channel, onPayload, options?.onConnection)
      return async () => {
        stopOwn?.()
        await stop()
      }
    },
    close: () => pool.end(),
  }
}

/**
 * One pooled connection with the tenant (or the system scope) set, taken from the pool
 * when `work` first queries (a request that needs no database takes none) and kept until
 * `work` ends. The setting is cleared before the connection goes back to the pool, and
 * the handle refuses to be used once `work` has ended: a request's handle cannot leak
 * into another's.
 */
async function scopedPostgres<T>(pool: pg.Pool, scope: Scope, work: (db: Db) => Promise<T>): Promise<T> {
  let open = true
  let taken: Promise<pg.PoolClient> | undefined
  const take = () =>
    (taken ??= pool.connect().then(async (client) => {
      try {
        await client.query(`SELECT set_config('rota.business_id', $1, false), set_config('rota.scope', $2, false)`, [
          scope === 'system' ? '' : scope.businessId,
          scope === 'system' ? 'system' : '',
        ])
        return client
      } catch (error) {
        client.release(error as Error)
        throw error
      }
    }))
  const handle = {
    query: async (...args: unknown[]) => {
      if (!open) throw new Error('a scoped database handle was used after its work ended')
      const client = await take()
      return (client.query as (...a: unknown[]) => Promise<unknown>)(...args)
    },
  }
  try {
    return await work(drizzlePg({ client: handle as unknown as pg.PoolClient }) as unknown as Db)
  } finally {
    open = false
    if (taken) {
      const client = await taken.catch(() => undefined)
      // Back to the pool once the setting is cleared; the request does not wait for it.
      client
        ?.query(`SELECT set_config('rota.business_id', '', false), set_config('rota.scope', '', false)`)
        .then(() => client.release(), (error: Error) => client.release(error))
    }
  }
}

/**
 * Every pooled connection LISTENs on the channels that want this process's own writes:
 * PostgreSQL delivers a transaction's notifications to its own connection before the
 * commit returns, so a change is heard here before the request that made it answers
 * (the dedicated listening connection hears it a moment later, and other processes' changes).
 */
function ownWritesListener(pool: pg.Pool) {
  const handlers = new Map<string, Set<(payload: string) => void>>()
  const listening = new WeakMap<pg.PoolClient, Set<string>>()
  pool.on('acquire', (client) => {
    let channels = listening.get(client)
    if (!channels) {
      channels = new Set()
      listening.set(client, channels)
      client.on('notification', (message) => {
        if (message.payload) for (const handler of handlers.get(message.channel) ?? []) handler(message.payload)
      })
    }
    for (const channel of handlers.keys()) {
      if (channels.has(channel)) continue
      channels.add(channel)
      client.query(`LISTEN ${pg.escapeIdentifier(channel)}`).catch(() => channels.delete(channel))
    }
  })
  return {
    add(channel: string, handler: (payload: string) => void): () => void {
      const set = handlers.get(channel) ?? new Set()
      set.add(handler)
      handlers.set(channel, set)
      return () => set.delete(handler)
    },
  }
}

/** Most statements a connection keeps prepared; past it, further ones run unprepared. */
const PREPARED_PER_CONNECTION = 500

/**
 * Makes a pooled connection prepare each statement it runs (named after a hash of its
 * text), so that PostgreSQL parses and plans a statement once per connection instead of
 * on every request — planning costs as much as running most of Rota's queries.
 */
function preparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  const names = new Set<string>()
  ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    // A submittable (a COPY stream) runs as it is: spreading it into a named query would lose its methods.
    if (config && typeof config === 'object' && 'text' in config && !(config as { name?: string }).name && typeof (config as { submit?: unknown }).submit !== 'function') {
      const name = `rota_${createHash('sha1').update((config as { text: string }).text).digest('base64url').slice(0, 20)}`
      if (names.has(name) || names.size < PREPARED_PER_CONNECTION) {
        names.add(name)
        return query({ ...config, name }, ...rest)
      }
    }
    return query(config, ...rest)
  }
}

/**
 * LISTEN on a connection of its own (pooled ones are handed to other queries). A lost
 * connection is reopened with growing waits (1 s up to 30 s), and `onConnection` says
 * so both ways, so that whoever relies on the notifications can stop trusting what
 * they hold in the meantime.
 */
async function listenPostgres(url: string, channel: string, onPayload: (payload: string) => void, onConnection?: (listening: boolean) => void) {
  let client: pg.Client | undefined
  let stopped = false
  let wait = 1000
  let timer: NodeJS.Timeout | undefined
  const connect = async (): Promise<void> => {
    const listener = new pg.Client({ connectionString: url })
    listener.on('notification', (message) => {
      if (message.channel === channel && message.payload) onPayload(message.payload)
    })
    listener.on('error', () => {})
    listener.on('end', () => {
      if (stopped || client !== listener) return
      client = undefined
      onConnection?.(false)
      retry()
    })
    await listener.connect()
    await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    client = listener
    wait = 1000
    onConnection?.(true)
  }
  const retry = () => {
    timer = setTimeout(() => {
      connect().catch(() => {
        wait = Math.min(wait * 2, 30_000)
        if (!stopped) retry()
      })
    }, wait)
    timer.unref()
  }
  await connect()
  return async () => {
    stopped = true
    clearTimeout(timer)
    await client?.end()
  }
}

/**
 * Whether the database answers, asked at most once a second: load balancers poll
 * /health hard, and a second-old answer tells them as much as a fresh one.
 */
function pinger(db: Db): () => Promise<boolean> {
  let last: { at: number; ok: Promise<boolean> } | undefined
  return () => {
    if (last && Date.now() - last.at < 1000) return last.ok
    const ok = db.execute(sql`select 1`).then(
      () => true,
      () => false,
    )
    last = { at: Date.now(), ok }
    return ok
  }
}
