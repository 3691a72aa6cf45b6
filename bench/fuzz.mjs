// The API fuzz test (server/test/fuzz.test.ts) at ten times the size `npm test` runs,
// with a fresh seed: junk to every route, signed out and in; any 5xx, malformed error
// or prototype change fails it. Prints JSON: requests, seed, seconds, passed.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const requests = Number(process.env.BENCH_FUZZ_REQUESTS ?? 30_000)
const seed = Date.now() % 1_000_000
const started = performance.now()
const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'test/fuzz.test.ts'], {
  cwd: root,
  env: { ...process.env, ROTA_FUZZ_REQUESTS: String(requests), ROTA_FUZZ_SEED: String(seed) },
  encoding: 'utf8',
})
if (run.status !== 0) process.stderr.write(run.stdout.slice(-4000))
const seconds = Math.round((performance.now() - started) / 100) / 10
console.log(JSON.stringify({ fuzz: { requests, seed, seconds, passed: run.status === 0 } }))
