import { PGlite } from '@electric-sql/pglite'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { openPglite, openPostgres, type Database } from '../../src/db/database.ts'
import { withDatabase } from '../global-setup.ts'

/**
 * A fresh, migrated database for one test file: PGlite loaded from the template
 * tarball, or a new PostgreSQL database copied from the template database.
 */
export async function freshDatabase(): Promise<Database> {
  const source = inject('database')
  if (source.kind === 'pglite') {
    const tarball = new Blob([readFileSync(source.template)])
    return openPglite(new PGlite({ loadDataDir: tarball }))
  }
  const name = `rota_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: source.url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${source.template}`)
  await admin.end()
  const database = await openPostgres(withDatabase(source.url, name))
  return {
    ...database,
    async close() {
      await database.close()
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
