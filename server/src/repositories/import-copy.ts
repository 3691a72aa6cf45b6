import { is } from 'drizzle-orm'
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

/**
 * Appends `text` (lines of `copyField`s joined by tabs, each ending in a newline) to
 * `table`'s `columns`, in the transaction `tx` runs in.
 * @example
 * await tx.transaction((tx) => copyRows(tx, 'import_rows', ['line', 'key'], '2\tacme\n3\t\\N\n'))
 */
export async function copyRows(tx: Db, table: string, columns: readonly string[], text: string): Promise<void> {
  const target = `${pg.escapeIdentifier(table)} (${columns.map((column) => pg.escapeIdentifier(column)).join(', ')})`
  const session = (tx as unknown as { session: unknown }).session
  const client = (session as { client: unknown }).client
  if (is(session, NodePgSession)) {
    if (client instanceof pg.Pool) throw new Error('copyRows needs a transaction: COPY streams on one connection')
    const stream = copyFrom(`COPY ${target} FROM STDIN`)
    // The prototype's query, not the instance's: the pool may wrap the latter to prepare
    // statements by their text, which would turn this stream into a plain query.
    const running = (pg.Client.prototype.query as (query: unknown) => unknown).call(client, stream) as typeof stream
    await new Promise<void>((resolve, reject) => {
      running.on('finish', resolve)
      running.on('error', reject)
      running.end(text)
    })
    return
  }
  const pglite = client as { query: (query: string, params: unknown[], options: { blob: Blob }) => Promise<unknown> }
  await pglite.query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([text]) })
}
