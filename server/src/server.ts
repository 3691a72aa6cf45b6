import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openPglite, openPostgres } from './db/database.ts'
import { existsSync } from 'node:fs'
import { defaultWebDir } from './paths.ts'

/**
 * Starts Rota: validates the configuration, opens the database (applying
 * migrations), listens, and on SIGINT/SIGTERM stops accepting, lets requests
 * finish and closes the database.
 */
async function main(): Promise<void> {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  config.webDir ??= existsSync(defaultWebDir) ? defaultWebDir : undefined

  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite({ dataDir: config.dataDir })
  const app = await buildApp({ config, database })
  app.log.info({ driver: database.driver, dataDir: database.driver === 'pglite' ? config.dataDir : undefined }, 'database ready')

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
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host
  console.log(`\n  Rota is running at http://${host}:${port}\n  API docs:          http://${host}:${port}/api/docs\n`)
}

main().catch((error: unknown) => {
  console.error('Rota could not start:', error instanceof Error ? error.message : error)
  process.exit(1)
})
