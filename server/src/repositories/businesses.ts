import { completeStep, DEFAULT_FILL_WEIGHTS, parseCompletedSteps, serializeCompletedSteps, TIMEOFF_PRESET_NAMES, type Locale, type Province, type SetupStep, type Settings } from '@rota/core'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { businesses, settings, timeoffCategories } from '../db/schema/index.ts'
import { conflict, notFound } from '../errors.ts'
import { timeoffCategoryKeys } from '../db/text-keys.ts'
import { createDefaultRoles } from './roles.ts'

/**
 * The time-off categories a business starts with, named in its language and counted in
 * 8-hour days: two weeks of vacation a year (up to a week carries over) and three sick days
 * (none carry over); the others keep no balance. Every part is the business's to change.
 */
const DEFAULT_TIMEOFF_CATEGORIES = [
  { names: TIMEOFF_PRESET_NAMES[0], paid: true, colour: '#0d9488', accrual: 'yearly', yearly_allowance_minutes: 4800, carry_over_max_minutes: 2400 },
  { names: TIMEOFF_PRESET_NAMES[1], paid: true, colour: '#ea580c', accrual: 'yearly', yearly_allowance_minutes: 1440, carry_over_max_minutes: 0 },
  { names: TIMEOFF_PRESET_NAMES[2], paid: false, colour: '#2563eb' },
  { names: TIMEOFF_PRESET_NAMES[3], paid: true, colour: '#7c3aed' },
  { names: TIMEOFF_PRESET_NAMES[4], paid: false, colour: '#64748b' },
] satisfies ({ names: Record<Locale, string> } & Partial<typeof timeoffCategories.$inferInsert>)[]

export interface NewBusiness {
  id: string
  name: string
  timezone: string
  locale: Locale
  /** Where the business is, when registration said. */
  province?: Province | undefined
}

/**
 * The settings a business starts with, from what registration knows: its tax province is
 * the one given, else Québec for a business registered in French and Ontario otherwise;
 * invoices are numbered FAC- in French and Spanish (factura), INV- in English; weeks start
 * on Monday in French and Spanish, Sunday in English (DESIGN.md §9). Overtime follows the
 * same province's employment standards until the business chooses otherwise.
 * @example
 * startingSettings({ locale: 'fr' }) // { tax_province: 'QC', invoice_prefix: 'FAC-', week_start: 1 }
 */
export function startingSettings({ locale, province }: Pick<NewBusiness, 'locale' | 'province'>): {
  tax_province: Province
  overtime_jurisdiction: Province
  invoice_prefix: string
  week_start: 0 | 1
} {
  const where = province ?? (locale === 'fr' ? 'QC' : 'ON')
  return {
    tax_province: where,
    overtime_jurisdiction: where,
    invoice_prefix: locale === 'en' ? 'INV-' : 'FAC-',
    week_start: locale === 'en' ? 0 : 1,
  }
}

/** True when a business id is taken. */
export async function businessExists(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, id)).limit(1)
  return rows.length > 0
}

/**
 * Creates a tenant with everything it starts with: settings, the default roles and
 * their permissions, and the default time-off categories. Returns the role ids by name.
 */
export async function createBusiness(tx: Db, business: NewBusiness): Promise<Map<string, string>> {
  await tx.insert(businesses).values({ id: business.id })
  await tx.insert(settings).values({
    business_id: business.id,
    business_name: business.name,
    timezone: business.timezone,
    locale: business.locale,
    ...startingSettings(business),
  })
  await tx
    .insert(timeoffCategories)
    .values(
      DEFAULT_TIMEOFF_CATEGORIES.map(({ names, ...category }) => {
        const name = names[business.locale]
        return { business_id: business.id, name, ...category, ...timeoffCategoryKeys({ name }) }
      }),
    )
  return createDefaultRoles(tx, business.id)
}

type SettingsRow = typeof settings.$inferSelect

function toSettings(row: SettingsRow): Settings {
  return {
    business_id: row.business_id,
    business_name: row.business_name,
    business_logo: row.business_logo,
    business_street: row.business_street,
    business_city: row.business_city,
    business_province: row.business_province as Settings['business_province'],
    business_postal_code: row.business_postal_code,
    business_phone: row.business_phone,
    completed_guided_setup: row.completed_guided_setup,
    timezone: row.timezone,
    week_start: row.week_start === 1 ? 1 : 0,
    locale: row.locale as Locale,
    invoice_prefix: row.invoice_prefix,
    next_invoice_number: row.next_invoice_number,
    tax_province: row.tax_province as Settings['tax_province'],
    require_otp: row.require_otp,
    min_rest_minutes: row.min_rest_minutes,
    overtime_jurisdiction: row.overtime_jurisdiction as Settings['overtime_jurisdiction'],
    clock_tolerance_minutes: row.clock_tolerance_minutes,
    location_radius_m: row.location_radius_m,
    forgotten_clock_out_grace_minutes: row.forgotten_clock_out_grace_minutes,
    // Expenses and payroll (decision 027)
    mileage_rate_cents: row.mileage_rate_cents,
    pay_frequency: row.pay_frequency as Settings['pay_frequency'],
    pay_anchor: row.pay_anchor,
    vacation_pay_percent: row.vacation_pay_percent,
    gst_hst_number: row.gst_hst_number,
    qst_number: row.qst_number,
    invoice_terms_days: row.invoice_terms_days,
    max_days_in_row: row.max_days_in_row,
    fill_weights: { ...DEFAULT_FILL_WEIGHTS, ...row.fill_weights },
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  }
}

export async function getSettings(db: Db, businessId: string): Promise<Settings> {
  const [row] = await db.select().from(settings).where(eq(settings.business_id, businessId))
  if (!row) throw notFound()
  return toSettings(row)
}

export type SettingsPatch = Partial<Omit<Settings, 'business_id' | 'updated_at' | 'version'>>

/** Saves a change to the settings; a stale `version` is refused with 409. */
export async function updateSettings(db: Db, businessId: string, patch: SettingsPatch, version?: number): Promise<Settings> {
  const [row] = await db
    .update(settings)
    .set({ ...patch, version: sql`${settings.version} + 1`, updated_at: new Date() })
    .where(
      version === undefined
        ? eq(settings.business_id, businessId)
        : sql`${settings.business_id} = ${businessId} and ${settings.version} = ${version}`,
    )
    .returning()
  if (!row) {
    if (version !== undefined) throw conflict()
    throw notFound()
  }
  return toSettings(row)
}

/** Marks a setup-guide step done because the admin just did it (a client created → `clients`). */
export async function completeGuideStep(db: Db, businessId: string, step: SetupStep): Promise<void> {
  const [row] = await db.select({ marks: settings.completed_guided_setup }).from(settings).where(eq(settings.business_id, businessId))
  if (!row) return
  const before = parseCompletedSteps(row.marks)
  const after = serializeCompletedSteps(completeStep(before, step))
  if (after !== serializeCompletedSteps(before)) {
    await db.update(settings).set({ completed_guided_setup: after }).where(eq(settings.business_id, businessId))
  }
}
