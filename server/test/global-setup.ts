import { PGlite } from '@electric-sql/pglite'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPglite, openPostgres } from '../src/db/database.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each test file gets its database from: a migrated PGlite tarball, or a PostgreSQL template database. */
    database: { kind: 'pglite'; template: string } | { kind: 'postgres'; url: string; template: string }
  }
}

export const POSTGRES_TEMPLATE = 'rota_test_template'

/**
 * Migrates one database before the test files run, so that each file starts from a
 * copy in well under a second: a PGlite data-folder tarball, or (with
 * ROTA_TEST_DATABASE_URL) a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const url = process.env['ROTA_TEST_DATABASE_URL']
  if (url) {
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${POSTGRES_TEMPLATE} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${POSTGRES_TEMPLATE}`)
    await admin.end()
    const template = await openPostgres(withDatabase(url, POSTGRES_TEMPLATE))
    await template.close()
    project.provide('database', { kind: 'postgres', url, template: POSTGRES_TEMPLATE })
    return
  }
  const folder = mkdtempSync(join(tmpdir(), 'rota-test-'))
  const client = new PGlite()
  const database = await openPglite(client)
  const dump = await client.dumpDataDir('none')
  await database.close()
  const template = join(folder, 'template.tar')
  writeFileSync(template, Buffer.from(await dump.arrayBuffer()))
  project.provide('database', { kind: 'pglite', template })
  return () => rmSync(folder, { recursive: true, force: true })
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}
