import { unauthorized } from '../../errors.ts'
import { revokeSession, revokeUserSessions, rotateRefreshToken, sessionOfRefreshToken } from '../../repositories/sessions.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'

/** Refresh-token rotation and sign-out. */
export const sessionHandlers: Handlers<'refreshToken' | 'logout'> = {
  async refreshToken({ body }, ctx) {
    const result = await rotateRefreshToken(ctx.db, body.refresh_token)
    if (result.status === 'reused') {
      await audit(ctx, { businessId: result.businessId, actorId: result.userId, action: 'auth.refresh_token_reused', model: 'users', recordId: result.userId, after: { session: result.sessionId } })
      throw unauthorized('invalid_refresh_token')
    }
    if (result.status === 'invalid') throw unauthorized('invalid_refresh_token')
    const token = await ctx.tokens.signAccess({ userId: result.userId, businessId: result.businessId, sessionId: result.sessionId })
    return { token, refresh_token: result.refreshToken, expires_in: ctx.tokens.accessTtlSeconds }
  },

  async logout({ body }, ctx) {
    const session = ctx.auth
      ? { businessId: ctx.auth.businessId, sessionId: ctx.auth.sessionId, userId: ctx.auth.userId }
      : body.refresh_token
        ? await sessionOfRefreshToken(ctx.db, body.refresh_token)
        : undefined
    if (session) {
      await revokeSession(ctx.db, session.businessId, session.sessionId, 'logout')
      await audit(ctx, { businessId: session.businessId, actorId: session.userId, action: 'auth.logout', model: 'users', recordId: session.userId })
    }
    return answer({}, 'signed_out')
  },
}

/** "Sign out of other sessions" on the profile page. */
export const otherSessionHandlers: Handlers<'logoutOthers'> = {
  async logoutOthers(_input, ctx) {
    await revokeUserSessions(ctx.db, ctx.auth.businessId, ctx.auth.userId, 'signed_out_elsewhere', ctx.auth.sessionId)
    await audit(ctx, { action: 'auth.logout_others', model: 'users', recordId: ctx.auth.userId })
    return answer({}, 'other_sessions_signed_out')
  },
}
