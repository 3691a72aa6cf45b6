import { z } from 'zod'
import { BusinessId, Email, Id, LocalDateField, Locale, PersonName, RequiredText, Timestamp, TimeZone, TimeZoneInput, Version } from './common.ts'
import { PermissionModel } from './permission-models.ts'
import { FillWeights } from './fill-weights.ts'
import { AddressFields, CANADIAN_PROVINCES, Phone as PhoneNumber, postalCodeInProvince, Province } from './location.ts'

export { CANADIAN_PROVINCES, Province }

/** One permission entry of a role: what it may do with one model. */
export const PermissionEntry = z.object({
  model_name: PermissionModel,
  name: z.string(),
  read: z.boolean(),
  create: z.boolean(),
  update: z.boolean(),
  delete: z.boolean(),
})
export type PermissionEntry = z.infer<typeof PermissionEntry>

export const RoleRef = z.object({ id: Id, name: z.string() })

const Phone = z.string().trim().max(32).regex(/^[+0-9 ().-]*$/, 'Use digits, spaces and + ( ) . -')

/** The signed-in user, as `GET /profile` returns it. */
export const Profile = z.object({
  id: Id,
  business_id: BusinessId,
  firstname: z.string(),
  lastname: z.string(),
  email: Email,
  phone: z.string().nullable(),
  file: z.string().nullable(),
  google_picture: z.string().nullable(),
  google_linked: z.boolean(),
  locale: Locale,
  /** Notifications also sent by e-mail (the bell shows them either way). */
  email_notifications: z.boolean(),
  role: RoleRef,
  permissions: z.array(PermissionEntry),
  version: Version,
})
export type Profile = z.infer<typeof Profile>

export const UpdateProfileBody = z.object({
  firstname: PersonName.optional(),
  lastname: PersonName.optional(),
  phone: Phone.nullable().optional(),
  file: z.string().max(200).nullable().optional(),
  locale: Locale.optional(),
  email_notifications: z.boolean().optional(),
  version: Version.optional(),
})

/** Days a week can start on: 0 Sunday, 1 Monday. */
export const WeekStart = z.union([z.literal(0), z.literal(1)])
export type WeekStart = z.infer<typeof WeekStart>

/** Whose employment standards set a business's overtime: a province or territory, or `FED` (Canada Labour Code). */
export const OvertimeJurisdictionField = z.enum([...CANADIAN_PROVINCES, 'FED'])

/**
 * The business's postal address and phone, printed under its name on its invoices and payslips
 * (a Canadian invoice names its supplier's address, a wage statement its employer's). Each part
 * is null until it is given.
 */
export const BusinessAddress = z.object({
  street: z.string().nullable(),
  city: z.string().nullable(),
  province: Province.nullable(),
  postal_code: z.string().nullable(),
  phone: z.string().nullable(),
})
export type BusinessAddress = z.infer<typeof BusinessAddress>

/** The business's settings. Every signed-in user may read them (name and logo head every page). */
export const Settings = z.object({
  business_id: BusinessId,
  business_name: z.string(),
  business_logo: z.string().nullable(),
  /** Its postal address and phone (each null until given), printed under its name on invoices and payslips. */
  business_street: z.string().nullable(),
  business_city: z.string().nullable(),
  business_province: Province.nullable(),
  business_postal_code: z.string().nullable(),
  business_phone: z.string().nullable(),
  completed_guided_setup: z.string(),
  timezone: TimeZone,
  week_start: WeekStart,
  locale: Locale,
  invoice_prefix: z.string(),
  next_invoice_number: z.number().int(),
  tax_province: Province,
  require_otp: z.boolean(),
  /** The least rest between two shifts of one person before the schedule warns. */
  min_rest_minutes: z.number().int(),
  /** Whose overtime rules (DESIGN.md §9 presets) count the timesheets' regular and overtime minutes. */
  overtime_jurisdiction: OvertimeJurisdictionField,
  /** How early or late a clock-in or clock-out may be before the timesheet is flagged. */
  clock_tolerance_minutes: z.number().int(),
  /** How far from the client's coordinates a clock-in or clock-out may be before it is flagged. */
  location_radius_m: z.number().int(),
  /** How long after a shift's planned end a forgotten clock-out is closed at that end (and flagged). */
  forgotten_clock_out_grace_minutes: z.number().int(),
  // Expenses and payroll (decision 027)
  /** What a kilometre of mileage is reimbursed, in cents. */
  mileage_rate_cents: z.number().int(),
  /** How often staff are paid; a bi-weekly schedule counts its periods from `pay_anchor` (the first day of any one period). */
  pay_frequency: z.enum(['weekly', 'biweekly', 'semimonthly', 'monthly']),
  pay_anchor: z.string(),
  /** Vacation pay as a percentage of gross earnings (exact decimal text, `'4'`). */
  vacation_pay_percent: z.string(),
  /** Invoices: the business's GST/HST and QST registration numbers, printed beside those taxes, and its payment terms in days. */
  gst_hst_number: z.string().nullable(),
  qst_number: z.string().nullable(),
  invoice_terms_days: z.number().int(),
  /** The fill (issue 18): most days in a row it gives a person (null: no limit), and its soft goals' weights. */
  max_days_in_row: z.number().int().nullable(),
  fill_weights: FillWeights,
  updated_at: Timestamp,
  version: Version,
})
export type Settings = z.infer<typeof Settings>

/**
 * The business's address as its invoices and payslips carry it, from its settings.
 * @example
 * businessAddress(settings) // { street: '12 Rue Saint-Denis', city: 'Montréal', province: 'QC', postal_code: 'H2X 3K8', phone: null }
 */
