// The rota CLI, end to end on the embedded database: a 100,000-row locations import
// (rows per second, the CLI's peak memory), a 1,000,000-row file streamed through the
// same pipeline (the CLI's peak memory stays flat), and `rota --help` start-up against
// a bare `node -e 0`. Prints JSON; `npm run bench` builds first and collects it.
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const rota = join(root, 'cli/bin/rota.js')
const work = mkdtempSync(join(tmpdir(), 'rota-bench-cli-'))
const big = Number(process.env.BENCH_CLI_ROWS ?? 100_000)
const huge = Number(process.env.BENCH_CLI_STREAM_ROWS ?? 1_000_000)

// The CLI's own peak memory, read by the CLI process itself as it exits.
const peakProbe = join(work, 'peak.mjs')
writeFileSync(peakProbe, "import { existsSync, readFileSync, writeFileSync } from 'node:fs'\nconst file = process.env.ROTA_BENCH_PEAK\n// rota may run an import in a child process: the peak is the larger of the two.\nprocess.on('exit', () => writeFileSync(file, String(Math.max(process.resourceUsage().maxRSS, existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0))))\n")

async function csv(name, rows) {
  const path = join(work, name)
  const out = createWriteStream(path)
  out.write('name,contact_person,email,phone,street,city,province,postal_code,billing_notes,active\n')
  for (let n = 1; n <= rows; n++) {
    const line = `Client ${n},Marie-Ève Tremblay,client${n}@example.com,514-555-0142,"${n}, rue Sainte-Catherine Ouest",Montréal,QC,H3G 1P1,"Net 30, PO on every invoice",oui\n`
    if (!out.write(line)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
  return path
}

/** Runs rota as a person would, returning its exit code, output, wall time and peak RSS. */
async function runRota(args, { env = {}, stdin } = {}) {
  const peak = join(work, `peak-${Date.now()}`)
  const child = spawn(process.execPath, ['--import', peakProbe, rota, ...args], {
    env: { ...process.env, XDG_CONFIG_HOME: join(work, 'config'), ROTA_BENCH_PEAK: peak, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => (stdout += chunk))
  child.stderr.on('data', (chunk) => (stderr += chunk))
  child.stdin.end(stdin ?? '')
  const start = performance.now()
  const [code] = await once(child, 'exit')
  const seconds = (performance.now() - start) / 1000
  const peakMb = Math.round(Number(readFileSync(peak, 'utf8')) / 1024)
  if (code !== 0) throw new Error(`rota ${args.join(' ')} exited ${code}: ${stderr}`)
  return { stdout, seconds, peakMb }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

function startupMs(args, runs = 15) {
  const times = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    const result = spawnSync(process.execPath, args, { stdio: 'ignore' })
    if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}`)
    times.push(performance.now() - start)
  }
  return Math.round(median(times) * 10) / 10
}

const server = spawn(process.execPath, [join(root, 'server/dist/server.js')], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ROTA_DATA_DIR: join(work, 'data'), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
})
const host = await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => {
    const match = /running at (http:\/\/\S+)/.exec(String(chunk))
    if (match) resolve(match[1].replace('localhost', '127.0.0.1'))
  })
  server.on('exit', (code) => reject(new Error(`server exited with ${code}`)))
})

try {
  const owner = { business_id: 'bench-cli', email: 'bench-cli@example.com', password: 'a bench passphrase for rota' }
  const registered = await fetch(`${host}/api/v1/business`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...owner, business_name: 'Bench CLI', firstname: 'B', lastname: 'B' }),
  })
  if (!registered.ok) throw new Error(`registration failed: ${registered.status}`)
  await runRota(['login', '--host', host, '--business', owner.business_id, '--email', owner.email, '--password-stdin'], { stdin: owner.password })

  const importFile = await csv('locations-100k.csv', big)
  const imported = await runRota(['import', 'locations', importFile, '--json'])
  const report = JSON.parse(imported.stdout)
  if (report.created !== big) throw new Error(`expected ${big} created, got ${imported.stdout}`)

  const streamFile = await csv('locations-1m.csv', huge)
  const streamed = await runRota(['import', 'locations', streamFile, '--dry-run', '--json'])

  const node = startupMs(['-e', '0'])
  const help = startupMs([rota, '--help'])
  console.log(
    JSON.stringify(
      {
        cli: {
          import: { rows: big, seconds: Math.round(imported.seconds * 10) / 10, rows_per_second: Math.round(big / imported.seconds), peak_rss_mb: imported.peakMb, target: '≥ 10,000 rows/s, < 150 MB' },
          stream: { rows: huge, dry_run: true, seconds: Math.round(streamed.seconds * 10) / 10, rows_per_second: Math.round(huge / streamed.seconds), peak_rss_mb: streamed.peakMb, peak_rss_mb_at_100k: imported.peakMb },
          startup: { rota_help_ms: help, node_e0_ms: node, ratio: Math.round((help / node) * 100) / 100, target: '≤ 2' },
        },
      },
      null,
      2,
    ),
  )
} finally {
  server.kill('SIGTERM')
  await once(server, 'exit')
  rmSync(work, { recursive: true, force: true })
}
