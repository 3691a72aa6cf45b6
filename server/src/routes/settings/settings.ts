import { completeStep, parseCompletedSteps, serializeCompletedSteps } from '@rota/core'
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
    const { version, ...changes } = body
    const settings = await ctx.db.transaction(async (tx) => {
      const before = await getSettings(tx, ctx.auth.businessId)
      // Saving the settings themselves (not only the guide's marks) is the setup guide's "settings" step.
      const savesSettings = Object.keys(changes).some((key) => key !== 'completed_guided_setup')
      const marks = parseCompletedSteps(changes.completed_guided_setup ?? before.completed_guided_setup)
      const patch = savesSettings ? { ...changes, completed_guided_setup: serializeCompletedSteps(completeStep(marks, 'settings')) } : changes
      const after = await updateSettings(tx, ctx.auth.businessId, patch, version)
      await audit(ctx, { action: 'settings.update', model: 'settings', recordId: ctx.auth.businessId, before: pick(before, patch), after: pick(after, patch) }, tx)
      return after
    })
    return answer(settings, 'settings_saved')
  },
}
