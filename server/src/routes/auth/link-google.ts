import { AppError, badRequest, conflict } from '../../errors.ts'
import { accountsByGoogleSub, updateUser } from '../../repositories/users.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'

/** Links a Google account to the signed-in user, so they can sign in with Google next time. */
export const linkGoogleHandlers: Handlers<'linkGoogle'> = {
  async linkGoogle({ body }, ctx) {
    if (!ctx.google) throw badRequest('google_disabled')
    const identity = await ctx.google(body.token)
    if (!identity) throw new AppError(401, 'google_invalid')
    const { auth } = ctx
    const holders = await accountsByGoogleSub(ctx.db, identity.sub)
    if (holders.some((a) => a.user.business_id === auth.businessId && a.user.id !== auth.userId)) throw conflict('google_taken')
    await updateUser(ctx.db, auth.businessId, auth.userId, { google_sub: identity.sub, google_picture: identity.picture ?? null })
    await audit(ctx, { action: 'auth.google_linked', model: 'users', recordId: auth.userId })
    return answer({}, 'google_linked')
  },
}
