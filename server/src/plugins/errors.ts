import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { AppError } from '../errors.ts'
import { localeFrom, message, type MessageKey } from '../i18n/messages.ts'
import { sqlState } from '../repositories/named-records.ts'

/** Fastify's own 4xx errors, mapped to Rota's codes. */
const FRAMEWORK_CODES: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_json',
}

/**
 * Every error leaves as `{ message, code, details? }` in the caller's language
 * (DESIGN.md §4). Bad input is a 4xx, never a 500; a 500 never carries a stack trace.
 */
export const errorsPlugin = fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return send(request, reply, error.status, error.code, error.details, error.headers)
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Record<string, string> = {}
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body'
        details[field] ??= issue.message ?? 'Invalid value'
      }
      return send(request, reply, 400, 'validation_failed', details)
    }
    const pgCode = sqlState(error)
    if (pgCode === '23505') return send(request, reply, 409, 'duplicate')
    if (pgCode === '23503') return send(request, reply, 409, 'in_use')
    // Text PostgreSQL cannot store (a NUL character in any string) or a number beyond its
    // column is bad input, not a failure (the contract's bounds should have caught it first).
    if (pgCode === '22021' || pgCode === '22P05' || pgCode === '22003') return send(request, reply, 400, 'validation_failed')
    const status = error.statusCode ?? 500
    if (status < 500) {
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return send(request, reply, 400, 'invalid_json')
      const code = FRAMEWORK_CODES[error.code] ?? (status === 404 ? 'not_found' : status === 413 ? 'payload_too_large' : 'validation_failed')
      return send(request, reply, status, code)
    }
    request.log.error({ err: error }, 'request failed')
    return send(request, reply, 500, 'internal_error')
  })
})

/**
 * Errors the router raises before any plugin runs (Fastify's `frameworkErrors`): a path
 * parameter longer than the router takes names no record (404); a URL it cannot decode is a 400.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? send(request, reply, 404, 'not_found') : send(request, reply, 400, 'invalid_url')
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, code: MessageKey, details?: unknown, headers: Record<string, string> = {}) {
  const locale = request.locale ?? localeFrom(request.headers['accept-language']) ?? 'en'
  return reply
    .code(status)
    .headers(headers)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ message: message(code, locale), code, ...(details === undefined ? {} : { details }) }))
}
