// `npm run bench`: builds, runs every benchmark and writes bench/results/latest.json.
// Benchmarks measure; no test asserts a timing. README "Performance" quotes the figures.
import { execFileSync, execSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
execSync('npm run build --silent', { cwd: root, stdio: 'inherit' })

const results = {
  date: new Date().toISOString(),
  machine: { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model, memory_gb: Math.round(totalmem() / 2 ** 30) },
}
// Benchmarks that compare PostgreSQL run inside a throwaway cluster when PostgreSQL is installed.
const postgres = hasPostgres()
for (const bench of ['api.mjs', 'schedule.mjs', 'board.mjs', 'timesheets.mjs', 'dashboard.mjs', 'payroll.mjs', 'invoice.mjs', 'web-bundle.mjs', 'cli.mjs', 'import.mjs', 'fuzz.mjs', 'chat.mjs', 'fill.mjs']) {
  const file = join(root, 'bench', bench)
  if (!existsSync(file)) continue
  console.error(`bench: ${bench}…`)
  const command = postgres && ['api.mjs', 'schedule.mjs', 'timesheets.mjs', 'dashboard.mjs', 'payroll.mjs', 'invoice.mjs', 'import.mjs'].includes(bench) ? [join(root, 'scripts/with-postgres.mjs'), process.execPath, file] : [file]
  const output = JSON.parse(execFileSync(process.execPath, command, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * 1024 * 1024 }))
  // Each benchmark's figures under its own name (api, web_bundle, cli, import).
  const name = bench.replace(/\.mjs$/, '').replace('-', '_')
  results[name] = Object.keys(output).length === 1 && name in output ? output[name] : output
}
mkdirSync(join(root, 'bench/results'), { recursive: true })
writeFileSync(join(root, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`)
console.log(JSON.stringify(results, null, 2))

function hasPostgres() {
  if (process.env.ROTA_TEST_DATABASE_URL) return true
  try {
    execSync('ls /usr/lib/postgresql/*/bin/initdb || pg_config --bindir', { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}
