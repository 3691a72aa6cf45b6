import { AppError, badRequest, tooManyRequests, unauthorized } from '../../errors.ts'
import { forgetFailedSignIns, recordFailedSignIn, signInGate } from '../../repositories/sign-in-throttle.ts'
import { accountByEmail, accountsByEmail, accountsByGoogleSub, updateUser, type Account } from '../../repositories/users.ts'
import { verifyPassword } from '../../services/passwords.ts'
import { audit } from '../audit.ts'
import type { Handlers } from '../handler.ts'
import { basicCredentials, chooseBusiness, completeSignIn, rateLimit } from './sign-in.ts'

/**
 * Sign-in by password (Basic header) and by Google. With no business id, an e-mail
 * with accounts in several businesses gets the list to choose from — but only the
 * accounts whose password matched, so the list reveals nothing to a stranger.
 * Wrong passwords are throttled per address and account, and per account
 * (repositories/sign-in-throttle.ts): never a lock-out of the account's owner.
 */
export const loginHandlers: Handlers<'login' | 'googleLogin'> = {
  async login({ body }, ctx) {
    const { email, password } = basicCredentials(ctx.request.headers.authorization)
    await rateLimit(ctx, `login:ip:${ctx.ip}`, ctx.config.rateLimits.loginPerIp)
    // Keyed by e-mail alone: with or without a business id the same accounts are tried.
    const gate = await signInGate(ctx.db, ctx.ip, email, ctx.config.rateLimits)
    if (!gate.open) throw tooManyRequests(gate.retryAfter)

    const candidates = body.business_id
      ? [await accountByEmail(ctx.db, body.business_id, email)].filter((a): a is Account => a !== undefined)
      : await accountsByEmail(ctx.db, email)
    if (candidates.length === 0) await verifyPassword(null, password)
    const matched: Account[] = []
    for (const account of candidates) {
      if (await verifyPassword(account.user.password_hash, password)) matched.push(account)
    }
    if (matched.length === 0) {
      for (const account of candidates) {
        await audit(ctx, { businessId: account.user.business_id, actorEmail: email, action: 'auth.login_failed', model: 'users', recordId: account.user.id, after: { reason: 'wrong_password' } })
      }
      if (candidates.length === 0) ctx.log.info({ business: body.business_id, email }, 'sign-in for an unknown account')
      await recordFailedSignIn(ctx.db, ctx.ip, email, ctx.config.rateLimits)
      throw unauthorized('invalid_credentials')
    }
    await forgetFailedSignIns(ctx.db, ctx.ip, email)
    if (matched.length > 1) return chooseBusiness(matched)
    return completeSignIn(ctx, matched[0]!, 'password', { stepUp: gate.stepUp })
  },

  async googleLogin({ body }, ctx) {
    if (!ctx.google) throw badRequest('google_disabled')
    await rateLimit(ctx, `login:ip:${ctx.ip}`, ctx.config.rateLimits.loginPerIp)
    const identity = await ctx.google(body.credential)
    if (!identity) throw new AppError(401, 'google_invalid')

    let accounts = await accountsByGoogleSub(ctx.db, identity.sub)
    if (accounts.length === 0 && identity.email && identity.emailVerified) {
      // A Google account whose verified address matches a Rota account is linked on first use.
      accounts = (await accountsByEmail(ctx.db, identity.email)).filter((a) => a.user.status === 'active' && a.user.google_sub === null)
      for (const account of accounts) {
        await updateUser(ctx.db, account.user.business_id, account.user.id, { google_sub: identity.sub, google_picture: identity.picture ?? null })
        await audit(ctx, { businessId: account.user.business_id, actorId: account.user.id, actorEmail: account.user.email, action: 'auth.google_linked', model: 'users', recordId: account.user.id })
      }
    }
    if (body.business_id) accounts = accounts.filter((a) => a.user.business_id === body.business_id)
    if (accounts.length === 0) throw unauthorized('invalid_credentials')
    if (accounts.length > 1) return chooseBusiness(accounts)
    return completeSignIn(ctx, accounts[0]!, 'google')
  },
}
