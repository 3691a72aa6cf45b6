import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { VERSION as version } from '../version.ts'

/** OpenAPI 3.1 generated from the contract: JSON at /api/docs/json, a readable page at /api/docs. */
export const docsPlugin = fp(async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rota API',
        version,
        description:
          'Workforce scheduling. Answers are `{ data, message? }`; errors are `{ message, code, details? }`. ' +
          'Send `Authorization: Bearer <token>`; an expired token answers 403 `token_expired`: refresh with ' +
          '`POST /api/v1/auth/refresh_token` and retry once.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          basic: { type: 'http', scheme: 'basic' },
        },
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list', deepLinking: true } })
})
