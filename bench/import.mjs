// `rota import locations` end to end, as a person runs it (the CLI process from start to
// exit, against a real server), 100,000 new clients into a fresh database each time, each
// in turns with the database's own COPY of the same file into a table of the file's
// columns and the clients table's indexes: on the embedded database (PGlite's COPY in
// this process); on PostgreSQL (ROTA_TEST_DATABASE_URL, which `npm run bench` provides
// with a throwaway cluster when PostgreSQL is installed) with Rota as its own role, as in
// production (no superuser, so row-level security applies); and a 1,000,000-row file
// imported the same way on the embedded database, whose peak memory, the CLI's and the
// server's, stays that of 100,000. Medians of BENCH_IMPORT_RUNS (3) runs. Then
// `rota shifts import` of 20,000 shifts for 200 staff the same way, each run into a new
// business of 200 staff, 20 clients and 4 services, beside the database's COPY of the same
// file into a table of its columns with the shifts table's indexes. On PostgreSQL, each run
// also takes the floor (import-floor.mjs): the same row work in one process, straight into
// the table in one transaction, what no import protocol can beat on this machine.
// BENCH_IMPORT_KINDS (locations,shifts) chooses what to measure, BENCH_IMPORT_ON
// (pglite,postgres,stream) where the clients are imported. Prints JSON.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createReadStream, createWriteStream, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import { importFloor } from './import-floor.mjs'
import { register, startProcess, tempDir, withDatabase } from './support.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const rota = join(root, 'cli/bin/rota.js')
const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000)
const streamRows = Number(process.env.BENCH_IMPORT_STREAM_ROWS ?? 1_000_000)
const runs = Number(process.env.BENCH_IMPORT_RUNS ?? 3)
const kinds = (process.env.BENCH_IMPORT_KINDS ?? 'locations,shifts').split(',')
const databases = (process.env.BENCH_IMPORT_ON ?? 'pglite,postgres,stream').split(',')
const shiftRows = Number(process.env.BENCH_SHIFT_ROWS ?? 20_000)
const shiftStaff = Number(process.env.BENCH_SHIFT_STAFF ?? 200)
const work = tempDir('rota-bench-import-')
const PASSWORD = 'a bench passphrase for rota'
/** The secret a Rota on PostgreSQL is started with (the embedded database keeps its own). */
const SECRET = 'bench-secret-bench-secret-bench-secret-0123'
const HEADER = ['name', 'contact_person', 'email', 'phone', 'street', 'city', 'province', 'postal_code', 'billing_notes', 'active']

// A process's own peak memory, written by the process itself as it exits (the larger of
// the two when rota runs the import in a child process). Linux's VmHWM, the high-water
// mark of the process's own memory since it started: getrusage's maxRSS would also count
// the forked image of whoever spawned it (this benchmark, large once PGlite has run here).
const peakProbe = join(work.path, 'peak.mjs')
writeFileSync(
  peakProbe,
  `import { existsSync, readFileSync, writeFileSync } from 'node:fs'
const file = process.env.ROTA_BENCH_PEAK
const ownPeakKb = () => {
  try {
    return Number(/VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))[1])
  } catch {
    return process.resourceUsage().maxRSS
  }
}
if (file) process.on('exit', () => writeFileSync(file, String(Math.max(ownPeakKb(), existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0))))
`,
)
const peakMb = (file) => (existsSync(file) ? Math.round(Number(readFileSync(file, 'utf8')) / 1024) : null)

async function csv(name, count) {
  const path = join(work.path, name)
  const out = createWriteStream(path)
  out.write(`${HEADER.join(',')}\n`)
  for (let n = 1; n <= count; n++) {
    const line = `Client ${n},Marie-Ève Tremblay,client${n}@example.com,514-555-0142,"${n}, rue Sainte-Catherine Ouest",Montréal,QC,H3G 1P1,"Net 30, PO on every invoice",oui\n`
    if (!out.write(line)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
  return path
}

/**
 * A Rota server with its own peak-memory probe. `startImport` restarts its high-water mark
 * (Linux's clear_refs), so that the peak is the import's and not the start-up's (PGlite
 * peaks at about 900 MB while it opens and migrates, and settles at half that).
 */
async function startRota(env, name) {
  const peak = join(work.path, `server-peak-${name}`)
  const server = await startProcess(process.execPath, ['--import', peakProbe, join(root, 'server/dist/server.js')], {
    ...env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ROTA_BENCH_PEAK: peak,
  })
  let startMb = null
  const startImport = () => {
    try {
      startMb = Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))[1]) / 1024)
      writeFileSync(`/proc/${server.child.pid}/clear_refs`, '5')
    } catch {
      // Not Linux: the peak then includes the start-up's.
    }
  }
  return { ...server, startImport, startMb: () => startMb, peak: () => peakMb(peak) }
}

