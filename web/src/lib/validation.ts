import type { z } from 'zod'

/** The translated messages a field can show, under `validation.` in the common namespace. */
export const VALIDATION_KEYS = ['required', 'tooShort', 'tooLong', 'email', 'businessId', 'otpCode', 'invalid'] as const
export type ValidationKey = (typeof VALIDATION_KEYS)[number]

/** A field's error: one of ours to translate, or the server's own words for it. */
export type FieldError = { key: ValidationKey; values?: Record<string, number> } | { text: string }
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
  switch (issue.code) {
    case 'invalid_type':
      return { key: 'required' }
    case 'too_small':
      return Number(issue.minimum) <= 1 ? { key: 'required' } : { key: 'tooShort', values: { count: Number(issue.minimum) } }
    case 'too_big':
      return { key: 'tooLong', values: { count: Number(issue.maximum) } }
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
    errors[field] ??= describe?.(issue) ?? issueToError(issue)
  }
  return errors
}

/**
 * The server's per-field `details` of a 400 or 409 (`{ email: 'Already in use' }`), shown as given.
 * @example
 * detailsToErrors({ business_id: 'Taken' }) // { business_id: { text: 'Taken' } }
 */
export function detailsToErrors(details: unknown): FieldErrors {
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return {}
  const errors: FieldErrors = {}
  for (const [field, message] of Object.entries(details)) {
    if (typeof message === 'string' && message !== '') errors[field] = { text: message }
  }
  return errors
}
