import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp } from '../../src/app.ts'
import { DEFAULT_RATE_LIMITS, type Config } from '../../src/config.ts'
import type { Database, Db } from '../../src/db/database.ts'
import { mailOutbox } from '../../src/db/schema/index.ts'
import type { Clock } from '../../src/services/clock.ts'
import type { FillSolver } from '../../src/optimiser/worker-pool.ts'
import { freshDatabase } from './database.ts'

type ConfigOverrides = Partial<Omit<Config, 'ttl' | 'rateLimits'>> & {
  ttl?: Partial<Config['ttl']>
  rateLimits?: Partial<Config['rateLimits']>
}

/** A configuration for tests: generous rate limits unless a test lowers one. */
export function testConfig(overrides: ConfigOverrides = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'rota-data-'))
  const generous = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((key) => [key, { max: 10_000, windowSeconds: 60 }]))
  return {
    port: 0,
    host: '127.0.0.1',
    logLevel: (process.env.ROTA_TEST_LOG as Config['logLevel'] | undefined) ?? 'silent',
    development: false,
    checkResponses: true,
    dataDir,
    filesDir: join(dataDir, 'files'),
    sharedFiles: false,
    workers: 1,
    listPages: 2000,
    databaseUrl: undefined,
    secret: 'test-secret-test-secret-test-secret-0123456789',
    publicUrl: 'http://rota.test',
    webDir: undefined,
    trustProxy: false,
    smtpUrl: undefined,
    mailFrom: 'Rota <no-reply@rota.test>',
    cloudinaryUrl: undefined,
    google: undefined,
    mapsKey: undefined,
    otpMaxTries: 5,
    ...overrides,
    ttl: { access: 900, refresh: 30 * 86_400, reset: 3600, invite: 7 * 86_400, otp: 600, ...overrides.ttl },
    rateLimits: { ...(generous as Config['rateLimits']), ...overrides.rateLimits },
  }
}

export interface TestApp {
  app: FastifyInstance
  database: Database
  /** Sees every business's rows (row-level security's system scope): for arranging and checking, never Rota's own code. */
  db: Db
  config: Config
  /** `app.inject` with JSON in and out. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>
  /** Every mail recorded so far (after background work settles). */
  mails(): Promise<(typeof mailOutbox.$inferSelect)[]>
  /** Waits for mails and other work started after answers. */
  settle(): Promise<void>
  close(): Promise<void>
}

/** A clock a test sets and moves, for the time clock's rules. */
export interface TestClock extends Clock {
  set(instant: string | Date): void
  advance(minutes: number): void
}

/**
 * A clock standing at `instant` until moved.
 * @example
 * const clock = testClock('2028-01-03T14:00:00Z'); clock.advance(90)
 */
export function testClock(instant: string | Date = new Date()): TestClock {
  let now = new Date(instant)
  return {
    now: () => new Date(now),
    set: (at) => void (now = new Date(at)),
    advance: (minutes) => void (now = new Date(now.getTime() + minutes * 60_000)),
  }
}

/** Builds Rota on a fresh database (on `clock`, with the fill's `fill` threads, when given). Call `close()` in `afterAll`. */
export async function createTestApp(overrides: ConfigOverrides = {}, options: { clock?: Clock; fill?: FillSolver } = {}): Promise<TestApp> {
  const database = await freshDatabase()
  const config = testConfig(overrides)
  const app = await buildApp({ config, database, ...(options.clock ? { clock: options.clock } : {}), ...(options.fill ? { fill: options.fill } : {}) })
  await app.ready()
  const settle = () => app.services.background.idle()
  return {
    app,
    database,
    db: database.system,
    config,
    request: (options) => app.inject(options),
    settle,
    async mails() {
      await settle()
      return database.system.select().from(mailOutbox).orderBy(mailOutbox.created_at)
    },
    async close() {
      await app.close()
      await database.close()
    },
  }
}
