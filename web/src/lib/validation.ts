import type { z } from 'zod'

/** The translated messages a field can show, under `validation.` in the common namespace. */
export const VALIDATION_KEYS = ['required', 'tooShort', 'tooLong', 'atLeast', 'above', 'atMost', 'below', 'fewItems', 'manyItems', 'email', 'businessId', 'otpCode', 'invalid', 'postalCodeProvince', 'breakTooLong', 'taxAboveAmount', 'dateAhead'] as const
export type ValidationKey = (typeof VALIDATION_KEYS)[number]

/** A field's error: one of ours to translate, or the server's own words for it. */
export type FieldError = { key: ValidationKey; values?: Record<string, string | number> } | { text: string }

/** The contract's refinements that name their own rule (`params.code`), and the message each shows. */
const ruleKeys: Readonly<Record<string, ValidationKey>> = {
  postal_code_province: 'postalCodeProvince',
  required: 'required',
  break_too_long: 'breakTooLong',
  more_than: 'above',
  tax_above_amount: 'taxAboveAmount',
  date_ahead: 'dateAhead',
}

/** The rule a refinement of the contract names, with its values, when it names one this app translates. */
export function ruleOf(issue: z.core.$ZodIssue): FieldError | undefined {
  if (issue.code !== 'custom') return undefined
  const { code, ...values } = (issue.params ?? {}) as Record<string, string | number>
  const key = typeof code === 'string' ? ruleKeys[code] : undefined
  return key ? { key, values } : undefined
}
export type FieldErrors = Partial<Record<string, FieldError>>

/** Fields whose format has a message of its own, since "invalid" would not say what to type. */
const formatKeys: Readonly<Record<string, ValidationKey>> = {
  business_id: 'businessId',
  code: 'otpCode',
}

/**
 * One zod issue as a message key. Messages are ours, not the schema's English, so every
 * language reads its own; the shared schema still decides what is valid.
 * @example
 * issueToError({ code: 'too_small', origin: 'string', minimum: 8, path: ['password'], … }) // { key: 'tooShort', values: { count: 8 } }
 */
export function issueToError(issue: z.core.$ZodIssue): FieldError {
  const field = String(issue.path[0] ?? '')
  const rule = ruleOf(issue)
  if (rule) return rule
  switch (issue.code) {
    case 'invalid_type':
      return { key: 'required' }
    case 'too_small': {
      const count = Number(issue.minimum)
      // A number's bound is a quantity; a list's, a number of choices; a text's, characters.
      if (issue.origin === 'number' || issue.origin === 'bigint') return { key: issue.inclusive === false ? 'above' : 'atLeast', values: { count } }
      if (issue.origin === 'array' || issue.origin === 'set') return count <= 1 ? { key: 'required' } : { key: 'fewItems', values: { count } }
      return count <= 1 ? { key: 'required' } : { key: 'tooShort', values: { count } }
    }
    case 'too_big': {
      const count = Number(issue.maximum)
      if (issue.origin === 'number' || issue.origin === 'bigint') return { key: issue.inclusive === false ? 'below' : 'atMost', values: { count } }
      if (issue.origin === 'array' || issue.origin === 'set') return { key: 'manyItems', values: { count } }
      return { key: 'tooLong', values: { count } }
    }
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'email' }
      return { key: formatKeys[field] ?? 'invalid' }
    default:
      return { key: 'invalid' }
  }
}

/** A form's own words for an issue (a postal code, an amount), before the general ones. */
export type DescribeIssue = (issue: z.core.$ZodIssue) => FieldError | undefined

/**
 * The first error of each field.
 * @example
 * issuesToErrors(LoginForm.safeParse(values).error.issues) // { email: { key: 'email' } }
 */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[], describe?: DescribeIssue): FieldErrors {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '')
    errors[field] ??= ruleOf(issue) ?? describe?.(issue) ?? issueToError(issue)
  }
  return errors
}

/**
 * The server's per-field `details` of a 400 or 409 (`{ email: 'Already in use' }`), shown as
 * given, or each as `instead` (the answer's own message, in the reader's language) when given.
 * @example
 * detailsToErrors({ business_id: 'Taken' }) // { business_id: { text: 'Taken' } }
 */
export function detailsToErrors(details: unknown, instead?: string): FieldErrors {
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return {}
  const errors: FieldErrors = {}
  for (const [field, message] of Object.entries(details)) {
    if (typeof message === 'string' && message !== '') errors[field] = { text: instead ?? message }
  }
  return errors
}

/** Values of a rule's message that are province or territory codes (`ON`, or `NT, NU`). */
const PROVINCE_VALUES = ['province', 'expected']

/**
 * A rule's values ready for its message: province codes become their names in the reader's
 * language (several joined with " / ").
 * @example
 * readableValues({ letter: 'M', province: 'QC', expected: 'ON' }, (code) => t(`app:provinces.${code}`)) // { …, expected: 'Ontario' }
 */
export function readableValues(values: Readonly<Record<string, string | number>> | undefined, provinceName: (code: string) => string): Record<string, string | number> {
  const readable: Record<string, string | number> = { ...values }
  for (const key of PROVINCE_VALUES) {
    const value = readable[key]
    if (typeof value === 'string') readable[key] = value.split(/,\s*/).map(provinceName).join(' / ')
  }
  return readable
}