/** A new business (so that every run creates its 100,000 clients), a CLI signed in to it, and its owner's access token. */
async function signedIn(base, businessId) {
  const response = await fetch(`${base}/api/v1/business`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ business_id: businessId, business_name: 'Bench import', firstname: 'B', lastname: 'B', email: `${businessId}@example.com`, password: PASSWORD }),
  })
  if (!response.ok) throw new Error(`registration failed: ${response.status} ${await response.text()}`)
  const { token } = (await response.json()).data
  const config = join(work.path, `config-${businessId}`)
  await runRota(['login', '--host', base, '--business', businessId, '--email', `${businessId}@example.com`, '--password-stdin'], config, PASSWORD)
  return { config, token }
}

/** Runs rota as a person would: its exit code, output, wall time from start to exit, peak memory. */
async function runRota(args, config, stdin = '') {
  const peak = join(work.path, `cli-peak-${Date.now()}-${Math.random()}`)
  const child = spawn(process.execPath, ['--import', peakProbe, rota, ...args], {
    env: { ...process.env, XDG_CONFIG_HOME: config, ROTA_BENCH_PEAK: peak },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  child.stdin.end(stdin)
  const start = performance.now()
  const [code] = await once(child, 'exit')
  const seconds = (performance.now() - start) / 1000
  if (code !== 0) throw new Error(`rota ${args.join(' ')} exited ${code}: ${stderr}`)
  return { stdout, seconds, peakMb: peakMb(peak) }
}

/** One import of `file` into a new business, checked: every row created. */
async function importOnce(server, file, businessId, expected) {
  const { config } = await signedIn(server.base, businessId)
  server.startImport()
  const run = await runRota(['import', 'locations', file, '--json'], config)
  const report = JSON.parse(run.stdout)
  if (report.created !== expected) throw new Error(`expected ${expected} created, got ${run.stdout.slice(0, 300)}`)
  return run
}

/** A figure's rows per second as a percentage (one decimal) of its reference's. */
const shareOf = (measured, reference) => Math.round((measured.rows_per_second / reference.rows_per_second) * 1000) / 10
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const figure = (count, measured) => {
  const seconds = median(measured.map((run) => run.seconds))
  return { rows: count, runs: measured.length, seconds: Math.round(seconds * 100) / 100, rows_per_second: Math.round(count / seconds) }
}

/** The reference table: the file's columns, and the indexes Rota's clients table has (the tenant and id as primary key, the name unique, the city, a byte-order name for sorting). */
const REFERENCE = {
  statements: [
    `CREATE TABLE bench_copy_reference (business_id text NOT NULL DEFAULT 'bench', id uuid NOT NULL DEFAULT gen_random_uuid(), ${HEADER.map((column) => `${column} text`).join(', ')}, PRIMARY KEY (business_id, id))`,
    'CREATE UNIQUE INDEX bench_copy_reference_name ON bench_copy_reference (business_id, name)',
    'CREATE INDEX bench_copy_reference_city ON bench_copy_reference (business_id, city)',
    'CREATE INDEX bench_copy_reference_sort ON bench_copy_reference (business_id, name COLLATE "C")',
  ],
  copy: `COPY bench_copy_reference (${HEADER.join(', ')}) FROM STDIN (FORMAT csv, HEADER true)`,
  table: 'the file\'s columns, primary key (business_id, id), unique (business_id, name), (business_id, city), (business_id, name COLLATE "C")',
}

/** PostgreSQL's own COPY of the CSV file, streamed from disk, into a fresh reference table. */
async function copyReference(url, file, expected, reference = REFERENCE) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('DROP TABLE IF EXISTS bench_copy_reference')
    for (const statement of reference.statements) await client.query(statement)
    const start = performance.now()
    await pipeline(createReadStream(file, { highWaterMark: 256 * 1024 }), client.query(copyFrom(reference.copy)))
    const seconds = (performance.now() - start) / 1000
    const [{ count }] = (await client.query('SELECT count(*)::int AS count FROM bench_copy_reference')).rows
    if (count !== expected) throw new Error(`COPY loaded ${count} rows`)
    return { seconds }
  } finally {
    await client.query('DROP TABLE IF EXISTS bench_copy_reference').catch(() => {})
    await client.end()
  }
}

