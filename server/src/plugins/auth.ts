import { can, type Locale, type RouteAccess } from '@rota/core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Auth } from '../context.ts'
import { AppError, forbidden, unauthorized } from '../errors.ts'
import { writeAudit } from '../repositories/audit-logs.ts'

/**
 * Bearer-token authentication and the permission check of SPEC.md §6, the same
 * `can` the web app and the CLI use. Expired access tokens answer 403
 * `token_expired` (the client refreshes and retries); anything else wrong answers
 * 401 (the client signs out); a missing right answers 403 `forbidden` and is audited.
 */
export const authPlugin = fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('auth', null)
  app.decorateRequest('locale', undefined)
})

export async function authenticate(request: FastifyRequest, access: RouteAccess): Promise<Auth | null> {
  const header = request.headers.authorization
  const bearer = /^bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1]
  if (!bearer) {
    if (access === 'public') return null
    throw unauthorized('unauthenticated')
  }
  const { tokens, database, sessions } = request.server.services
  const verified = await tokens.verifyAccess(bearer)
  if (!verified.ok) {
    if (access === 'public') return null
    throw verified.reason === 'expired' ? new AppError(403, 'token_expired') : unauthorized('invalid_token')
  }
  const { userId, businessId, sessionId } = verified.claims
  const profile = await sessions.profile(database, businessId, sessionId, userId)
  if (!profile) {
    if (access === 'public') return null
    throw unauthorized('session_revoked')
  }
  const auth: Auth = {
    profile,
    userId,
    businessId,
    sessionId,
    email: profile.email,
    firstname: profile.firstname,
    locale: profile.locale,
    role: profile.role,
    permissions: profile.permissions,
  }
  // Known now: a refusal below answers in their language, like every other answer to them.
  request.locale ??= profile.locale as Locale
  if (typeof access !== 'string') {
    const [model, action] = access
    if (!can(auth, model, action)) {
      await database.scoped({ businessId }, (db) =>
        writeAudit(db, {
          businessId,
          actorId: userId,
          actorEmail: auth.email,
          action: 'auth.forbidden',
          model,
          after: { action, method: request.method, url: request.url },
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      )
      throw forbidden()
    }
  }
  return auth
}
