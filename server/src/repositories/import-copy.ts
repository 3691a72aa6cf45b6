import { is, sql } from 'drizzle-orm'
import { NodePgSession } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import type { Db } from '../db/database.ts'

/*
 * Bulk appends with COPY, PostgreSQL's fastest way in: text-format lines streamed to
 * `COPY … FROM STDIN` on PostgreSQL, handed over whole as a blob (`FROM '/dev/blob'`) to
 * the embedded PGlite. It runs on the caller's own connection and transaction.
 */

/** A value as a field of COPY's text format: `\N` for null, backslash escapes for the rest. */
export function copyField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N'
  if (typeof value === 'boolean') return value ? 't' : 'f'
  if (typeof value === 'number') return String(value)
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : value
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }

/** What runs a query on the transaction's one connection: a pg client, or a request's scoped handle to one. */
interface Connection {
  query(query: unknown): unknown
}

/**
 * Appends `text` (lines of `copyField`s joined by tabs, each ending in a newline) to
 * `table`'s `columns`, in the transaction `tx` runs in.
 *
 * On PostgreSQL the lines go through a temporary table: COPY FROM refuses a table under
 * row-level security (every tenant table, migration 0009), so they are copied into a
 * table of this transaction's own and appended from there by one INSERT, which the
 * tenant policy checks. The embedded database runs as a superuser, which row-level
 * security does not apply to: the lines go straight in.
 * @example
 * await db.transaction((tx) => copyRows(tx, 'import_rows', ['line', 'key'], '2\tacme\n3\t\\N\n'))
 */
export async function copyRows(tx: Db, table: string, columns: readonly string[], text: string): Promise<void> {
  const list = columns.map((column) => pg.escapeIdentifier(column)).join(', ')
  const session = (tx as unknown as { session: unknown }).session
  const client = (session as { client: unknown }).client
  if (is(session, NodePgSession)) {
    if (client instanceof pg.Pool) throw new Error('copyRows needs a transaction: COPY streams on one connection')
    const staging = pg.escapeIdentifier(`copy_${table}`)
    await tx.execute(sql.raw(`CREATE TEMPORARY TABLE ${staging} AS SELECT ${list} FROM ${pg.escapeIdentifier(table)} WITH NO DATA`))
    await copyStream(client as Connection, `COPY ${staging} (${list}) FROM STDIN`, text)
    await tx.execute(sql.raw(`INSERT INTO ${pg.escapeIdentifier(table)} (${list}) SELECT ${list} FROM ${staging}`))
    await tx.execute(sql.raw(`DROP TABLE ${staging}`))
    return
  }
  const pglite = client as { query: (query: string, params: unknown[], options: { blob: Blob }) => Promise<unknown> }
  await pglite.query(`COPY ${pg.escapeIdentifier(table)} (${list}) FROM '/dev/blob'`, [], { blob: new Blob([text]) })
}

/** Streams `text` to a `COPY … FROM STDIN` on `connection`, resolving once PostgreSQL has taken it all. */
async function copyStream(connection: Connection, command: string, text: string): Promise<void> {
  const running = (await connection.query(copyFrom(command))) as ReturnType<typeof copyFrom>
  await new Promise<void>((resolve, reject) => {
    running.on('finish', resolve)
    running.on('error', reject)
    running.end(text)
  })
}
