import { PGlite } from '@electric-sql/pglite'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPglite, openPostgres } from '../src/db/database.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Where each test file gets its database from: a migrated PGlite tarball, or a PostgreSQL
     * template database (`url` is an administrator's, to create and drop databases; `appUrl`
     * Rota's own role, which row-level security applies to, as in production).
     */
    database: { kind: 'pglite'; template: string } | { kind: 'postgres'; url: string; appUrl: string; template: string }
  }
}

export const POSTGRES_TEMPLATE = 'rota_test_template'
/** Rota's role in the test cluster: no superuser, no BYPASSRLS, owner of what it migrates. */
export const APP_ROLE = 'rota_app'

/**
 * Migrates one database before the test files run, so that each file starts from a
 * copy in well under a second: a PGlite data-folder tarball, or (with
 * ROTA_TEST_DATABASE_URL) a PostgreSQL template database owned and migrated by Rota's role.
 */
export default async function setup(project: TestProject) {
  const url = process.env['ROTA_TEST_DATABASE_URL']
  if (url) {
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        CREATE ROLE ${APP_ROLE} LOGIN PASSWORD '${APP_ROLE}' NOSUPERUSER NOBYPASSRLS NOCREATEDB;
      END IF;
    END $$`)
    await admin.query(`DROP DATABASE IF EXISTS ${POSTGRES_TEMPLATE} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${POSTGRES_TEMPLATE} OWNER ${APP_ROLE}`)
    await admin.end()
    const appUrl = asRole(url, APP_ROLE)
    const template = await openPostgres(withDatabase(appUrl, POSTGRES_TEMPLATE))
    await template.close()
    project.provide('database', { kind: 'postgres', url, appUrl, template: POSTGRES_TEMPLATE })
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

/** The same server and database, signed in as another role (whose password is its name). */
export function asRole(url: string, role: string): string {
  const parsed = new URL(url)
  parsed.username = role
  parsed.password = role
  return parsed.toString()
}
