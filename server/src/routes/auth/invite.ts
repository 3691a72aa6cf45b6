import { displayName } from '@rota/core'
import type { Db } from '../../db/database.ts'
import { badRequest } from '../../errors.ts'
import { findLinkToken, useLinkToken, type LinkToken } from '../../repositories/link-tokens.ts'
import { notify } from '../../repositories/notifications.ts'
import { accountById, updateUser } from '../../repositories/users.ts'
import { hashPassword } from '../../services/passwords.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { issueTokens, rateLimit, refuseCommonPassword } from './sign-in.ts'

/** The person who sent an accepted invitation hears of it, on their bell, if they are still on the team. */
async function tellInviter(tx: Db, link: LinkToken): Promise<void> {
  const inviterId = link.payload?.invited_by
  if (!inviterId || inviterId === link.userId) return
  const inviter = await accountById(tx, link.businessId, inviterId)
  const member = await accountById(tx, link.businessId, link.userId)
  if (!inviter || inviter.user.status !== 'active' || !member) return
  await notify(tx, {
    businessId: link.businessId,
    userId: inviterId,
    title: 'invite_accepted',
    values: { name: displayName(member.user) },
    model: 'users',
    operation: 'invite_accepted',
    extra: { user_id: link.userId },
  })
}

/** Accepting an invitation: the invited person sets a password and is signed in; whoever invited them is told. */
export const inviteHandlers: Handlers<'verifyInvite' | 'acceptInvite'> = {
  async verifyInvite({ body }, ctx) {
    await rateLimit(ctx, `invite:ip:${ctx.ip}`, ctx.config.rateLimits.invitePerIp)
    const link = await findLinkToken(ctx.db, 'invite', body.token)
    const account = link && (await accountById(ctx.db, link.businessId, link.userId))
    if (!account || account.user.status !== 'invited') throw badRequest('invalid_link')
    const { user, businessName } = account
    return { email: user.email, business_id: user.business_id, business_name: businessName, firstname: user.firstname, lastname: user.lastname }
  },

  async acceptInvite({ body }, ctx) {
    await rateLimit(ctx, `invite:ip:${ctx.ip}`, ctx.config.rateLimits.invitePerIp)
    refuseCommonPassword(body.password)
    const passwordHash = await hashPassword(body.password)
    const tokens = await ctx.db.transaction(async (tx) => {
      const link = await useLinkToken(tx, 'invite', body.token)
      const account = link && (await accountById(tx, link.businessId, link.userId))
      if (!link || !account || account.user.status !== 'invited') throw badRequest('invalid_link')
      await updateUser(tx, link.businessId, link.userId, {
        password_hash: passwordHash,
        status: 'active',
        ...(body.firstname ? { firstname: body.firstname } : {}),
        ...(body.lastname ? { lastname: body.lastname } : {}),
        ...(body.locale ? { locale: body.locale } : {}),
      })
      await audit(ctx, { businessId: link.businessId, actorId: link.userId, actorEmail: account.user.email, action: 'auth.invite_accepted', model: 'users', recordId: link.userId, before: { status: 'invited' }, after: { status: 'active' } }, tx)
      await tellInviter(tx, link)
      return issueTokens(ctx, tx, link.businessId, link.userId)
    })
    return answer(tokens, 'invite_accepted')
  },
}