export function businessAddress(settings: Pick<Settings, 'business_street' | 'business_city' | 'business_province' | 'business_postal_code' | 'business_phone'>): BusinessAddress {
  return {
    street: settings.business_street,
    city: settings.business_city,
    province: settings.business_province,
    postal_code: settings.business_postal_code,
    phone: settings.business_phone,
  }
}

/** A part of the business's address: left blank (or null), it is cleared; otherwise it is checked as a client's is. */
const blankOr = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .trim()
    .nullable()
    .transform((value) => value || null)
    .pipe(schema.nullable())

/**
 * A client's rule on the business's address (location.ts): a postal code that belongs to
 * another province is refused, on `business_postal_code`, with the same `params`.
 * @example
 * z.object({ business_province: z.string(), business_postal_code: z.string() }).superRefine(businessPostalCodeInProvince)
 */
export function businessPostalCodeInProvince(value: { business_province?: string | null | undefined; business_postal_code?: string | null | undefined }, ctx: z.RefinementCtx): void {
  const address = { province: value.business_province, postal_code: value.business_postal_code }
  postalCodeInProvince(address, {
    ...ctx,
    addIssue: (issue) => ctx.addIssue(typeof issue === 'string' ? issue : { ...issue, path: ['business_postal_code'] }),
  })
}

export const UpdateSettingsBody = z.object({
  business_name: RequiredText(120).optional(),
  business_logo: z.string().max(200).nullable().optional(),
  business_street: blankOr(AddressFields.street).optional(),
  business_city: blankOr(AddressFields.city).optional(),
  business_province: blankOr(AddressFields.province).optional(),
  business_postal_code: blankOr(AddressFields.postal_code).optional(),
  business_phone: blankOr(PhoneNumber).optional(),
  completed_guided_setup: z.string().max(200).optional(),
  timezone: TimeZoneInput.optional(),
  week_start: WeekStart.optional(),
  locale: Locale.optional(),
  invoice_prefix: z.string().trim().max(12).regex(/^[A-Za-z0-9-]*$/, 'Use letters, digits and hyphens').optional(),
  next_invoice_number: z.number().int().min(1).max(1_000_000_000).optional(),
  tax_province: Province.optional(),
  require_otp: z.boolean().optional(),
  min_rest_minutes: z.number().int('Use whole minutes').min(0, 'Use zero or more').max(1440, 'Use at most 24 hours').optional(),
  overtime_jurisdiction: OvertimeJurisdictionField.optional(),
  clock_tolerance_minutes: z.number().int('Use whole minutes').min(0, 'Use zero or more').max(240, 'Use at most 4 hours').optional(),
  location_radius_m: z.number().int('Use whole metres').min(10, 'Use at least 10 metres').max(10_000, 'Use at most 10,000 metres').optional(),
  forgotten_clock_out_grace_minutes: z.number().int('Use whole minutes').min(0, 'Use zero or more').max(1440, 'Use at most 24 hours').optional(),
  // Expenses and payroll (decision 027)
  mileage_rate_cents: z.number().int('Use whole cents').min(0, 'Use zero or more').max(1000, 'Use at most $10.00').optional(),
  pay_frequency: z.enum(['weekly', 'biweekly', 'semimonthly', 'monthly']).optional(),
  pay_anchor: LocalDateField.optional(),
  vacation_pay_percent: z.string().trim().regex(/^\d{1,2}(\.\d{1,4})?$/, 'Use a percentage such as 4 or 6.5').optional(),
  /** The CRA's business number and GST/HST program account: 9 digits, RT, 4 digits (123456789 RT0001). */
  gst_hst_number: z.string().trim().regex(/^\d{9} ?RT ?\d{4}$/i, 'Use 9 digits, RT and 4 digits, such as 123456789 RT0001').nullable().optional(),
  /** Revenu Québec's QST registration number: 10 digits, TQ, 4 digits (1234567890 TQ0001). */
  qst_number: z.string().trim().regex(/^\d{10} ?TQ ?\d{4}$/i, 'Use 10 digits, TQ and 4 digits, such as 1234567890 TQ0001').nullable().optional(),
  invoice_terms_days: z.number().int('Use whole days').min(0, 'Use zero or more').max(365, 'Use at most 365 days').optional(),
  max_days_in_row: z.number().int('Use whole days').min(1, 'Use at least 1').max(31, 'Use at most 31').nullable().optional(),
  fill_weights: FillWeights.partial().optional(),
  version: Version.optional(),
}).superRefine(businessPostalCodeInProvince)

export const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  driver: z.enum(['pglite', 'postgres']),
  version: z.string(),
})

/** What the web app needs to know about this Rota before anyone signs in. */
export const ClientConfig = z.object({
  version: z.string(),
  /** Google's client id when Google sign-in is set up; the button is hidden otherwise. */
  google_client_id: z.string().nullable(),
  /** Image hosting: `local` (Rota stores files) or Cloudinary with its cloud name. */
  images: z.object({ provider: z.enum(['local', 'cloudinary']), cloud_name: z.string().nullable() }),
  maps_key: z.string().nullable(),
  /** True when e-mails really go out; otherwise admins are shown invitation links to copy. */
  mail_delivery: z.boolean(),
})
export type ClientConfig = z.infer<typeof ClientConfig>

/** `POST /locales/missing/{lng}/{ns}`: what i18next's `saveMissing` sends, key → fallback text. */
export const MissingTranslationParams = z.object({ lng: z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/), ns: z.string().regex(/^[a-z][a-z-]{0,30}$/) })
export const MissingTranslationBody = z.record(z.string().max(300), z.string().max(2000))
