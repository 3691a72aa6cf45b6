import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, openSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the Rota under test answers, e.g. http://127.0.0.1:41234. */
    baseURL: string
    /** The server's log, where e-mails land when no mail server is set up. */
    logFile: string
    /** The access-token lifetime the server runs with, in seconds. */
    accessTokenTtl: number
  }
}

const repo = join(import.meta.dirname, '..', '..')
const ACCESS_TOKEN_TTL = 4

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port'))))
    })
  })
}

async function waitUntilHealthy(url: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}; see its log`)
    const healthy = await fetch(`${url}/api/v1/health`).then((response) => response.ok, () => false)
    if (healthy) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('The server did not become healthy within 60 s')
}

/**
 * Starts the built server with the built web app, a fresh data folder, a short access-token
 * lifetime (so the suite sees tokens expire) and proxy headers trusted, so each browser
 * context can speak from its own address and stay under the per-address rate limits.
 */
export default async function setup(project: TestProject) {
  for (const built of ['server/dist/server.js', 'web/dist/index.html']) {
    if (!existsSync(join(repo, built))) throw new Error(`${built} is missing: run \`npm run e2e\` (it builds first)`)
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'rota-e2e-'))
  const logFile = join(dataDir, 'server.log')
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const log = openSync(logFile, 'a')
  const server = spawn(process.execPath, [join(repo, 'server/dist/server.js')], {
    cwd: repo,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      ROTA_DATA_DIR: dataDir,
      ROTA_WEB_DIR: join(repo, 'web/dist'),
      ROTA_PUBLIC_URL: baseURL,
      ROTA_ACCESS_TOKEN_TTL: `${ACCESS_TOKEN_TTL}s`,
      ROTA_TRUST_PROXY: 'true',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', log, log],
  })
  await waitUntilHealthy(baseURL, server)
  project.provide('baseURL', baseURL)
  project.provide('logFile', logFile)
  project.provide('accessTokenTtl', ACCESS_TOKEN_TTL)

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
}
