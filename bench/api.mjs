// API throughput and latency on the embedded database (autocannon against a real
// server on loopback). Prints JSON: requests per second and p99 latency per route.
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const dataDir = mkdtempSync(join(tmpdir(), 'rota-bench-'))

const server = spawn(process.execPath, [join(root, 'server/dist/server.js')], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ROTA_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
})
const base = await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => {
    const match = /running at (http:\/\/\S+)/.exec(String(chunk))
    if (match) resolve(match[1].replace('localhost', '127.0.0.1'))
  })
  server.on('exit', (code) => reject(new Error(`server exited with ${code}`)))
})

try {
  const registered = await fetch(`${base}/api/v1/business`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ business_id: 'bench', business_name: 'Bench', firstname: 'B', lastname: 'B', email: 'bench@example.com', password: 'a bench passphrase for rota' }),
  }).then((r) => r.json())
  const auth = { authorization: `Bearer ${registered.data.token}` }

  const routes = {
    'GET /health': { path: '/api/v1/health', headers: {} },
    'GET /profile (signed in)': { path: '/api/v1/profile', headers: auth },
    'GET /location (list)': { path: '/api/v1/location?page_size=20', headers: auth },
  }
  const results = {}
  for (const [name, route] of Object.entries(routes)) {
    const run = await autocannon({ url: base + route.path, headers: route.headers, connections: 10, duration: seconds })
    results[name] = { requests_per_second: Math.round(run.requests.average), p99_ms: run.latency.p99, errors: run.errors + run.non2xx }
  }
  console.log(JSON.stringify({ api: { database: 'pglite', connections: 10, seconds, routes: results } }, null, 2))
} finally {
  server.kill('SIGTERM')
  await new Promise((resolve) => server.on('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
}
