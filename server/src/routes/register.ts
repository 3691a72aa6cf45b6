import { ApiErrorBody, routes, toRouterPath, type RouteDef, type RouteName } from '@rota/core'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { HandlerContext } from '../context.ts'
import { localeFrom, message } from '../i18n/messages.ts'
import { authenticate } from '../plugins/auth.ts'
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
          200: z.object({ data: route.response, message: z.string().optional() }),
          '4xx': ApiErrorBody,
          '5xx': ApiErrorBody,
        },
      },
      preHandler: async (request) => {
        request.auth = await authenticate(request, route.access)
        request.locale = request.headers['accept-language'] ? localeFrom(request.headers['accept-language']) : request.auth?.locale
      },
      handler: async (request, reply) => {
        const services = app.services
        const ctx: HandlerContext = {
          ...services,
          db: services.database.db,
          auth: request.auth,
          locale: request.locale ?? 'en',
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          log: request.log,
          request,
          reply,
        }
        const input = { params: request.params, query: request.query, body: request.body } as never
        const result = await handler(input, ctx as never)
        if (result instanceof Answer) {
          reply.code(result.status)
          return { data: result.data, ...(result.message ? { message: message(result.message, ctx.locale) } : {}) }
        }
        return { data: result }
      },
    })
  }
}
