import { conflict } from '../../errors.ts'
import { businessExists, createBusiness } from '../../repositories/businesses.ts'
import { notify } from '../../repositories/notifications.ts'
import { createUser } from '../../repositories/users.ts'
import { hashPassword } from '../../services/passwords.ts'
import { audit } from '../audit.ts'
import { issueTokens, rateLimit, refuseCommonPassword } from '../auth/sign-in.ts'
import { answer, type Handlers } from '../handler.ts'

/** Registration: a new business, its owner as Super Admin, signed in at once. */
export const businessHandlers: Handlers<'registerBusiness'> = {
  async registerBusiness({ body }, ctx) {
    await rateLimit(ctx, `register:ip:${ctx.ip}`, ctx.config.rateLimits.registerPerIp)
    refuseCommonPassword(body.password)
    if (await businessExists(ctx.db, body.business_id)) throw conflict('business_taken', { business_id: 'Already taken' })
    const passwordHash = await hashPassword(body.password)
    const tokens = await ctx.db.transaction(async (tx) => {
      const roleIds = await createBusiness(tx, { id: body.business_id, name: body.business_name, timezone: body.timezone, locale: body.locale, province: body.province })
      const owner = await createUser(tx, {
        business_id: body.business_id,
        email: body.email,
        password_hash: passwordHash,
        firstname: body.firstname,
        lastname: body.lastname,
        role_id: roleIds.get('Super Admin')!,
        status: 'active',
        locale: body.locale,
      })
      const who = { businessId: body.business_id, actorId: owner.id, actorEmail: owner.email }
      await audit(ctx, { ...who, action: 'business.registered', model: 'settings', recordId: body.business_id, after: { business_name: body.business_name } }, tx)
      await audit(ctx, { ...who, action: 'auth.login', model: 'users', recordId: owner.id, after: { method: 'registration' } }, tx)
      await notify(tx, { businessId: body.business_id, userId: owner.id, title: 'welcome', model: 'settings', operation: 'welcome' })
      return issueTokens(ctx, tx, body.business_id, owner.id)
    })
    return answer(tokens, 'business_registered', 201)
  },
}
