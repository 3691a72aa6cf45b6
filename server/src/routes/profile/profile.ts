import { requireChange } from '../../repositories/named-records.ts'
import { loadProfile, updateUser } from '../../repositories/users.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'

/** The signed-in user's own record. */
export const profileHandlers: Handlers<'getProfile' | 'updateProfile'> = {
  async getProfile(_input, ctx) {
    return ctx.auth.profile
  },

  async updateProfile({ body }, ctx) {
    const { auth } = ctx
    const { version, ...patch } = body
    requireChange(patch)
    const profile = await ctx.db.transaction(async (tx) => {
      const before = await loadProfile(tx, auth.businessId, auth.userId)
      await updateUser(tx, auth.businessId, auth.userId, patch, version)
      const after = await loadProfile(tx, auth.businessId, auth.userId)
      await audit(ctx, { action: 'profile.update', model: 'users', recordId: auth.userId, before: pick(before, patch), after: pick(after, patch) }, tx)
      return after
    })
    return answer(profile, 'profile_saved')
  },
}

/** The fields a change touched, for the audit row. */
export function pick<T extends object>(record: T, fields: object): Partial<T> {
  return Object.fromEntries(Object.keys(fields).map((key) => [key, record[key as keyof T]])) as Partial<T>
}
