import type { Locale } from '@rota/core'
import { badRequest } from '../../errors.ts'
import { checkOtp, renewOtpCode } from '../../repositories/otp-challenges.ts'
import { accountById } from '../../repositories/users.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { issueTokens, rateLimit } from './sign-in.ts'

/** The second step of a sign-in: the 6-digit code e-mailed to the user. */
export const otpHandlers: Handlers<'verifyOtp' | 'resendOtp'> = {
  async verifyOtp({ body }, ctx) {
    await rateLimit(ctx, `otp:ip:${ctx.ip}`, ctx.config.rateLimits.otpPerIp)
    const check = await checkOtp(ctx.db, body.challenge, body.code, ctx.config.otpMaxTries)
    if (check.status !== 'ok') {
      if (check.businessId) {
        await audit(ctx, { businessId: check.businessId, actorId: check.userId, action: 'auth.otp_failed', model: 'users', recordId: check.userId ?? null, after: { reason: check.status } })
      }
      throw badRequest(check.status === 'wrong' ? 'invalid_otp' : check.status === 'locked' ? 'otp_locked' : 'otp_expired', { code: 'Invalid code' })
    }
    const tokens = await issueTokens(ctx, ctx.db, check.businessId, check.userId)
    await audit(ctx, { businessId: check.businessId, actorId: check.userId, action: 'auth.login', model: 'users', recordId: check.userId, after: { method: 'password+otp' } })
    return tokens
  },

  async resendOtp({ body }, ctx) {
    await rateLimit(ctx, `otp:ip:${ctx.ip}`, ctx.config.rateLimits.otpPerIp)
    const renewed = await renewOtpCode(ctx.db, body.challenge, ctx.config.ttl.otp, ctx.config.otpMaxTries)
    if (!renewed) throw badRequest('otp_expired')
    const account = await accountById(ctx.db, renewed.businessId, renewed.userId)
    if (account) {
      ctx.mailer.queue({
        businessId: renewed.businessId,
        to: account.user.email,
        locale: account.user.locale as Locale,
        kind: 'otp',
        variables: { firstname: account.user.firstname, business_name: account.businessName, code: renewed.code, minutes: Math.round(ctx.config.ttl.otp / 60) },
      })
    }
    return answer({}, 'otp_sent')
  },
}
