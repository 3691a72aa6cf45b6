import { z } from 'zod'
import { isLocalDate, isReadableDate } from '../domain/local-date.ts'

/** A calendar day in the business's time zone, `YYYY-MM-DD`, from 1900 to 2199. */
export const LocalDateField = z
  .string()
  .refine(isLocalDate, { message: 'Use a date such as 2026-03-09', abort: true })
  .refine(isReadableDate, 'Use a date from 1900 to 2199')

/** A record id: a UUID chosen by the server. */
export const Id = z.uuid()

/**
 * A business's sign-in identifier, chosen at registration and typed at sign-in
 * (like a workspace name): 3–40 lowercase letters, digits and inner hyphens.
 */
export const BusinessId = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/, 'Use 3 to 40 lowercase letters, digits or hyphens')

export const Email = z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid e-mail address'))

/** 8 to 128 characters; the server also refuses the most common passwords. */
export const Password = z
  .string()
  .min(8, 'Use at least 8 characters')
  .max(128, 'Use at most 128 characters')

/**
 * Whether a text has something to read: not only spaces and invisible characters (a zero-width
 * space, a joiner, a byte-order mark), which `trim` leaves and a name made of shows as nothing.
 * @example
 * hasVisibleText('\u200b') // false
 */
export const hasVisibleText = (text: string): boolean => /[^\p{Cf}\p{Z}\s]/u.test(text)

/** A name or title someone must give: trimmed, not empty, and not made only of invisible characters. */
export const RequiredText = (max: number) =>
  z.string().trim().min(1, { message: 'Required', abort: true }).max(max, `Use at most ${max} characters`).refine(hasVisibleText, 'Required')

export const PersonName = z.string().trim().min(1, { message: 'Required', abort: true }).max(100).refine(hasVisibleText, 'Required')

export const LOCALES = ['en', 'fr', 'es'] as const
export const Locale = z.enum(LOCALES)
export type Locale = z.infer<typeof Locale>

/** An IANA time-zone name such as America/Toronto. */
export const TimeZone = z
  .string()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz })
      return true
    } catch {
      return false
    }
  }, 'Unknown time zone')

/**
 * A time zone as sent: known in any case ('america/toronto'), kept as IANA spells it
 * ('America/Toronto'); a name the runtime knows as another's alias (America/Montreal) is kept as chosen.
 */
export const TimeZoneInput = TimeZone.transform((tz) => {
  const spelled = new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone
  return spelled.toLowerCase() === tz.toLowerCase() ? spelled : tz
})

/** An ISO 8601 timestamp in UTC, as the API writes them. */
export const Timestamp = z.iso.datetime({ offset: true })

/**
 * The largest whole number the API takes anywhere: what a PostgreSQL `integer` column
 * holds. The schema says so (and OpenAPI publishes it), so a bigger one is a 400 naming
 * the field rather than a failed query.
 */
export const INT32_MAX = 2_147_483_647

/** The optimistic-concurrency version of a record that users edit. */
export const Version = z.number().int().min(1).max(INT32_MAX)

/** Every error the API returns has this body. */
export const ApiErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBody>

/** Query of every list: `?page=1&page_size=20&sort=field&order=asc&q=text&filter[field]=value`. */
export const ListQuery = z.object({
  page: z.coerce.number().int().min(1).max(INT32_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
  q: z.string().trim().max(200).optional(),
  filter: z.record(z.string(), z.string().max(200)).optional(),
})
export type ListQuery = z.infer<typeof ListQuery>

/** The shape of every list answer. */
export function page<T extends z.ZodType>(row: T) {
  return z.object({ count: z.number().int().min(0), rows: z.array(row) })
}

/** An answer that carries nothing but its notice. */
export const Empty = z.object({})

export const IdParams = z.object({ id: Id })
