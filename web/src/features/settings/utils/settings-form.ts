import { businessPostalCodeInProvince, CreateOnboardingEntryBody, FillWeights, MoneyFromDollars, UpdateSettingsBody } from '@rota/core'
import { z } from 'zod'
import { blankAsNull, decimalNumber, hoursAsMinutes, optionalWholeNumber, ticked, wholeNumber } from '../../../lib/form-values.ts'

const field = UpdateSettingsBody.shape

/**
 * The settings form's text fields as the body the contract checks; the box ticked is
 * `require_otp`; the business's address is cleared part by part when emptied, its postal code
 * in its province; the time clock's numbers are whole; the fill's rest is in hours and its
 * weights in dollars (cents in the body), gathered as `fill_weights`.
 */
export const SettingsForm = z
  .object({
    business_name: field.business_name.unwrap(),
    business_street: blankAsNull.pipe(field.business_street.unwrap()),
    business_city: blankAsNull.pipe(field.business_city.unwrap()),
    business_province: blankAsNull.pipe(field.business_province.unwrap()),
    business_postal_code: blankAsNull.pipe(field.business_postal_code.unwrap()),
    business_phone: blankAsNull.pipe(field.business_phone.unwrap()),
    timezone: field.timezone.unwrap(),
    week_start: z.enum(['0', '1']).transform(Number).pipe(field.week_start.unwrap()),
    locale: field.locale.unwrap(),
    invoice_prefix: z
      .string()
      .optional()
      .transform((value) => value ?? '')
      .pipe(field.invoice_prefix.unwrap()),
    next_invoice_number: wholeNumber.pipe(field.next_invoice_number.unwrap()),
    tax_province: field.tax_province.unwrap(),
    require_otp: ticked,
    overtime_jurisdiction: field.overtime_jurisdiction.unwrap(),
    clock_tolerance_minutes: wholeNumber.pipe(field.clock_tolerance_minutes.unwrap()),
    location_radius_m: wholeNumber.pipe(field.location_radius_m.unwrap()),
    forgotten_clock_out_grace_minutes: wholeNumber.pipe(field.forgotten_clock_out_grace_minutes.unwrap()),
    // Expenses and payroll (decision 027)
    pay_frequency: field.pay_frequency.unwrap(),
    pay_anchor: field.pay_anchor.unwrap(),
    vacation_pay_percent: z
      .string()
      .transform((value) => value.trim().replace(',', '.'))
      .pipe(field.vacation_pay_percent.unwrap()),
    mileage_rate_cents: wholeNumber.pipe(field.mileage_rate_cents.unwrap()),
    // Invoices: the registration numbers printed beside the taxes (cleared when emptied), the payment terms.
    gst_hst_number: blankAsNull.pipe(field.gst_hst_number.unwrap()),
    qst_number: blankAsNull.pipe(field.qst_number.unwrap()),
    invoice_terms_days: wholeNumber.pipe(field.invoice_terms_days.unwrap()),
    // The fill (decision 030): the rest it always keeps, the days in a row it allows (none: no limit), its goals' weights.
    min_rest_minutes: hoursAsMinutes.pipe(field.min_rest_minutes.unwrap()),
    max_days_in_row: optionalWholeNumber.pipe(field.max_days_in_row.unwrap()),
    fill_cost: decimalNumber.pipe(FillWeights.shape.cost),
    fill_over_preferred: MoneyFromDollars.pipe(FillWeights.shape.over_preferred),
    fill_fairness: MoneyFromDollars.pipe(FillWeights.shape.fairness),
    fill_continuity: MoneyFromDollars.pipe(FillWeights.shape.continuity),
    fill_preference: MoneyFromDollars.pipe(FillWeights.shape.preference),
  })
  .superRefine(businessPostalCodeInProvince)
  .transform(({ fill_cost, fill_over_preferred, fill_fairness, fill_continuity, fill_preference, ...rest }) => ({
    ...rest,
    fill_weights: { cost: fill_cost, over_preferred: fill_over_preferred, fairness: fill_fairness, continuity: fill_continuity, preference: fill_preference },
  }))

/** An onboarding entry's dialog: a title, a description (cleared when emptied), and whether it is required. */
export const OnboardingEntryForm = z.object({
  title: CreateOnboardingEntryBody.shape.title,
  description: blankAsNull.pipe(CreateOnboardingEntryBody.shape.description.unwrap()),
  required: ticked,
})
