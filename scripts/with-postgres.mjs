// Runs a command with ROTA_TEST_DATABASE_URL pointing at a PostgreSQL server.
// With the variable already set, it is used as is. Otherwise a throwaway cluster is
// created in a temporary folder on a free loopback port, and removed afterwards.
// Usage: node scripts/with-postgres.mjs <command> [args...]
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]')
  process.exit(2)
}

if (process.env.ROTA_TEST_DATABASE_URL) process.exit(await run(command, args, process.env))

const bin = findPostgresBin()
const asRoot = process.getuid?.() === 0
const dir = mkdtempSync(join(tmpdir(), 'rota-pg-'))
const data = join(dir, 'data')
const port = await freePort()
// initdb refuses to run as root: the cluster belongs to the postgres user then.
const pg = (tool, toolArgs) => {
  const path = join(bin, tool)
  if (asRoot) return execFileSync('runuser', ['-u', 'postgres', '--', path, ...toolArgs], { stdio: 'pipe' })
  return execFileSync(path, toolArgs, { stdio: 'pipe' })
}

let code = 1
try {
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir])
  pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'])
  pg('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`, '-l', join(dir, 'log'), '-w', 'start'])
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  console.error(`PostgreSQL ${execFileSync(join(bin, 'postgres'), ['--version']).toString().trim()} on ${url}`)
  code = await run(command, args, { ...process.env, ROTA_TEST_DATABASE_URL: url })
} catch (error) {
  console.error(String(error.stderr ?? error.message ?? error))
} finally {
  try {
    pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
  } catch {}
  rmSync(dir, { recursive: true, force: true })
}
process.exit(code)

function findPostgresBin() {
  try {
    const fromConfig = execFileSync('pg_config', ['--bindir']).toString().trim()
    if (existsSync(join(fromConfig, 'initdb'))) return fromConfig
  } catch {}
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  for (const version of versions) if (existsSync(join(root, version, 'bin', 'initdb'))) return join(root, version, 'bin')
  console.error('PostgreSQL is not installed: install it (Debian: apt-get install postgresql) or set ROTA_TEST_DATABASE_URL.')
  process.exit(1)
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

function run(cmd, cmdArgs, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { stdio: 'inherit', env, shell: process.platform === 'win32' })
    child.on('exit', (exitCode, signal) => resolve(signal ? 1 : (exitCode ?? 1)))
  })
}
