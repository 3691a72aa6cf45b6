import cluster from 'node:cluster'
import { existsSync } from 'node:fs'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { openPglite, openPostgres } from './db/database.ts'
import { defaultWebDir } from './paths.ts'

/**
 * Starts Rota: validates the configuration, opens the database (applying
 * migrations), listens, and on SIGINT/SIGTERM stops accepting, lets requests
 * finish and closes the database. With ROTA_WORKERS above one (PostgreSQL only),
 * this process runs that many API processes on the one port (node:cluster) and
 * replaces any that dies.
 */
async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  if (config.workers > 1 && cluster.isPrimary) return supervise(config)
  await serve(config)
}

/** One API process: the database, the app, the port. */
async function serve(config: Config): Promise<void> {
  config.webDir ??= existsSync(defaultWebDir) ? defaultWebDir : undefined
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite({ dataDir: config.dataDir })
  const app = await buildApp({ config, database })
  app.log.info({ driver: database.driver, dataDir: database.driver === 'pglite' ? config.dataDir : undefined }, 'database ready')
  if (config.databaseUrl && !config.cloudinaryUrl && !config.sharedFiles && !cluster.isWorker) {
    app.log.warn(
      { filesDir: config.filesDir },
      'uploads are kept on this machine: API processes on other machines will not find them. Set ROTA_FILES_DIR to a shared folder or ROTA_CLOUDINARY_URL.',
    )
  }

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing requests')
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting')
      process.exit(1)
    }, 10_000)
    timer.unref()
    await app.close()
    await database.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  if (cluster.isWorker) return
  announce(config, app.server.address())
}

/**
 * The primary of several API processes: migrations first (so that the workers start
 * on a ready schema), then the workers, each replaced if it dies; a signal is passed on
 * to every worker and the primary ends with the last of them.
 */
async function supervise(config: Config): Promise<void> {
  const database = await openPostgres(config.databaseUrl!)
  await database.close()
  if (!config.cloudinaryUrl && !config.sharedFiles) {
    console.warn(`Uploads are kept in ${config.filesDir}: every process on this machine shares it, but processes on other machines will not. Set ROTA_FILES_DIR to a shared folder or ROTA_CLOUDINARY_URL.`)
  }
  let stopping = false
  let listening = 0
  for (let i = 0; i < config.workers; i++) cluster.fork()
  cluster.on('listening', (_worker, address) => {
    if (++listening === config.workers) announce(config, { port: address.port }, config.workers)
  })
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    console.error(`API process ${worker.process.pid} ended (${signal ?? code}); starting another`)
    cluster.fork()
  })
  const stop = (signal: NodeJS.Signals) => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

function announce(config: Config, address: { port: number } | string | null, workers = 1): void {
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host
  const processes = workers > 1 ? ` (${workers} API processes)` : ''
  console.log(`\n  Rota is running at http://${host}:${port}${processes}\n  API docs:          http://${host}:${port}/api/docs\n`)
}

main().catch((error: unknown) => {
  console.error('Rota could not start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
