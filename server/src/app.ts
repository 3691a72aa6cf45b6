import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import fp from 'fastify-plugin'
import { validatorCompiler } from 'fastify-type-provider-zod'
import type { Config } from './config.ts'
import type { Services } from './context.ts'
import type { Database } from './db/database.ts'
import { createMailer } from './mail/mailer.ts'
import { authPlugin } from './plugins/auth.ts'
import { docsPlugin } from './plugins/docs.ts'
import { errorsPlugin, frameworkError } from './plugins/errors.ts'
import { securityPlugin } from './plugins/security.ts'
import { responseSerializers } from './plugins/serializers.ts'
import { webPlugin } from './plugins/web.ts'
import { handlers } from './routes/index.ts'
import { registerRoutes } from './routes/register.ts'
import { parseQueryString } from './query-string.ts'
import { registerEvents } from './routes/events.ts'
import { badRequest } from './errors.ts'
import { registerCalendarFeed } from './routes/schedules/feed.ts'
import { registerInvoicePdf } from './routes/invoices/link.ts'
import { createAuthCache } from './services/auth-cache.ts'
import { createBackground } from './services/background.ts'
import { createChangeHub } from './services/changes.ts'
import { createListTotals } from './services/list-totals.ts'
import { createEventHub } from './services/events.ts'
import { createChatEvents } from './services/chat-events.ts'
import { createNotificationMail } from './services/notification-mail.ts'
import { createCloudinary, createLocalFileStore } from './services/file-store.ts'
import { registerUploads } from './routes/files/upload.ts'
import { createGoogleVerifier } from './services/google.ts'
import { createTokens } from './services/tokens.ts'
import { systemClock, type Clock } from './services/clock.ts'
import { createClockOutSweeper } from './services/clock-out-sweeper.ts'
import { createFillSolver, type FillSolver } from './optimiser/worker-pool.ts'

/** A request slower than this is logged as a warning. */
const SLOW_REQUEST_MS = 1000

export interface AppOptions {
  config: Config
  database: Database
  /** The time clock's clock: the system's unless a test hands in its own. */
  clock?: Clock
  /** The fill's worker threads: a pool of two unless a test hands in its own. */
  fill?: FillSolver
}

/**
 * Rota as a Fastify plugin: services, security, the contract's routes under
 * /api/v1, OpenAPI at /api/docs and the web app at /.
 */
export const rotaApp = fp(async function rota(app: FastifyInstance, { config, database, clock = systemClock, fill = createFillSolver({ log: app.log }) }: AppOptions) {
  const tokens = createTokens(config.secret, config.ttl.access)
  const background = createBackground(app.log)
  const changes = createChangeHub(database, app.log)
  const mailer = createMailer({ database, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log, background })
  const events = createEventHub(database, app.log, createNotificationMail({ database, mailer, background, publicUrl: config.publicUrl }))
  const services: Services = {
    config,
    database,
    tokens,
    background,
    mailer,
    google: config.google ? createGoogleVerifier(config.google) : undefined,
    events,
    chat: createChatEvents(database, events, app.log),
    sessions: createAuthCache(database, app.log),
    changes,
    totals: createListTotals(changes, { maxPages: config.listPages }),
    files: {
      local: createLocalFileStore({ folder: config.filesDir, secret: config.secret }),
      cloudinary: config.cloudinaryUrl ? createCloudinary(config.cloudinaryUrl) : undefined,
    },
    clock,
    clockOuts: createClockOutSweeper({ database, clock, log: app.log }),
    fill,
  }
  app.decorate('services', services)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(responseSerializers({ check: config.checkResponses }))

  await app.register(errorsPlugin)
  await app.register(securityPlugin, { config, tokens })
  await app.register(authPlugin)
  await app.register(docsPlugin)
  await app.register(
    async (api) => {
      registerRoutes(api, handlers)
      registerEvents(api)
      registerCalendarFeed(api)
      registerInvoicePdf(api)
      await registerUploads(api)
    },
    { prefix: '/api/v1' },
  )
  await app.register(webPlugin, { webDir: config.webDir })

  await services.events.start()
  await services.chat.start()
  await services.sessions.start()
  await services.changes.start()
  services.clockOuts.start()
  app.addHook('onClose', async () => {
    await services.clockOuts.stop()
    await services.changes.stop()
    await services.events.stop()
    await services.chat.stop()
    await services.sessions.stop()
    await background.idle()
    await services.fill.close()
    services.mailer.close()
  })
})

/** Builds the Fastify instance with Rota registered; the caller listens or injects. */
export async function buildApp(options: AppOptions, fastifyOptions: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    trustProxy: options.config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true },
    frameworkErrors: frameworkError,
    // One line per request at info is the costliest thing on a fast route: requests are
    // logged at debug, slow ones and failures at warn/error (below and plugins/errors.ts).
    logController: new LogController({ disableRequestLogging: true }),
    logger: { level: options.config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'] },
    ...fastifyOptions,
  })
  acceptOnlyWellFormedText(app)
  await app.register(rotaApp, options)
  app.addHook('onResponse', (request, reply, done) => {
    const ms = Math.round(reply.elapsedTime)
    if (ms >= SLOW_REQUEST_MS) request.log.warn({ method: request.method, url: request.url, status: reply.statusCode, ms }, 'slow request')
    else if (request.log.level === 'debug' || request.log.level === 'trace') request.log.debug({ method: request.method, url: request.url, status: reply.statusCode, ms }, 'request completed')
    done()
  })
  return app
}

/**
 * JSON bodies as Fastify parses them (and no other type: 415), refused (400 invalid_text, the field named in the
 * details) when a string holds half of a UTF-16 surrogate pair (`"\ud800"`: such text has no UTF-8 form); a NUL
 * character (which PostgreSQL's text cannot hold) is noted for the route to refuse (routes/register.ts: an import's
 * batch refuses the row instead). The database would refuse either later, with no field named. Only bodies with a
 * `\u` escape are walked.
 */
function acceptOnlyWellFormedText(app: FastifyInstance): void {
  // JSON sent as text/plain is refused as any other type is (415), not read as a string and refused for its shape.
  app.removeContentTypeParser('text/plain')
  const parse = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, (error: Error | null, value?: unknown) => {
      if (error) return done(error)
      const bad = typeof body === 'string' && body.includes('\\u') ? unstorable(value) : {}
      if (bad.surrogate !== undefined) return done(badRequest('invalid_text', { [bad.surrogate || 'body']: 'Half of a surrogate pair' }))
      if (bad.nul !== undefined) request.nulAt = bad.nul
      done(null, value)
    })
  })
}

/** With the `u` flag a pair is one code point; only a lone half is a surrogate (Cs). */
const LONE_SURROGATE = /\p{Cs}/u

/** Where a parsed body first holds half of a surrogate pair, and a NUL character (`lines.0.description`; '' for the body itself). */
function unstorable(value: unknown, field = '', found: { surrogate?: string; nul?: string } = {}): { surrogate?: string; nul?: string } {
  const check = (text: string, at: string) => {
    if (found.surrogate === undefined && LONE_SURROGATE.test(text)) found.surrogate = at
    if (found.nul === undefined && text.includes('\u0000')) found.nul = at
  }
  if (typeof value === 'string') check(value, field)
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const path = field ? `${field}.${key}` : key
      check(key, path)
      unstorable(item, path, found)
    }
  }
  return found
}
