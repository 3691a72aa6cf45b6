import { dollarsField } from '@rota/core'
import { z } from 'zod'
import { ruleOf, type DescribeIssue } from './validation.ts'
import { currentLocale } from './i18n.ts'

/**
 * Form fields as the record bodies want them. A form's values arrive as text, and an empty
 * field is left out; in an edit form that means "cleared", so it becomes null.
 */
export const blankAsNull = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? null : value))

/** A checkbox: present in the form's data only when ticked. */
export const ticked = z
  .string()
  .optional()
  .transform((value) => value !== undefined)

/** A decimal number written with a point or a comma (coordinates), or null when left empty. */
export const optionalDecimal = blankAsNull.transform((value, ctx) => {
  if (value === null) return null
  const number = Number(value.trim().replace(',', '.'))
  if (Number.isFinite(number)) return number
  ctx.addIssue({ code: 'custom', message: 'Use a number' })
  return z.NEVER
})

/** A whole number such as minutes; required. */
export const wholeNumber = z.string().transform((value, ctx) => {
  if (/^\s*\d+\s*$/.test(value)) return Number(value)
  ctx.addIssue({ code: 'custom', message: 'Use a whole number' })
  return z.NEVER
})

/** Dollars typed the way people write them in the page's language (45, 45.50, 45,50; 1,500 is thousands in English only), as cents. */
export const dollars = dollarsField(() => currentLocale())

/** `dollars`, or null when left empty. */
export const optionalDollars = blankAsNull.pipe(dollars.nullable())

/**
 * A form's own message for each field whose general one ("This value is not valid.") would
 * not say what to type; an empty required field still reads "This field is required.".
 * @example
 * useZodForm(LocationForm, save, describeFields({ postal_code: t('app:validation.postalCode') }))
 */
export function describeFields(messages: Readonly<Partial<Record<string, string>>>): DescribeIssue {
  return (issue) => {
    const message = messages[String(issue.path[0] ?? '')]
    // A rule that names itself (tax above the amount, a day to come) says its own words.
    if (!message || ruleOf(issue)) return undefined
    const empty = issue.code === 'invalid_type' || (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1)
    return empty ? undefined : { text: message }
  }
}

/** Hours written as people write them (8, 37.5, 37,5) as whole minutes, or null when they are not hours. */
function minutesOfHours(value: string): number | null {
  if (!/^\s*\d+([.,]\d{1,2})?\s*$/.test(value)) return null
  return Math.round(Number(value.trim().replace(',', '.')) * 60)
}
const HOURS_MESSAGE = 'Use a number of hours such as 8 or 37.5'

/** A field's hours as whole minutes, or the issue that they are not hours. */
function toMinutes(value: string, ctx: z.RefinementCtx): number {
  const minutes = minutesOfHours(value)
  if (minutes !== null) return minutes
  ctx.addIssue({ code: 'custom', message: HOURS_MESSAGE })
  return z.NEVER
}

/** Hours (8, 37.5, 37,5) as whole minutes; required. */
export const hoursAsMinutes = z.string().transform(toMinutes)

/** Hours as whole minutes, or null when left empty. */
export const optionalHoursAsMinutes = blankAsNull.transform((value, ctx) => (value === null ? null : toMinutes(value, ctx)))

/**
 * Minutes as a field shows them in hours, to two decimals (the inverse of `hoursAsMinutes`); empty for none.
 * @example
 * hoursText(2250) // '37.5'
 */
export const hoursText = (minutes: number | null): string => (minutes === null ? '' : String(Math.round((minutes / 60) * 100) / 100))

/** A whole number, or null when left empty. */
export const optionalWholeNumber = blankAsNull.transform((value, ctx) => {
  if (value === null) return null
  if (/^\s*\d+\s*$/.test(value)) return Number(value)
  ctx.addIssue({ code: 'custom', message: 'Use a whole number' })
  return z.NEVER
})

/** A decimal number written with a point or a comma; required. */
export const decimalNumber = z.string().transform((value, ctx) => {
  if (/^\s*\d+([.,]\d+)?\s*$/.test(value)) return Number(value.trim().replace(',', '.'))
  ctx.addIssue({ code: 'custom', message: 'Use a number' })
  return z.NEVER
})