/** PGlite's own COPY of the CSV file (read from disk, handed over as a blob), into a fresh reference table of a fresh database on disk. */
async function copyReferencePglite(file, expected, reference = REFERENCE) {
  const data = tempDir('rota-bench-import-copy-')
  const db = await PGlite.create({ dataDir: data.path })
  try {
    for (const statement of reference.statements) await db.exec(statement)
    const start = performance.now()
    await db.query(reference.copy.replace('STDIN', "'/dev/blob'"), [], { blob: new Blob([readFileSync(file)]) })
    const seconds = (performance.now() - start) / 1000
    const [{ count }] = (await db.query('SELECT count(*)::int AS count FROM bench_copy_reference')).rows
    if (count !== expected) throw new Error(`COPY loaded ${count} rows`)
    return { seconds }
  } finally {
    await db.close()
    data.remove()
  }
}

/** A fresh PostgreSQL database on the benchmark's server, owned by and reached as `role` when given. */
async function freshDatabase(url, database, role) {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  if (role) await admin.query(`DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${role} LOGIN PASSWORD '${role}' NOSUPERUSER NOBYPASSRLS; END IF; END $$`)
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${database} OWNER ${role ?? 'postgres'}`)
  await admin.end()
  const target = new URL(withDatabase(url, database))
  if (role) [target.username, target.password] = [role, role]
  return target.toString()
}

/** One import into a fresh Rota (a new embedded database, or a new PostgreSQL database), as the first import of a new business. */
async function importFresh(env, file, name) {
  const server = await startRota(env, name)
  let run
  try {
    run = await importOnce(server, file, 'bench-import', rows)
  } finally {
    await server.stop()
  }
  return { ...run, serverPeakMb: server.peak(), serverStartMb: server.startMb() }
}

/** The floor (import-floor.mjs) on a fresh Rota database: migrated and given a business by Rota itself, then imported into without it. */
async function floorFresh(url, file, name, options) {
  const database = await freshDatabase(url, 'rota_bench_floor', 'rota_bench')
  const server = await startRota({ ROTA_DATABASE_URL: database, ROTA_SECRET: SECRET }, name)
  try {
    await register(server.base, 'bench-floor')
  } finally {
    await server.stop()
  }
  return importFloor(database, file, 'bench-floor', rows, options)
}

const SHIFT_HEADER = ['staff_email', 'client', 'service', 'date', 'start', 'end', 'break_minutes', 'notes']
const SHIFT_CLIENTS = 20
const SHIFT_SERVICES = 4

/**
 * A shifts file: one shift a day for each of `staff` people (09:00–17:00, a 30-minute
 * break, a note with a comma), from a Monday on, spread over the clients and services.
 */
async function shiftsCsv(name, count, staff) {
  const path = join(work.path, name)
  const out = createWriteStream(path)
  out.write(`${SHIFT_HEADER.join(',')}\n`)
  for (let n = 0; n < count; n++) {
    const person = n % staff
    const date = new Date(Date.UTC(2027, 0, 4 + Math.floor(n / staff))).toISOString().slice(0, 10)
    const line = `staff${person}@bench.test,Client ${(person % SHIFT_CLIENTS) + 1},Service ${(person % SHIFT_SERVICES) + 1},${date},09:00,17:00,30,"Gate code ${person}, door B"\n`
    if (!out.write(line)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
  return path
}

/** The reference table of a shifts file: its columns, and the indexes Rota's shifts table has (the tenant and id, the range, a person's shifts in time). */
const SHIFT_REFERENCE = {
  statements: [
    `CREATE TABLE bench_copy_reference (business_id text NOT NULL DEFAULT 'bench', id uuid NOT NULL DEFAULT gen_random_uuid(), ${SHIFT_HEADER.map((column) => `"${column}" text`).join(', ')}, PRIMARY KEY (business_id, id))`,
    'CREATE INDEX bench_copy_reference_range ON bench_copy_reference (business_id, date, start)',
    'CREATE INDEX bench_copy_reference_staff ON bench_copy_reference (business_id, staff_email, date, start)',
  ],
  copy: `COPY bench_copy_reference (${SHIFT_HEADER.map((column) => `"${column}"`).join(', ')}) FROM STDIN (FORMAT csv, HEADER true)`,
  table: "the file's columns, primary key (business_id, id), (business_id, date, start), (business_id, staff_email, date, start)",
}

/** A new business with the team, clients and services a shifts file names, and a CLI signed in to it. */
async function shiftsBusiness(base, businessId, staff) {
  const { config, token } = await signedIn(base, businessId)
  const call = async (path, body) => {
    const response = await fetch(`${base}/api/v1${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  }
  for (let n = 1; n <= SHIFT_CLIENTS; n++) await call('/location', { name: `Client ${n}`, street: `${n} King St W`, city: 'Toronto', province: 'ON', postal_code: 'M5V 2T6' })
  for (let n = 1; n <= SHIFT_SERVICES; n++) await call('/service', { name: `Service ${n}`, bill_rate_cents: 6000, pay_rate_cents: 3000 })
  for (let n = 0; n < staff; n++) await call('/user', { email: `staff${n}@bench.test`, firstname: 'Staff', lastname: String(n), role: 'Staff' })
  return config
}

