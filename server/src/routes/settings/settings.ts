import { completeStep, parseCompletedSteps, serializeCompletedSteps, UpdateSettingsBody, type Settings } from '@rota/core'
import type { Db } from '../../db/database.ts'
import { badRequest, unprocessable } from '../../errors.ts'
import { recountAllHours } from '../../records/timesheet-hours.ts'
import { getSettings, updateSettings } from '../../repositories/businesses.ts'
import { highestInvoiceNumber, numberUsedDetails } from '../../repositories/invoices.ts'
import { audit } from '../audit.ts'
import { answer, type Handlers } from '../handler.ts'
import { pick } from '../profile/profile.ts'

/** The settings that decide how timesheets' hours are counted. */
const COUNTING = ['overtime_jurisdiction', 'timezone', 'week_start', 'locale'] as const

/**
 * Refuses (422 `invoice_number_used`, naming the highest issued) a next invoice number at or below
 * one its prefix already issued — a change of either —, after which every send would repeat a number.
 */
async function requireUnusedInvoiceNumber(tx: Db, before: Settings, change: Partial<Pick<Settings, 'invoice_prefix' | 'next_invoice_number'>>): Promise<void> {
  const prefix = change.invoice_prefix ?? before.invoice_prefix
  const next = change.next_invoice_number ?? before.next_invoice_number
  if (prefix === before.invoice_prefix && next === before.next_invoice_number) return
  const highest = await highestInvoiceNumber(tx, before.business_id, prefix)
  if (next <= highest) throw unprocessable('invoice_number_used', numberUsedDetails(prefix, highest))
}

type AddressChange = Partial<Pick<Settings, 'business_province' | 'business_postal_code'>>

/**
 * Refuses (400, on `business_postal_code`) a postal code of another province than the address's
 * when only one of the two is sent: the body compares them when both are, this with the one stored.
 * A postal code with no province is refused on `business_province`: it could not be checked, and
 * an invoice would print a city without its province.
 */
function requirePostalCodeInProvince(before: Settings, change: AddressChange): void {
  if (change.business_province === undefined && change.business_postal_code === undefined) return
  const after = {
    business_province: change.business_province === undefined ? before.business_province : change.business_province,
    business_postal_code: change.business_postal_code === undefined ? before.business_postal_code : change.business_postal_code,
  }
  if (after.business_postal_code && !after.business_province) throw badRequest('validation_failed', { business_province: 'Choose the province of the postal code' })
  const result = UpdateSettingsBody.safeParse(after)
  if (!result.success) throw badRequest('validation_failed', Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message])))
}

/** The business's settings: everyone signed in reads them; changing needs settings:update. */
export const settingsHandlers: Handlers<'getSettings' | 'updateSettings'> = {
  async getSettings(_input, ctx) {
    return getSettings(ctx.db, ctx.auth.businessId)
  },

  async updateSettings({ body }, ctx) {
    const { version, fill_weights: weights, ...rest } = body
    const settings = await ctx.db.transaction(async (tx) => {
      const before = await getSettings(tx, ctx.auth.businessId)
      await requireUnusedInvoiceNumber(tx, before, rest)
      requirePostalCodeInProvince(before, rest)
      // The fill's weights change one at a time: the others stay as they were.
      const changes = weights ? { ...rest, fill_weights: { ...before.fill_weights, ...weights } } : rest
      // Saving the settings themselves (not only the guide's marks) is the setup guide's "settings" step.
      const savesSettings = Object.keys(changes).some((key) => key !== 'completed_guided_setup')
      const marks = parseCompletedSteps(changes.completed_guided_setup ?? before.completed_guided_setup)
      const patch = savesSettings ? { ...changes, completed_guided_setup: serializeCompletedSteps(completeStep(marks, 'settings')) } : changes
      const after = await updateSettings(tx, ctx.auth.businessId, patch, version)
      // Hours are counted by the business's weeks under its overtime rules: a change to either counts them again.
      if (COUNTING.some((key) => before[key] !== after[key])) await recountAllHours(tx, ctx.auth.businessId, after)
      await audit(ctx, { action: 'settings.update', model: 'settings', recordId: ctx.auth.businessId, before: pick(before, patch), after: pick(after, patch) }, tx)
      return after
    })
    return answer(settings, 'settings_saved')
  },
}
