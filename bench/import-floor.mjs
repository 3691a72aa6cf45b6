// The floor under `rota import` on PostgreSQL (decision 020): the same work an import
// must do for each row, in one process, with everything between taken away — no CLI, no
// HTTP, no staging, no dry run, one transaction written straight into the clients table
// while the file is still being read. The CSV is read by the CLI's own reader (csv-parse),
// each row checked by core's row rules and given its keys and id as the server does,
// written as COPY lines by the server's own function, and every 10,000 rows copied into a
// temporary table and inserted into the clients table by an INSERT … ON CONFLICT like the
// commit's, PostgreSQL writing one chunk while the next is read and checked. What this
// takes is what no protocol can beat on this machine: `rota import` can only be slower.
import { build } from 'esbuild'
import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'

const root = fileURLToPath(new URL('..', import.meta.url))
const CHUNK = 10_000
const COLUMNS = ['name', 'contact_person', 'email', 'phone', 'street', 'city', 'province', 'postal_code', 'latitude', 'longitude', 'billing_notes', 'active', 'search_key', 'sort_key', 'city_key']
const TYPES = { latitude: 'float8', longitude: 'float8', active: 'bool' }

let bundled
/** The CLI's CSV reader, core's row rules and the server's keys and COPY fields, bundled from their TypeScript sources once per run of the bench. */
const rowWork = () => (bundled ??= bundleRowWork())

async function bundleRowWork() {
  const built = await build({
    stdin: {
      contents: `export { importKey, parseCsvRow } from '@rota/core'
export { openCsv, readCsv } from './cli/src/import/csv-source.ts'
export { locationKeys } from './server/src/db/text-keys.ts'
export { copyField } from './server/src/repositories/import-copy.ts'`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    logLevel: 'warning',
    plugins: [{ name: 'external-packages', setup: (b) => b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@rota/') ? undefined : { path: args.path, external: true })) }],
  })
  // Under node_modules, so that the packages left out resolve.
  const cache = join(root, 'node_modules', '.cache')
  mkdirSync(cache, { recursive: true })
  const file = join(cache, 'rota-import-floor.mjs')
  writeFileSync(file, built.outputFiles[0].text)
  return import(pathToFileURL(file).href)
}

/** A row as it would be without core's row rules: the file's cells as they are, no keys folded. */
const unchecked = (cells) => ({
  value: { ...cells, latitude: null, longitude: null, active: true },
  keys: { search_key: cells.name, sort_key: cells.name, city_key: cells.city },
})

/**
 * Imports `file` (a clients CSV of `expected` rows) into `businessId`'s clients on `url`
 * (a migrated Rota database, reached as Rota's own role) the floor's way, committed, and
 * answers how long it took from opening the file to the commit. With `checks: false`, rows
 * are written as read, without core's rules or folded keys: what reading and writing alone cost.
 */
export async function importFloor(url, file, businessId, expected, { checks = true } = {}) {
  const { openCsv, readCsv, importKey, parseCsvRow, locationKeys, copyField } = await rowWork()
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const start = performance.now()
    await client.query('begin')
    await client.query("select set_config('rota.business_id', $1, false)", [businessId])
    await client.query(`create temporary table floor_rows (line int, key text, record_id uuid, ${COLUMNS.map((column) => `${column} ${TYPES[column] ?? 'text'}`).join(', ')}) on commit drop`)
    const write = async (text) => {
      const copy = client.query(copyFrom('copy floor_rows from stdin'))
      await new Promise((resolve, reject) => {
        copy.on('finish', resolve)
        copy.on('error', reject)
        copy.end(text)
      })
      const list = COLUMNS.join(', ')
      await client.query(`insert into locations (business_id, id, name_key, ${list}) select $1, record_id, key, ${list} from floor_rows
        on conflict (business_id, name_key) do update set ${COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ')}, version = locations.version + 1, updated_at = now()`, [businessId])
      await client.query('truncate floor_rows')
    }
    let text = ''
    let count = 0
    let writing = Promise.resolve()
    for await (const row of readCsv(openCsv(file), { name: file, onHeader: () => {} })) {
      let value
      let keys
      if (checks) {
        const result = parseCsvRow('locations', row.cells, row.line)
        if (!result.ok) throw new Error(`line ${row.line}: ${JSON.stringify(result.errors)}`)
        value = result.value
        keys = locationKeys(value)
      } else ({ value, keys } = unchecked(row.cells))
      let line = `${row.line}\t${copyField(checks ? importKey('locations', value) : value.name)}\t${randomUUID()}`
      for (const column of COLUMNS) line += `\t${copyField(column in keys ? keys[column] : value[column])}`
      text += `${line}\n`
      if (++count % CHUNK === 0) {
        // PostgreSQL writes this chunk while the next is read and checked.
        await writing
        writing = write(text)
        text = ''
      }
    }
    await writing
    if (text) await write(text)
    await client.query('commit')
    const seconds = (performance.now() - start) / 1000
    const [{ written }] = (await client.query("select count(*)::int as written from locations where business_id = $1", [businessId])).rows
    if (written !== expected || count !== expected) throw new Error(`the floor wrote ${written} of ${count} rows read, ${expected} expected`)
    return { seconds }
  } finally {
    await client.end()
  }
}
