import { getSettings, updateSettings } from '../../repositories/businesses.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { pick } from '../profile/profile.ts'

/** The business's settings: everyone signed in reads them; changing needs settings:update. */
export const settingsHandlers: Handlers<'getSettings' | 'updateSettings'> = {
  async getSettings(_input, ctx) {
    return getSettings(ctx.db, ctx.auth.businessId)
  },

  async updateSettings({ body }, ctx) {
    const { version, ...patch } = body
    const settings = await ctx.db.transaction(async (tx) => {
      const before = await getSettings(tx, ctx.auth.businessId)
      const after = await updateSettings(tx, ctx.auth.businessId, patch, version)
      await audit(ctx, { action: 'settings.update', model: 'settings', recordId: ctx.auth.businessId, before: pick(before, patch), after: pick(after, patch) }, tx)
      return after
    })
    return answer(settings, 'settings_saved')
  },
}
