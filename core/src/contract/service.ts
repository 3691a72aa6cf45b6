import { z } from 'zod'
import { Id, ListQuery, type Locale, RequiredText, Timestamp, Version } from './common.ts'

/** The largest amount Rota accepts, $100,000.00, well above any rate and far from float trouble. */
export const MAX_CENTS = 10_000_000

/** Integer cents of Canadian dollars (DESIGN.md §3: money is never a float). */
export const Cents = z
  .number({ error: (issue) => (issue.input === undefined ? 'Required' : 'Use a number of cents') })
  .int('Use whole cents')
  .min(0, 'Use zero or more')
  .max(MAX_CENTS, 'Use at most $100,000.00')
/** Integer cents. The schema is for rates people type; the domain's sums may be negative (discounts, deductions). */
export type Cents = number

/**
 * The ways people write an amount: `45`, `45.5`, `45,50`, `1,234.50`, `1 234,50`, and
 * `1.234,50` only with its cents, because a bare `45.505` is likelier a typo for 45.50
 * than forty-five thousand dollars. A group of thousands never starts with 0.
 */
const amountForms = [
  /^(\d+)(?:[.,](\d{1,2}))?$/,
  /^([1-9]\d{0,2}(?:,\d{3})+)\.(\d{1,2})$/,
  /^([1-9]\d{0,2}(?:\.\d{3})+),(\d{1,2})$/,
  /^([1-9]\d{0,2}(?: \d{3})+)(?:[.,](\d{1,2}))?$/,
]

/** `1,234` alone: thousands to an English reader, a number with three decimals to a French or Spanish one. */
const commaThousands = /^([1-9]\d{0,2}(?:,\d{3})+)$/

/**
 * Reads a dollar amount as English or French Canadians (and Spanish speakers) write it,
 * with or without `$`, into integer cents; null when it is not an amount of zero or more
 * with at most two decimals. A comma before three digits and nothing else (`17,775`) is
 * thousands only to an English reader (`locale` 'en'); in French or Spanish it is a
 * decimal comma with a decimal too many, and with no locale (a CSV cell) it cannot be told.
 * @example
 * parseDollars('45,50') // 4550
 * parseDollars('$1,234.5') // 123450
 * parseDollars('2,500', 'en') // 250000
 * parseDollars('2,500', 'fr') // null
 * parseDollars('0,005', 'en') // null
 */
export function parseDollars(text: string, locale?: Locale): number | null {
  const bare = text
    .replace(/[\u00a0\u202f]/g, ' ')
    .trim()
    .replace(/^\$\s*|\s*\$$/g, '')
  const forms = locale === 'en' ? [...amountForms, commaThousands] : amountForms
  for (const form of forms) {
    const match = form.exec(bare)
    if (!match) continue
    const dollars = Number((match[1] ?? '').replace(/\D/g, ''))
    const cents = Number((match[2] ?? '').padEnd(2, '0'))
    const total = dollars * 100 + cents
    return Number.isSafeInteger(total) ? total : null
  }
  return null
}

/**
 * A dollars text field (a form's rate input, a CSV cell) read into cents, as the reader's
 * language writes amounts (`locale`, asked at each read: `parseDollars`).
 * @example
 * dollarsField(() => 'en').parse('1,500') // 150000
 */
export function dollarsField(locale?: () => Locale) {
  return z
    .string()
    .transform((text, ctx) => {
      const cents = parseDollars(text, locale?.())
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: 'Use an amount in dollars such as 45.50' })
        return z.NEVER
      }
      return cents
    })
    .pipe(Cents)
}

/**
 * A dollars text field in no particular language: `1,500` cannot be told from 1.500 and is refused.
 * @example
 * MoneyFromDollars.parse('38.75') // 3875
 */
export const MoneyFromDollars = dollarsField()

/**
 * A colour as `#rrggbb`, in lower case like the value of a colour input.
 * @example
 * HexColour.parse('#0D9488') // '#0d9488'
 */
export const HexColour = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, 'Use a colour such as #0d9488')

/** The brand teal: what a service looks like on the schedule until someone picks a colour. */
export const DEFAULT_SERVICE_COLOUR = '#0d9488'

export const DurationMinutes = z
  .number()
  .int('Use whole minutes')
  .min(5, 'Use at least 5 minutes')
  .max(1440, 'Use at most 1440 minutes (24 hours)')

const editable = {
  name: RequiredText(120),
  description: z.string().trim().max(2000, 'Use at most 2000 characters').nullable(),
  colour: HexColour,
  default_duration_minutes: DurationMinutes,
  /** What the client is billed per hour of this service. */
  bill_rate_cents: Cents,
  /** What staff are paid per hour of this service. */
  pay_rate_cents: Cents,
  /**
   * Its hours are billed with the federal part of the sales tax only: no PST, QST or RST, and
   * in an HST province only HST's federal part (in BC, most cleaning and care is not subject to PST).
   */
  provincial_exempt: z.boolean(),
  active: z.boolean(),
}

/** A service a business provides at its clients' locations, with its rates. */
export const Service = z.object({
  id: Id,
  ...editable,
  created_at: Timestamp,
  updated_at: Timestamp,
  version: Version,
})
export type Service = z.infer<typeof Service>

/**
 * A new service. Both rates must be given (zero is a valid choice, silence is not);
 * the rest has defaults: no description, teal, one hour, active, and not exempt (left out,
 * the column's default: a service import, which has no such column, then never resets it).
 * @example
 * CreateServiceBody.parse({ name: 'Snow removal', bill_rate_cents: 6500, pay_rate_cents: 2800 })
 */
export const CreateServiceBody = z.object({
  ...editable,
  description: editable.description.default(null),
  colour: editable.colour.default(DEFAULT_SERVICE_COLOUR),
  default_duration_minutes: editable.default_duration_minutes.default(60),
  provincial_exempt: editable.provincial_exempt.optional(),
  active: editable.active.default(true),
})
export type CreateServiceBody = z.infer<typeof CreateServiceBody>

/**
 * Changes to a service: only the fields sent change; the version read guards against
 * lost updates.
 * @example
 * UpdateServiceBody.parse({ bill_rate_cents: 4800, version: 2 })
 */
export const UpdateServiceBody = z.object(editable).partial().extend({ version: Version })
export type UpdateServiceBody = z.infer<typeof UpdateServiceBody>

/** `GET /service`: search (`q` in name and description), `filter[active]`, sort by name, rates, created_at. */
export const ServiceQuery = ListQuery.extend({
  sort: z.enum(['name', 'bill_rate_cents', 'pay_rate_cents', 'default_duration_minutes', 'created_at', 'updated_at']).optional(),
  filter: z.object({ active: z.enum(['true', 'false']).optional() }).optional(),
})
export type ServiceQuery = z.infer<typeof ServiceQuery>
