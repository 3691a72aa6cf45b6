// What the benchmarks share: servers started as real processes, a business seeded
// through the API, temporary folders.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Starts a server process and waits for its "running at http://…" line. */
export async function startProcess(command, args, env) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] })
  const base = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const match = /running at (http:\/\/\S+)/.exec(String(chunk))
      if (match) resolve(match[1].replace('localhost', '127.0.0.1'))
    })
    child.on('exit', (code) => reject(new Error(`${args.at(-1)} exited with ${code}`)))
  })
  return {
    base,
    child,
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await new Promise((resolve) => child.on('exit', resolve))
    },
  }
}

/** Registers a business and returns its owner's access token. */
export async function register(base, businessId) {
  return (await registerTokens(base, businessId)).token
}

/** Registers a business and returns its owner's tokens (access and refresh), as a browser keeps them. */
export async function registerTokens(base, businessId) {
  const response = await fetch(`${base}/api/v1/business`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ business_id: businessId, business_name: 'Bench', firstname: 'B', lastname: 'B', email: `${businessId}@example.com`, password: 'a bench passphrase for rota' }),
  })
  const body = await response.json()
  if (!response.ok) throw new Error(`registration failed: ${JSON.stringify(body)}`)
  return body.data
}

/** Creates `count` clients through the import API (one job, batches of 1,000). */
export async function importClients(base, token, count) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const call = async (path, body) => {
    const response = await fetch(`${base}/api/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return (await response.json()).data
  }
  const job = await call('/import', { kind: 'locations' })
  for (let start = 0; start < count; start += 1000) {
    const rows = []
    for (let i = start; i < Math.min(count, start + 1000); i++) {
      rows.push({ line: i + 2, cells: { name: `Client ${i + 1}`, street: `${i + 1} King St W`, city: 'Toronto', province: 'ON', postal_code: 'M5V 2T6' } })
    }
    await call(`/import/${job.id}/rows`, { rows })
  }
  await call(`/import/${job.id}/commit`, {})
}

export function tempDir(prefix) {
  const path = mkdtempSync(join(tmpdir(), prefix))
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) }
}

/** The same PostgreSQL server, another database. */
export function withDatabase(url, database) {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/**
 * A week of shifts as the schedule benchmarks use it: `staff` people, one client, one service,
 * two shifts a day each (07:00–11:00 and 13:00–17:00, each a daily repeat of seven from `monday`).
 * Returns the client and service ids and how long the seeding took.
 */
export async function seedWeek(base, token, { staff, monday }) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const call = async (path, body) => {
    const response = await fetch(`${base}/api/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
    return (await response.json()).data
  }
  const location = await call('/location', { name: 'Harbour Tower', street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8' })
  const service = await call('/service', { name: 'Security', bill_rate_cents: 6000, pay_rate_cents: 3000 })
  const started = performance.now()
  for (let i = 0; i < staff; i++) {
    // An invitation answers { user, invite_link }.
    const { user: person } = await call('/user', { email: `staff${i}@bench.test`, firstname: `Staff`, lastname: `${i}`, role: 'Staff' })
    for (const [start, end] of [['07:00', '11:00'], ['13:00', '17:00']]) {
      await call('/schedule', { staff_id: person.id, location_id: location.id, service_id: service.id, date: monday, start, end, repeat: { rrule: 'FREQ=DAILY;COUNT=7' } })
    }
  }
  return { location: location.id, service: service.id, call, seconds: Math.round((performance.now() - started) / 100) / 10 }
}

/**
 * An embedded database for one benchmark run, in a folder of its own: the server's environment,
 * a way to load seed SQL straight into it before the server starts, and the folder's removal.
 */
export async function embeddedBenchDatabase(prefix) {
  const { PGlite } = await import('@electric-sql/pglite')
  const data = tempDir(prefix)
  return {
    env: { ROTA_DATA_DIR: data.path },
    async seed(sql) {
      const client = await PGlite.create({ dataDir: join(data.path, 'pgdata') })
      await client.exec(sql)
      await client.close()
    },
    remove: () => data.remove(),
  }
}

/**
 * A fresh database `name` on the PostgreSQL cluster at `url`, owned by Rota's own role (no
 * superuser, no BYPASSRLS: row-level security applies, as in production): the server's
 * environment, a way to load seed SQL as the cluster's superuser (past row-level security, as a
 * data load would be), and the removal of its files folder.
 */
export async function postgresBenchDatabase(url, name) {
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'rota_bench') THEN CREATE ROLE rota_bench LOGIN PASSWORD 'rota_bench' NOSUPERUSER NOBYPASSRLS; END IF; END $$`)
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${name} OWNER rota_bench`)
  await admin.end()
  const files = tempDir(`${name}-`)
  const target = new URL(withDatabase(url, name))
  ;[target.username, target.password] = ['rota_bench', 'rota_bench']
  return {
    env: { ROTA_DATA_DIR: files.path, ROTA_FILES_DIR: files.path, ROTA_DATABASE_URL: target.toString() },
    async seed(sql) {
      const client = new pg.Client({ connectionString: withDatabase(url, name) })
      await client.connect()
      await client.query(sql)
      await client.end()
    },
    remove: () => files.remove(),
  }
}

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..')

