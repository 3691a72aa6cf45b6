import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/node-postgres'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { openPglite, openPostgres, type Database, type Db } from '../../src/db/database.ts'
import { APP_ROLE, withDatabase } from '../global-setup.ts'

/** A test's database: Rota's, plus a handle that sees every business (for arranging and checking). */
export type TestDatabase = Database & { system: Db }

/**
 * A fresh, migrated database for one test file: PGlite loaded from the template
 * tarball, or a new PostgreSQL database copied from the template database, which
 * Rota reaches as its own unprivileged role (row-level security applies).
 */
export async function freshDatabase(): Promise<TestDatabase> {
  const source = inject('database')
  if (source.kind === 'pglite') {
    const tarball = new Blob([readFileSync(source.template)])
    const database = await openPglite(new PGlite({ loadDataDir: tarball }))
    return { ...database, system: database.db }
  }
  const name = `rota_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: source.url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${source.template} OWNER ${APP_ROLE}`)
  await admin.end()
  const database = await openPostgres(withDatabase(source.appUrl, name))
  // Tests arrange and check across businesses: their own pool, in the system scope.
  const systemPool = new pg.Pool({ connectionString: withDatabase(source.appUrl, name), max: 2, options: '-c rota.scope=system' })
  return {
    ...database,
    system: drizzle({ client: systemPool }) as unknown as Db,
    async close() {
      await database.close()
      await systemPool.end()
      const cleanup = new pg.Client({ connectionString: source.url })
      await cleanup.connect()
      // pool.end() resolves before its sockets are gone: wait for them, so the drop kills nobody mid-close.
      for (let tries = 0; tries < 50; tries++) {
        const { rows } = await cleanup.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name])
        if (rows[0].n === 0) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await cleanup.end()
    },
  }
}
