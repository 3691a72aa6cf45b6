import { AccrualRate, CreateTimeoffCategoryBody, leaveAmount, TimeoffAccrual, TimeoffUnit, type TimeoffCategory } from '@rota/core'
import { z } from 'zod'
import { blankAsNull, optionalDecimal, ticked } from '../../../lib/form-values.ts'

const field = CreateTimeoffCategoryBody.shape

/** Hours typed with a point or a comma (7.5, 7,5). */
const hours = z.string().transform((value, ctx) => {
  const number = Number(value.trim().replace(',', '.'))
  if (value.trim() !== '' && Number.isFinite(number)) return number
  ctx.addIssue({ code: 'custom', message: 'Use a number of hours' })
  return z.NEVER
})

/**
 * The category form's fields as the body the contract checks. People type amounts in the
 * category's own unit (days of `day_hours`, or hours); the API keeps minutes. An empty
 * carry-over means all of it carries over.
 * @example
 * CategoryForm.parse({ name: 'Vacation', colour: '#0d9488', unit: 'days', day_hours: '7.5', accrual: 'yearly', allowance: '10' })
 * // { …, day_minutes: 450, yearly_allowance_minutes: 4500, carry_over_max_minutes: null }
 */
export const CategoryForm = z
  .object({
    name: field.name,
    colour: field.colour.unwrap(),
    paid: ticked,
    unit: TimeoffUnit,
    day_hours: hours.pipe(z.number().min(1, 'Use at least 1 hour').max(24, 'Use at most 24 hours')),
    accrual: TimeoffAccrual,
    allowance: optionalDecimal.pipe(z.number().min(0).max(10_000).nullable()),
    accrual_rate: blankAsNull.pipe(AccrualRate.nullable()),
    carry_over: optionalDecimal.pipe(z.number().min(0).max(10_000).nullable()),
    allow_negative: ticked,
    active: ticked,
  })
  .superRefine((values, ctx) => {
    if (values.accrual === 'yearly' && values.allowance === null) ctx.addIssue({ code: 'custom', path: ['allowance'], message: 'Required' })
    if (values.accrual === 'per_hour_worked' && values.accrual_rate === null) ctx.addIssue({ code: 'custom', path: ['accrual_rate'], message: 'Required' })
  })
  .transform(({ day_hours, allowance, carry_over, ...values }) => {
    const day_minutes = Math.round(day_hours * 60)
    const minutes = (amount: number) => Math.round(values.unit === 'days' ? amount * day_minutes : amount * 60)
    return {
      ...values,
      day_minutes,
      yearly_allowance_minutes: values.accrual === 'yearly' && allowance !== null ? minutes(allowance) : null,
      accrual_rate: values.accrual === 'per_hour_worked' ? values.accrual_rate : null,
      carry_over_max_minutes: carry_over === null ? null : minutes(carry_over),
    }
  })

/** A stored category's amounts as the form shows them, in its own unit. */
export function categoryFormValues(category: TimeoffCategory | null) {
  const amount = (minutes: number | null) => (minutes === null || !category ? '' : String(leaveAmount(minutes, category.unit, category.day_minutes)))
  return {
    day_hours: category ? String(Math.round((category.day_minutes / 60) * 100) / 100) : '8',
    allowance: amount(category?.yearly_allowance_minutes ?? null),
    carry_over: amount(category?.carry_over_max_minutes ?? null),
  }
}
