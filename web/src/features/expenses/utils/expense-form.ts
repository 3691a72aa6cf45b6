import { CreateExpenseBody, DistanceKm, EXPENSE_CATEGORIES, multiplyRoundHalfUp, type Expense } from '@rota/core'
import { z } from 'zod'
import { blankAsNull, optionalDollars, ticked } from '../../../lib/form-values.ts'

const body = CreateExpenseBody.shape

/**
 * A claim as typed: dollars as people write them (45, 45,50), kilometres with a point or a
 * comma; mileage needs the distance, anything else an amount above zero with a tax no larger,
 * dated `today` (the business's) or earlier (the server checks the same).
 */
export const expenseForm = (today: string) =>
  z
    .object({
      date: body.date,
      category: z.enum(EXPENSE_CATEGORIES),
      description: body.description,
      amount: optionalDollars,
      tax: optionalDollars,
      distance_km: blankAsNull.transform((value) => (value === null ? null : value.trim().replace(',', '.'))).pipe(DistanceKm.nullable()),
      location_id: blankAsNull.pipe(z.uuid().nullable()),
      billable: ticked,
    })
    .superRefine(
      (form, ctx) => {
        const missing = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: 'Required', params: { code: 'required' } })
        if (form.category === 'mileage' && form.distance_km === null) missing('distance_km')
        if (form.category !== 'mileage' && form.amount === null) missing('amount')
        // As the server checks: money spent, a tax no larger than the amount, a day already come.
        if (form.category !== 'mileage' && form.amount === 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Use more than zero', params: { code: 'more_than', count: 0 } })
        if (form.category !== 'mileage' && form.amount !== null && form.tax !== null && form.tax > form.amount) {
          ctx.addIssue({ code: 'custom', path: ['tax'], message: 'Use at most the amount before tax', params: { code: 'tax_above_amount' } })
        }
        if (form.date > today) ctx.addIssue({ code: 'custom', path: ['date'], message: 'After today', params: { code: 'date_ahead' } })
      },
      // Said with the other fields' problems, not only once they are all right.
      { when: () => true },
    )
export type ExpenseFormValues = z.output<ReturnType<typeof expenseForm>>

/** The body a typed claim sends: the amount only for what is not mileage, the distance only for mileage. */
export function expenseBody(form: ExpenseFormValues, receiptId: string | null) {
  const mileage = form.category === 'mileage'
  return {
    date: form.date,
    category: form.category,
    description: form.description,
    ...(mileage ? { distance_km: form.distance_km! } : { amount_cents: form.amount!, tax_cents: form.tax ?? 0 }),
    location_id: form.location_id,
    billable: form.billable,
    receipt_id: receiptId,
  }
}

/**
 * What mileage comes to at a rate, as the server prices it (exact, rounded once): shown while typing.
 * @example
 * mileageCents('42.5', 70) // 2975
 */
export function mileageCents(distance: string, rateCents: number): number | null {
  const parsed = DistanceKm.safeParse(distance.trim().replace(',', '.'))
  return parsed.success ? multiplyRoundHalfUp(rateCents, parsed.data) : null
}

/** A claim's amount as the form shows it (dollars with a point). */
export const dollarsOf = (cents: number) => (cents / 100).toFixed(2)

/** Whether a receipt is shown as a picture (an image) or linked (a PDF). */
export const isImage = (receipt: NonNullable<Expense['receipt']>) => receipt.content_type.startsWith('image/')


/**
 * A local day (YYYY-MM-DD) written the reader's way.
 * @example
 * dayText('2026-03-09', 'fr') // '9 mars 2026'
 */
export function dayText(date: string, locale: string): string {
  return new Intl.DateTimeFormat(`${locale}-CA`, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
}
