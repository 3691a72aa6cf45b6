import type { AuthTokens, Locale, LoginResult } from '@rota/core'
import type { Limit } from '../../config.ts'
import type { HandlerContext } from '../../context.ts'
import type { Db } from '../../db/database.ts'
import { AppError, badRequest, tooManyRequests } from '../../errors.ts'
import { getSettings } from '../../repositories/businesses.ts'
import { startOtpChallenge } from '../../repositories/otp-challenges.ts'
import { hitRateLimit } from '../../repositories/rate-limits.ts'
import { startSession } from '../../repositories/sessions.ts'
import type { Account } from '../../repositories/users.ts'
import { isCommonPassword } from '../../services/passwords.ts'
import { audit } from '../audit.ts'

/** Counts an attempt; over the limit the request is refused with 429 and Retry-After. */
export async function rateLimit(ctx: HandlerContext, key: string, limit: Limit): Promise<void> {
  const result = await hitRateLimit(ctx.db, key, limit)
  if (!result.allowed) throw tooManyRequests(result.retryAfter)
}

/**
 * Reads `Authorization: Basic base64(email:password)`. The password may itself
 * contain colons: only the first colon separates.
 */
export function basicCredentials(header: string | undefined): { email: string; password: string } {
  if (!header) throw badRequest('credentials_required')
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(header)
  if (!match) throw badRequest('invalid_authorization_header')
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) throw badRequest('invalid_authorization_header')
  const email = decoded.slice(0, colon).trim().toLowerCase()
  const password = decoded.slice(colon + 1)
  if (!email || !password) throw badRequest('credentials_required')
  return { email, password }
}

export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw badRequest('common_password', { password: 'This password is too common' })
}

/** Starts a session for a user and returns its token pair. */
export async function issueTokens(ctx: HandlerContext, db: Db, businessId: string, userId: string): Promise<AuthTokens> {
  const { sessionId, refreshToken } = await startSession(db, {
    businessId,
    userId,
    ttlSeconds: ctx.config.ttl.refresh,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  })
  const token = await ctx.tokens.signAccess({ userId, businessId, sessionId })
  return { token, refresh_token: refreshToken, expires_in: ctx.tokens.accessTtlSeconds }
}

/**
 * The last step of a sign-in whose credentials matched one account: a disabled
 * account is refused; a business that requires a second step, or an account under
 * attack (`stepUp`), gets an e-mailed code; otherwise the user is signed in.
 */
export async function completeSignIn(ctx: HandlerContext, account: Account, method: 'password' | 'google', options: { stepUp?: boolean } = {}): Promise<LoginResult> {
  const { user } = account
  if (user.status !== 'active') {
    await audit(ctx, { businessId: user.business_id, actorId: user.id, actorEmail: user.email, action: 'auth.login_refused', model: 'users', recordId: user.id, after: { reason: user.status, method } })
    throw new AppError(401, 'account_disabled')
  }
  const settings = await getSettings(ctx.db, user.business_id)
  if ((settings.require_otp || options.stepUp) && method === 'password') {
    const { challenge, code } = await startOtpChallenge(ctx.db, user.business_id, user.id, ctx.config.ttl.otp)
    ctx.mailer.queue({
      businessId: user.business_id,
      to: user.email,
      locale: account.user.locale as Locale,
      kind: 'otp',
      variables: { firstname: user.firstname, business_name: account.businessName, code, minutes: Math.round(ctx.config.ttl.otp / 60) },
    })
    await audit(ctx, { businessId: user.business_id, actorId: user.id, actorEmail: user.email, action: 'auth.otp_sent', model: 'users', recordId: user.id, after: { reason: settings.require_otp ? 'required' : 'failed_attempts' } })
    return { status: 'otp_required', challenge, email: user.email }
  }
  const tokens = await issueTokens(ctx, ctx.db, user.business_id, user.id)
  await audit(ctx, { businessId: user.business_id, actorId: user.id, actorEmail: user.email, action: 'auth.login', model: 'users', recordId: user.id, after: { method } })
  return { status: 'signed_in', ...tokens }
}

/** Several accounts matched: the caller chooses the business. */
export function chooseBusiness(accounts: Account[]): LoginResult {
  return {
    status: 'choose_business',
    businesses: accounts
      .map((a) => ({ business_id: a.user.business_id, business_name: a.businessName }))
      .sort((a, b) => a.business_name.localeCompare(b.business_name)),
  }
}
