// The schedule board's answer: one week of 200 staff (2,800 shifts: two a day each) in one
// `GET /schedule?from=…&to=…&page_size=5000`, as the board asks for it, on the embedded database and,
// when ROTA_TEST_DATABASE_URL is set (`npm run bench` provides a throwaway cluster), on PostgreSQL as
// Rota's own role. Latency (p50, p99) of one board loading after another, with a bare Fastify answer measured in
// the same run for scale. The goal is p99 ≤ 150 ms. Prints JSON.
import autocannon from 'autocannon'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { register, seedWeek, startProcess, tempDir, withDatabase } from './support.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const STAFF = 200
const connections = 1
const MONDAY = '2027-01-04'

async function measure(url, headers = {}) {
  const run = await autocannon({ url, headers, connections, duration: seconds })
  return { requests_per_second: Math.round(run.requests.average), p50_ms: run.latency.p50, p99_ms: run.latency.p99, errors: run.errors + run.non2xx }
}

async function measureBoard(env) {
  const rota = await startProcess(process.execPath, [join(root, 'server/dist/server.js')], { ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' })
  try {
    const token = await register(rota.base, 'bench')
    const seeded = await seedWeek(rota.base, token, { staff: STAFF, monday: MONDAY })
    const url = `${rota.base}/api/v1/schedule?from=${MONDAY}&to=2027-01-10&page_size=5000`
    const headers = { authorization: `Bearer ${token}` }
    const answer = await (await fetch(url, { headers })).json()
    if (answer.data.count !== STAFF * 14) throw new Error(`expected ${STAFF * 14} shifts, got ${answer.data.count}`)
    const bytes = Buffer.byteLength(JSON.stringify(answer))
    return { shifts: answer.data.count, answer_kb: Math.round(bytes / 1024), seed_seconds: seeded.seconds, board: await measure(url, headers) }
  } finally {
    await rota.stop()
  }
}

const bareProcess = await startProcess(process.execPath, [join(root, 'bench/bare-fastify.mjs')], { PORT: '0' })
const bare = await measure(bareProcess.base)
await bareProcess.stop()

const results = { connections, seconds, staff: STAFF, goal_p99_ms: 150, bare_fastify: bare }
const data = tempDir('rota-bench-schedule-')
results.pglite = await measureBoard({ ROTA_DATA_DIR: data.path })
data.remove()

const url = process.env.ROTA_TEST_DATABASE_URL
if (url) {
  // As Rota's own role (no superuser, no BYPASSRLS): row-level security applies, as in production.
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'rota_bench') THEN CREATE ROLE rota_bench LOGIN PASSWORD 'rota_bench' NOSUPERUSER NOBYPASSRLS; END IF; END $$`)
  await admin.query('DROP DATABASE IF EXISTS rota_bench_schedule WITH (FORCE)')
  await admin.query('CREATE DATABASE rota_bench_schedule OWNER rota_bench')
  await admin.end()
  const files = tempDir('rota-bench-schedule-pg-')
  const target = new URL(withDatabase(url, 'rota_bench_schedule'))
  ;[target.username, target.password] = ['rota_bench', 'rota_bench']
  results.postgres = await measureBoard({ ROTA_DATA_DIR: files.path, ROTA_FILES_DIR: files.path, ROTA_DATABASE_URL: target.toString() })
  files.remove()
}
console.log(JSON.stringify({ schedule: results }, null, 2))
