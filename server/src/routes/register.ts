import { ApiErrorBody, routes, toRouterPath, type RouteDef, type RouteName } from '@rota/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { HandlerContext } from '../context.ts'
import { localeFrom, message } from '../i18n/messages.ts'
import { authenticate } from '../plugins/auth.ts'
import { AppError, badRequest } from '../errors.ts'
import { bodyHash, findAnswer, storeAnswer } from '../repositories/idempotency.ts'
import { Answer, type Handler, type Handlers } from './handler.ts'

/**
 * Registers every route of the contract with its handler. The contract decides
 * method, path, schemas and access; a route without a handler does not compile.
 */
export function registerRoutes(app: FastifyInstance, handlers: Handlers<RouteName>): void {
  const typed = app.withTypeProvider<ZodTypeProvider>()
  for (const [name, route] of Object.entries(routes) as [RouteName, RouteDef][]) {
    const handler = handlers[name] as unknown as Handler<RouteDef>
    typed.route({
      method: route.method,
      url: toRouterPath(route.path),
      schema: {
        operationId: name,
        summary: route.summary,
        tags: [route.tag],
        ...(route.access === 'public' ? {} : { security: [{ bearer: [] }] }),
        ...(route.basicAuth ? { security: [{ basic: [] }] } : {}),
        ...(route.params ? { params: route.params } : {}),
        ...(route.query ? { querystring: route.query } : {}),
        ...(route.body ? { body: route.body } : {}),
        response: {
          '2xx': z.object({ data: route.response, message: z.string().optional() }),
          '4xx': ApiErrorBody,
          '5xx': ApiErrorBody,
        },
      },
      // Who asks is known before their input is checked, so that even a refused field answers in their language:
      // the browser's when it names one of Rota's, else the person's (set by authenticate once they are known).
      preValidation: async (request) => {
        // `curl -u … -X POST` sends no body at all: for a route whose fields are all optional that means `{}`.
        if (route.body) request.body ??= {}
        request.locale = localeFrom(request.headers['accept-language'])
        request.auth = await authenticate(request, route.access)
        if (request.nulAt !== undefined && !route.cellsChecked) throw badRequest('invalid_text', { [request.nulAt || 'body']: 'A NUL character' })
      },
      handler: async (request, reply) => {
        const services = app.services
        // Each signed-in request sees its own business's rows (row-level security on PostgreSQL); the
        // public routes are the ones that look across businesses (sign-in by e-mail, tokens by hash).
        const scope = route.access === 'public' || !request.auth ? 'system' : { businessId: request.auth.businessId }
        return services.database.scoped(scope, async (db) => {
          // Written out rather than spread from `services`: a spread of a decorated object is the
          // costliest line of a request that does little (V8 copies it property by property).
          const ctx: HandlerContext = {
            config: services.config,
            database: services.database,
            tokens: services.tokens,
            mailer: services.mailer,
            background: services.background,
            events: services.events,
            chat: services.chat,
            sessions: services.sessions,
            changes: services.changes,
            totals: services.totals,
            files: services.files,
            clock: services.clock,
            clockOuts: services.clockOuts,
            google: services.google,
            fill: services.fill,
            db,
            auth: request.auth,
            locale: request.locale ?? 'en',
            ip: request.ip,
            userAgent: request.headers['user-agent'],
            log: request.log,
            request,
            reply,
          }
          const key = route.idempotent && ctx.auth ? idempotencyKey(request.headers['idempotency-key']) : undefined
          // The body as validated (defaults filled in, unknown fields dropped): what the handler acts on.
          const hash = key ? bodyHash(request.body) : null
          if (key && ctx.auth) {
            const stored = await findAnswer(ctx.db, ctx.auth.businessId, ctx.auth.userId, key)
            if (stored) {
              // The same key for another request would otherwise answer it with the first one's result, silently.
              const differs = stored.method !== request.method || stored.path !== request.url || (stored.bodyHash !== null && stored.bodyHash !== hash)
              if (differs) throw new AppError(422, 'idempotency_mismatch')
              reply.code(stored.status).header('idempotent-replayed', 'true')
              return stored.body as { data: unknown }
            }
          }
          const input = { params: request.params, query: request.query, body: request.body } as never
          const result = await handler(input, ctx as never)
          const [status, body] =
            result instanceof Answer
              ? [result.status, { data: result.data, ...(result.message ? { message: message(result.message, ctx.locale) } : {}) }]
              : [200, { data: result }]
          if (key && ctx.auth) await storeAnswer(ctx.db, ctx.auth.businessId, ctx.auth.userId, key, { method: request.method, path: request.url, bodyHash: hash, status, body })
          reply.code(status)
          return body
        })
      },
    })
  }
}

/** An Idempotency-Key header worth honouring: 1 to 200 visible characters. */
function idempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined
  const value = Array.isArray(header) ? header[0] : header
  if (!value || !/^[\x21-\x7e]{1,200}$/.test(value)) throw new AppError(400, 'invalid_idempotency_key')
  return value
}
