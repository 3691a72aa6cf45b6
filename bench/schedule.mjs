// The schedule board's answer: one week of 200 staff (2,800 shifts: two a day each) in one
// `GET /schedule?from=…&to=…&page_size=5000`, as the board asks for it, on the embedded database and,
// when ROTA_TEST_DATABASE_URL is set (`npm run bench` provides a throwaway cluster), on PostgreSQL as
// Rota's own role. Latency (p50, p99) of one board loading after another, with a bare Fastify answer measured in
// the same run for scale. The goal is p99 ≤ 150 ms. Prints JSON.
import autocannon from 'autocannon'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { bareFastify, embeddedBenchDatabase, postgresBenchDatabase, register, seedWeek, startProcess } from './support.mjs'

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

const bare = await bareFastify(measure)

const results = { connections, seconds, staff: STAFF, goal_p99_ms: 150, bare_fastify: bare }
const embedded = await embeddedBenchDatabase('rota-bench-schedule-')
results.pglite = await measureBoard(embedded.env)
embedded.remove()

const url = process.env.ROTA_TEST_DATABASE_URL
if (url) {
  const postgres = await postgresBenchDatabase(url, 'rota_bench_schedule')
  results.postgres = await measureBoard(postgres.env)
  postgres.remove()
}
console.log(JSON.stringify({ schedule: results }, null, 2))
