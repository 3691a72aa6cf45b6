// API throughput and latency, each beside a bare Fastify 5 process measured in the same
// run (autocannon, 100 connections, against real servers on loopback): the signed-in
// client list the issue names (2,000 clients, page 3 sorted by name), GET /profile and
// GET /health, on the embedded database, on PostgreSQL (ROTA_TEST_DATABASE_URL, which
// `npm run bench` provides with a throwaway cluster when PostgreSQL is installed), and on
// PostgreSQL with several API processes (ROTA_WORKERS=auto); on PostgreSQL as Rota's own role
// (row-level security applies) and, to show what the policies cost, as a superuser. The list also with no page remembered (every request reads the database). Prints JSON.
import autocannon from 'autocannon'
import pg from 'pg'
import { cpus } from 'node:os'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { bareFastify, importClients, register, startProcess, tempDir, withDatabase } from './support.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = 100
const LIST = '/api/v1/location?page=3&page_size=20&sort=name&order=asc'

async function measure(url, headers = {}) {
  const run = await autocannon({ url, headers, connections, duration: seconds })
  return { requests_per_second: Math.round(run.requests.average), p50_ms: run.latency.p50, p99_ms: run.latency.p99, errors: run.errors + run.non2xx }
}

const share = (figure, bare) => Math.round((figure.requests_per_second / bare.requests_per_second) * 1000) / 10

/**
 * Starts Rota with `env`, seeds a business with 2,000 clients, measures its routes, stops it.
 * The list is measured twice: as it runs (the page remembered after its first read until a client
 * changes) and with no page remembered (ROTA_LIST_PAGES=0: every request reads the database).
 */
async function measureRota(env, bare, { listOnly = false } = {}) {
  const rota = await startProcess(process.execPath, [join(root, 'server/dist/server.js')], { ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' })
  try {
    const token = await register(rota.base, 'bench')
    await importClients(rota.base, token, 2000)
    const auth = { authorization: `Bearer ${token}` }
    const list = await measure(rota.base + LIST, auth)
    if (listOnly) return { list: { ...list, share_of_bare_percent: share(list, bare) } }
    const profile = await measure(`${rota.base}/api/v1/profile`, auth)
    const health = await measure(`${rota.base}/api/v1/health`)
    return {
      list: { ...list, share_of_bare_percent: share(list, bare) },
      profile: { ...profile, share_of_bare_percent: share(profile, bare) },
      health: { ...health, share_of_bare_percent: share(health, bare) },
    }
  } finally {
    await rota.stop()
  }
}

/** The list as the database answers it every time: no page remembered. */
async function measureUnremembered(env, bare) {
  return (await measureRota({ ...env, ROTA_LIST_PAGES: '0' }, bare, { listOnly: true })).list
}

const bare = await bareFastify(measure)

const results = { connections, seconds, bare_fastify: bare }
const data = tempDir('rota-bench-')
results.pglite = await measureRota({ ROTA_DATA_DIR: data.path }, bare)
data.remove()
const unremembered = tempDir('rota-bench-')
results.pglite.list_read_every_time = await measureUnremembered({ ROTA_DATA_DIR: unremembered.path }, bare)
unremembered.remove()

const url = process.env.ROTA_TEST_DATABASE_URL
if (url) {
  // Rota's own role, as in production: no superuser, no BYPASSRLS, so row-level security applies.
  // The same run as the (superuser) administrator shows what the policies cost.
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'rota_bench') THEN CREATE ROLE rota_bench LOGIN PASSWORD 'rota_bench' NOSUPERUSER NOBYPASSRLS; END IF; END $$`)
  const runs = [
    ['postgres', '1', 'rota_bench'],
    ['postgres_superuser', '1', null],
    ['postgres_workers', 'auto', 'rota_bench'],
  ]
  for (const [name, workers, role] of runs) {
    const database = `rota_bench_${name}`
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${database} OWNER ${role ?? 'postgres'}`)
    const files = tempDir('rota-bench-files-')
    const target = new URL(withDatabase(url, database))
    if (role) [target.username, target.password] = [role, role]
    const env = { ROTA_DATABASE_URL: target.toString(), ROTA_WORKERS: workers, ROTA_FILES_DIR: files.path, ROTA_SECRET: 'bench-secret-bench-secret-bench-secret-0123' }
    results[name] = { workers: workers === 'auto' ? cpus().length : 1, row_level_security: role !== null, ...(await measureRota(env, bare)) }
    if (name === 'postgres') {
      await admin.query(`DROP DATABASE ${database} WITH (FORCE)`)
      await admin.query(`CREATE DATABASE ${database} OWNER ${role}`)
      results[name].list_read_every_time = await measureUnremembered(env, bare)
    }
    files.remove()
  }
  await admin.end()
}
console.log(JSON.stringify({ api: results }, null, 2))
