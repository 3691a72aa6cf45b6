import { createRecord, listRecords, updateRecord } from '../../repositories/onboarding.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'

/** The signed-in user's own onboarding progress. */
export const profileOnboardingHandlers: Handlers<'listProfileOnboarding' | 'createProfileOnboarding' | 'updateProfileOnboarding'> = {
  listProfileOnboarding: ({ query }, ctx) => listRecords(ctx.db, ctx.auth.businessId, ctx.auth.userId, query),

  async createProfileOnboarding({ body }, ctx) {
    const record = await ctx.db.transaction(async (tx) => {
      const created = await createRecord(tx, ctx.auth.businessId, ctx.auth.userId, body)
      await audit(ctx, { action: 'onboarding.progress', model: 'users', recordId: created.id, after: created }, tx)
      return created
    })
    return answer(record, 'saved', 201)
  },

  async updateProfileOnboarding({ params, body }, ctx) {
    const record = await ctx.db.transaction(async (tx) => {
      const after = await updateRecord(tx, ctx.auth.businessId, ctx.auth.userId, params.id, body)
      await audit(ctx, { action: 'onboarding.progress', model: 'users', recordId: params.id, after }, tx)
      return after
    })
    return answer(record, 'saved')
  },
}
