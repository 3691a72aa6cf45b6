import { createEntry, deleteEntry, getEntry, listEntries, updateEntry } from '../../repositories/onboarding.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'

/** The business's onboarding entries: everyone reads them, settings:update changes them. */
export const onboardingEntryHandlers: Handlers<'listOnboardingEntries' | 'createOnboardingEntry' | 'updateOnboardingEntry' | 'deleteOnboardingEntry'> = {
  listOnboardingEntries: ({ query }, ctx) => listEntries(ctx.db, ctx.auth.businessId, query),

  async createOnboardingEntry({ body }, ctx) {
    const entry = await ctx.db.transaction(async (tx) => {
      const created = await createEntry(tx, ctx.auth.businessId, body)
      await audit(ctx, { action: 'onboarding.create', model: 'settings', recordId: created.id, after: created }, tx)
      return created
    })
    return answer(entry, 'saved', 201)
  },

  async updateOnboardingEntry({ params, body }, ctx) {
    const { id: _id, version, ...patch } = body
    const entry = await ctx.db.transaction(async (tx) => {
      const before = await getEntry(tx, ctx.auth.businessId, params.id)
      const after = await updateEntry(tx, ctx.auth.businessId, params.id, patch, version)
      await audit(ctx, { action: 'onboarding.update', model: 'settings', recordId: params.id, before, after }, tx)
      return after
    })
    return answer(entry, 'saved')
  },

  async deleteOnboardingEntry({ params }, ctx) {
    await ctx.db.transaction(async (tx) => {
      const removed = await deleteEntry(tx, ctx.auth.businessId, params.id)
      await audit(ctx, { action: 'onboarding.delete', model: 'settings', recordId: params.id, before: removed }, tx)
    })
    return answer({}, 'deleted')
  },
}
