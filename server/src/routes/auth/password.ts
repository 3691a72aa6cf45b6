import type { Locale } from '@rota/core'
import { badRequest } from '../../errors.ts'
import { findLinkToken, issueLinkToken, useLinkToken } from '../../repositories/link-tokens.ts'
import { revokeUserSessions } from '../../repositories/sessions.ts'
import { accountByEmail, accountById, accountsByEmail, updateUser } from '../../repositories/users.ts'
import { hashPassword, verifyPassword } from '../../services/passwords.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { issueTokens, rateLimit, refuseCommonPassword } from './sign-in.ts'

/**
 * Forgotten passwords (an e-mailed single-use link) and changing one's password.
 * Both sign out other sessions: whoever knew the old password is shut out.
 */
export const passwordHandlers: Handlers<'resetPasswordRequest' | 'verifyResetToken' | 'updatePassword' | 'changePassword'> = {
  async resetPasswordRequest({ body }, ctx) {
    await rateLimit(ctx, `reset:ip:${ctx.ip}`, ctx.config.rateLimits.resetPerIp)
    await rateLimit(ctx, `reset:account:${body.email}`, ctx.config.rateLimits.resetPerAccount)
    const { config, mailer } = ctx
    // Everything that depends on whether the account exists happens after the answer,
    // on a handle of its own: the request's is gone by then.
    ctx.background.run('password reset', () => ctx.database.scoped('system', async (db) => {
      const accounts = body.business_id
        ? [await accountByEmail(db, body.business_id, body.email)].filter((a) => a !== undefined)
        : await accountsByEmail(db, body.email)
      for (const { user, businessName } of accounts.filter((a) => a.user.status === 'active')) {
        const token = await issueLinkToken(db, { businessId: user.business_id, userId: user.id, kind: 'reset', ttlSeconds: config.ttl.reset })
        mailer.queue({
          businessId: user.business_id,
          to: user.email,
          locale: user.locale as Locale,
          kind: 'reset_password',
          variables: { firstname: user.firstname, business_name: businessName, link: `${config.publicUrl}/auth/reset-password/${token}`, minutes: Math.round(config.ttl.reset / 60) },
        })
        await audit(ctx, { businessId: user.business_id, actorEmail: user.email, action: 'auth.password_reset_requested', model: 'users', recordId: user.id }, db)
      }
    }))
    return answer({}, 'reset_sent')
  },

  async verifyResetToken({ body }, ctx) {
    const link = await findLinkToken(ctx.db, 'reset', body.token)
    const account = link && (await accountById(ctx.db, link.businessId, link.userId))
    if (!account || account.user.status !== 'active') throw badRequest('invalid_link')
    return { email: account.user.email, business_id: account.user.business_id, business_name: account.businessName }
  },

  async updatePassword({ body }, ctx) {
    refuseCommonPassword(body.password)
    const passwordHash = await hashPassword(body.password)
    const userId = await ctx.db.transaction(async (tx) => {
      const link = await useLinkToken(tx, 'reset', body.token)
      const account = link && (await accountById(tx, link.businessId, link.userId))
      if (!link || account?.user.status !== 'active') throw badRequest('invalid_link')
      await updateUser(tx, link.businessId, link.userId, { password_hash: passwordHash })
      await revokeUserSessions(tx, link.businessId, link.userId, 'password_reset')
      await audit(ctx, { businessId: link.businessId, actorId: link.userId, action: 'auth.password_reset', model: 'users', recordId: link.userId }, tx)
      return link.userId
    })
    ctx.log.info({ userId }, 'password reset')
    return answer({}, 'password_updated')
  },

  async changePassword({ body }, ctx) {
    const { auth } = ctx
    await rateLimit(ctx, `password:user:${auth.userId}`, ctx.config.rateLimits.passwordChangePerUser)
    const account = await accountById(ctx.db, auth.businessId, auth.userId)
    if (!(await verifyPassword(account?.user.password_hash, body.current_password))) {
      await audit(ctx, { action: 'auth.password_change_failed', model: 'users', recordId: auth.userId })
      throw badRequest('wrong_password', { current_password: 'The current password is incorrect' })
    }
    refuseCommonPassword(body.password)
    const passwordHash = await hashPassword(body.password)
    const tokens = await ctx.db.transaction(async (tx) => {
      await updateUser(tx, auth.businessId, auth.userId, { password_hash: passwordHash })
      await revokeUserSessions(tx, auth.businessId, auth.userId, 'password_changed')
      await audit(ctx, { action: 'auth.password_changed', model: 'users', recordId: auth.userId }, tx)
      return issueTokens(ctx, tx, auth.businessId, auth.userId)
    })
    return answer(tokens, 'password_changed')
  },
}