/** A signed-in call to Rota's API: the answer's `data`, or an error naming the call. */
export async function api(base, token, method, path, body) {
  const response = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()).data
}

/** One connection asking `url` again and again for BENCH_SECONDS (10): requests/s, p50, p99, errors. */
export async function measureOneConnection(url, headers) {
  const { default: autocannon } = await import('autocannon')
  const run = await autocannon({ url, headers, connections: 1, duration: Number(process.env.BENCH_SECONDS ?? 10) })
  return { requests_per_second: Math.round(run.requests.average * 10) / 10, p50_ms: run.latency.p50, p99_ms: run.latency.p99, errors: run.errors + run.non2xx }
}

/** The reference of a run: a bare Fastify 5 process, on this machine now, measured by `measure`. */
export async function bareFastify(measure) {
  const bare = await startProcess(process.execPath, [join(root, 'bench/bare-fastify.mjs')], { PORT: '0' })
  try {
    return await measure(bare.base, {})
  } finally {
    await bare.stop()
  }
}

/**
 * Rota on `database` (embeddedBenchDatabase or postgresBenchDatabase) with a business `bench`, a
 * client, a service paid and billed at `rates` and `staff` people made through the API, then the
 * rows of `seedSql(businessId, clientId, serviceId)` written straight into its database — on the
 * embedded one with the server stopped, since that database belongs to one process at a time.
 * @example
 * const { rota, token, parts, seconds } = await seededRota(database, { staff: 200, rates: { bill_rate_cents: 6000, pay_rate_cents: 3000 }, seedSql })
 */
export async function seededRota(database, { staff, rates, client = {}, seedSql }) {
  const start = () => startProcess(process.execPath, [join(root, 'server/dist/server.js')], { ...database.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' })
  let rota = await start()
  const businessId = 'bench'
  const token = await register(rota.base, businessId)
  const started = performance.now()
  const location = await api(rota.base, token, 'POST', '/location', { name: 'Harbour Tower', street: '1 Quay St', city: 'Toronto', province: 'ON', postal_code: 'M5J 2N8', ...client })
  const service = await api(rota.base, token, 'POST', '/service', { name: 'Security', ...rates })
  for (let i = 0; i < staff; i++) await api(rota.base, token, 'POST', '/user', { email: `staff${i}@bench.test`, firstname: 'Staff', lastname: `${i}`, role: 'Staff' })
  const parts = { location: location.id, service: service.id }
  const sql = seedSql(businessId, parts.location, parts.service)
  if (database.env.ROTA_DATABASE_URL) await database.seed(sql)
  else {
    await rota.stop()
    await database.seed(sql)
    rota = await start()
  }
  return { rota, token, businessId, parts, seconds: Math.round((performance.now() - started) / 100) / 10 }
}

/**
 * `measure(database)` on a fresh embedded database and, when ROTA_TEST_DATABASE_URL names a
 * PostgreSQL cluster, on a fresh database there as Rota's own role: `{ pglite, postgres? }`.
 */
export async function onEachDatabase(name, measure) {
  const results = {}
  const embedded = await embeddedBenchDatabase(`rota-bench-${name}-`)
  try {
    results.pglite = await measure(embedded)
  } finally {
    embedded.remove()
  }
  const url = process.env.ROTA_TEST_DATABASE_URL
  if (url) {
    const postgres = await postgresBenchDatabase(url, `rota_bench_${name}`)
    try {
      results.postgres = await measure(postgres)
    } finally {
      postgres.remove()
    }
  }
  return results
}
