import type { Locale } from '@rota/core'
import { badRequest, conflict } from '../../errors.ts'
import { issueLinkToken, useLinkToken } from '../../repositories/link-tokens.ts'
import { accountByEmail, accountById, updateUser } from '../../repositories/users.ts'
import { verifyPassword } from '../../services/passwords.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'

/**
 * Changing one's e-mail address: nothing changes until the link sent to the new
 * address is opened, so a typo cannot lock anyone out; the old address is told.
 */
export const emailHandlers: Handlers<'updateEmail' | 'confirmEmail'> = {
  async updateEmail({ body }, ctx) {
    const { auth } = ctx
    const account = await accountById(ctx.db, auth.businessId, auth.userId)
    if (!account || !(await verifyPassword(account.user.password_hash, body.password))) {
      throw badRequest('wrong_password', { password: 'The password is incorrect' })
    }
    if (await accountByEmail(ctx.db, auth.businessId, body.email)) throw conflict('email_taken', { email: 'Already in use' })
    const token = await issueLinkToken(ctx.db, { businessId: auth.businessId, userId: auth.userId, kind: 'email_change', ttlSeconds: ctx.config.ttl.reset, payload: { email: body.email } })
    ctx.mailer.queue({
      businessId: auth.businessId,
      to: body.email,
      locale: auth.locale,
      kind: 'confirm_email',
      variables: { firstname: auth.firstname, business_name: account.businessName, link: `${ctx.config.publicUrl}/auth/confirm-email/${token}`, minutes: Math.round(ctx.config.ttl.reset / 60) },
    })
    await audit(ctx, { action: 'auth.email_change_requested', model: 'users', recordId: auth.userId, after: { email: body.email } })
    return answer({}, 'email_change_sent')
  },

  async confirmEmail({ body }, ctx) {
    const changed = await ctx.db.transaction(async (tx) => {
      const link = await useLinkToken(tx, 'email_change', body.token)
      const email = link?.payload?.['email']
      if (!link || !email) throw badRequest('invalid_link')
      const account = await accountById(tx, link.businessId, link.userId)
      if (!account) throw badRequest('invalid_link')
      if (await accountByEmail(tx, link.businessId, email)) throw conflict('email_taken', { email: 'Already in use' })
      await updateUser(tx, link.businessId, link.userId, { email })
      await audit(ctx, { businessId: link.businessId, actorId: link.userId, actorEmail: email, action: 'auth.email_changed', model: 'users', recordId: link.userId, before: { email: account.user.email }, after: { email } }, tx)
      return { account, email }
    })
    const { user, businessName } = changed.account
    ctx.mailer.queue({
      businessId: user.business_id,
      to: user.email,
      locale: user.locale as Locale,
      kind: 'email_changed',
      variables: { firstname: user.firstname, business_name: businessName, new_email: changed.email },
    })
    return answer({}, 'email_changed')
  },
}