/** One shifts import into a fresh Rota, checked: every row created. */
async function importShiftsFresh(env, file, name) {
  const server = await startRota(env, name)
  try {
    const config = await shiftsBusiness(server.base, 'bench-shifts', shiftStaff)
    server.startImport()
    const run = await runRota(['shifts', 'import', file, '--json'], config)
    const report = JSON.parse(run.stdout)
    if (report.created !== shiftRows || report.invalid !== 0) throw new Error(`expected ${shiftRows} created, got ${run.stdout.slice(0, 300)}`)
    return run
  } finally {
    await server.stop()
  }
}

/** `rota shifts import` beside the database's own COPY of the same file, in turns, on each database. */
async function benchShifts() {
  const file = await shiftsCsv('shifts.csv', shiftRows, shiftStaff)
  const figures = { staff: shiftStaff, clients: SHIFT_CLIENTS, services: SHIFT_SERVICES }
  const imported = []
  const copied = []
  for (let run = 1; run <= runs; run++) {
    const data = tempDir('rota-bench-import-shifts-')
    imported.push(await importShiftsFresh({ ROTA_DATA_DIR: data.path }, file, `shifts-pglite-${run}`))
    data.remove()
    copied.push(await copyReferencePglite(file, shiftRows, SHIFT_REFERENCE))
  }
  const pglite = figure(shiftRows, imported)
  const pgliteCopy = figure(shiftRows, copied)
  figures.pglite = { ...pglite, cli_peak_rss_mb: Math.max(...imported.map((run) => run.peakMb)) }
  figures.pglite_copy = { ...pgliteCopy, table: SHIFT_REFERENCE.table }
  figures.pglite_share_of_copy_percent = shareOf(pglite, pgliteCopy)

  const url = process.env.ROTA_TEST_DATABASE_URL
  if (url) {
    const onPostgres = []
    const copiedPostgres = []
    for (let run = 1; run <= runs; run++) {
      const database = await freshDatabase(url, 'rota_bench_import', 'rota_bench')
      onPostgres.push(await importShiftsFresh({ ROTA_DATABASE_URL: database, ROTA_SECRET: SECRET }, file, `shifts-postgres-${run}`))
      copiedPostgres.push(await copyReference(await freshDatabase(url, 'rota_bench_copy'), file, shiftRows, SHIFT_REFERENCE))
    }
    const rota = figure(shiftRows, onPostgres)
    const copy = figure(shiftRows, copiedPostgres)
    figures.postgres = { ...rota, row_level_security: true }
    figures.postgres_copy = { ...copy, table: SHIFT_REFERENCE.table }
    figures.postgres_share_of_copy_percent = shareOf(rota, copy)
  }
  return figures
}

const results = {}
try {
  if (kinds.includes('locations')) {
    const file = await csv('clients.csv', rows)

    if (databases.includes('pglite')) {
      const embedded = []
      const embeddedCopies = []
      for (let run = 1; run <= runs; run++) {
        const data = tempDir('rota-bench-import-data-')
        embedded.push(await importFresh({ ROTA_DATA_DIR: data.path }, file, `pglite-${run}`))
        data.remove()
        embeddedCopies.push(await copyReferencePglite(file, rows))
      }
      const pglite = figure(rows, embedded)
      const pgliteCopy = figure(rows, embeddedCopies)
      results.pglite = { ...pglite, cli_peak_rss_mb: Math.max(...embedded.map((run) => run.peakMb)), server_peak_rss_mb: Math.max(...embedded.map((run) => run.serverPeakMb)), server_rss_at_start_mb: Math.max(...embedded.map((run) => run.serverStartMb)), target: '≥ 20,000 rows/s' }
      results.pglite_copy = { ...pgliteCopy, table: REFERENCE.table }
      results.pglite_share_of_copy_percent = shareOf(pglite, pgliteCopy)
    }

    const url = process.env.ROTA_TEST_DATABASE_URL
    if (url && databases.includes('postgres')) {
      // In turns, so that whatever else the machine is doing weighs on both alike.
      const imported = []
      const copied = []
      const floors = []
      const bareFloors = []
      for (let run = 1; run <= runs; run++) {
        const database = await freshDatabase(url, 'rota_bench_import', 'rota_bench')
        imported.push(await importFresh({ ROTA_DATABASE_URL: database, ROTA_SECRET: SECRET }, file, `postgres-${run}`))
        copied.push(await copyReference(await freshDatabase(url, 'rota_bench_copy'), file, rows))
        floors.push(await floorFresh(url, file, `floor-${run}`))
        bareFloors.push(await floorFresh(url, file, `floor-unchecked-${run}`, { checks: false }))
      }
      const rota = figure(rows, imported)
      const copy = figure(rows, copied)
      results.postgres = { ...rota, row_level_security: true, cli_peak_rss_mb: Math.max(...imported.map((run) => run.peakMb)), server_peak_rss_mb: Math.max(...imported.map((run) => run.serverPeakMb)), server_rss_at_start_mb: Math.max(...imported.map((run) => run.serverStartMb)) }
      results.postgres_copy = { ...copy, table: REFERENCE.table }
      results.postgres_share_of_copy_percent = shareOf(rota, copy)
      results.postgres_target = '≥ 50% of COPY'
      // What no protocol can beat here: the same checks and writes in one process, straight into the table in one transaction.
      const floor = figure(rows, floors)
      results.postgres_floor = { ...floor, what: 'import-floor.mjs: csv-parse, core row rules, keys, COPY lines, INSERT … ON CONFLICT per 10,000 rows, one process, one transaction' }
      results.postgres_floor_share_of_copy_percent = shareOf(floor, copy)
      // And below it, reading and writing alone: the rows as read, no row rules, no folded keys.
      const bare = figure(rows, bareFloors)
      results.postgres_floor_unchecked = { ...bare, what: 'the floor without core row rules or folded keys' }
      results.postgres_floor_unchecked_share_of_copy_percent = shareOf(bare, copy)
    }

    if (databases.includes('stream')) {
      const streamFile = await csv('clients-1m.csv', streamRows)
      const streamData = tempDir('rota-bench-import-stream-')
      const streaming = await startRota({ ROTA_DATA_DIR: streamData.path }, 'stream')
      try {
        const run = await importOnce(streaming, streamFile, 'bench-import-stream', streamRows)
        results.stream = { rows: streamRows, seconds: Math.round(run.seconds * 10) / 10, rows_per_second: Math.round(streamRows / run.seconds), cli_peak_rss_mb: run.peakMb }
      } finally {
        await streaming.stop()
        streamData.remove()
      }
      results.stream.server_peak_rss_mb = streaming.peak()
      results.stream.server_rss_at_start_mb = streaming.startMb()
    }
  }
  if (kinds.includes('shifts')) results.shifts = await benchShifts()
} finally {
  work.remove()
}
console.log(JSON.stringify({ import: results }, null, 2))
