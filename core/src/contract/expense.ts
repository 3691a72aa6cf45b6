import { z } from 'zod'
import { Id, ListQuery, Timestamp, Version } from './common.ts'
import { Cents } from './service.ts'
import { LocalDateField } from './schedule.ts'

/** An expense claim's status: a state of the expense machine (machines/src/expense-machine.ts). */
export const EXPENSE_STATUSES = ['submitted', 'approved', 'rejected', 'reimbursed'] as const
export const ExpenseStatus = z.enum(EXPENSE_STATUSES)
export type ExpenseStatus = z.infer<typeof ExpenseStatus>

/** What an expense was for. Mileage is priced by Rota: distance × the business's rate per kilometre. */
export const EXPENSE_CATEGORIES = ['mileage', 'meals', 'supplies', 'other'] as const
export const ExpenseCategory = z.enum(EXPENSE_CATEGORIES)
export type ExpenseCategory = z.infer<typeof ExpenseCategory>

/** Kilometres as exact decimal text, at most one decimal: `'12.5'` (never a float). */
export const DistanceKm = z
  .string()
  .trim()
  .regex(/^\d{1,5}(\.\d)?$/, 'Use kilometres such as 12.5')
  .refine((value) => Number(value) > 0, 'Use more than zero')

/** The receipt attached to a claim: a file of the business's store (an image or a PDF). */
export const ExpenseReceipt = z.object({ id: z.string(), content_type: z.string(), size: z.number().int() })
export type ExpenseReceipt = z.infer<typeof ExpenseReceipt>

/**
 * An expense a staff member paid for the business and claims back. `amount_cents` before tax,
 * `tax_cents` the sales tax on the receipt, `total_cents` what is reimbursed. A claim about a
 * client (`location`) marked `billable` goes onto that client's next invoice (`invoice`). `locked` once an
 * approved payroll reimburses it: it cannot change, nor be paid again.
 */
export const Expense = z.object({
  id: Id,
  staff: z.object({ id: Id, name: z.string() }),
  date: LocalDateField,
  category: ExpenseCategory,
  description: z.string(),
  /** For mileage: the distance and the rate per kilometre it was priced at. */
  distance_km: z.string().nullable(),
  mileage_rate_cents: z.number().int().nullable(),
  amount_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  location: z.object({ id: Id, name: z.string() }).nullable(),
  billable: z.boolean(),
  receipt: ExpenseReceipt.nullable(),
  status: ExpenseStatus,
  /** Why it was rejected. */
  decision_note: z.string().nullable(),
  decided_by: z.object({ id: Id, name: z.string() }).nullable(),
  decided_at: Timestamp.nullable(),
  /** The payroll that reimburses it (a draft counts it, an approved one locks it). */
  payroll: z.object({ id: Id, number: z.number().int().nullable() }).nullable(),
  /** The invoice re-billing it to its client (a draft's number is null); it then cannot change. */
  invoice: z.object({ id: Id, number: z.string().nullable() }).nullable(),
  locked: z.boolean(),
  allowed_events: z.array(z.string()),
  created_at: Timestamp,
  updated_at: Timestamp,
  version: Version,
})
export type Expense = z.infer<typeof Expense>

const Description = z.string().trim().min(1, 'Required').max(500, 'Use at most 500 characters')
const ExpenseDate = LocalDateField.refine((date) => date >= '2001-01-01' && date <= '2099-12-31', 'Use a date from 2001 to 2099')
/** What was paid before tax: a claim of nothing is no claim. */
const Amount = Cents.refine((cents) => cents > 0, 'Use more than zero')

const expenseFields = {
  date: ExpenseDate,
  category: ExpenseCategory,
  description: Description,
  /** Before tax; for mileage Rota prices it (leave it out). */
  amount_cents: Amount.optional(),
  tax_cents: Cents.optional(),
  distance_km: DistanceKm.optional(),
  location_id: Id.nullable().optional(),
  billable: z.boolean().optional(),
  receipt_id: z.string().min(1).max(200).nullable().optional(),
}

function refineAmount(body: { category?: ExpenseCategory; amount_cents?: number | undefined; tax_cents?: number | undefined; distance_km?: string | undefined }, ctx: z.RefinementCtx) {
  if (body.category === 'mileage' && body.distance_km === undefined) ctx.addIssue({ code: 'custom', path: ['distance_km'], message: 'Required for mileage' })
  if (body.category !== undefined && body.category !== 'mileage' && body.amount_cents === undefined) ctx.addIssue({ code: 'custom', path: ['amount_cents'], message: 'Required' })
  refineMileage(body, ctx)
  refineTax(body, ctx)
}

/**
 * The fields a claim of its category does not take, with why: mileage is priced from its distance,
 * anything else is not, and a field of the other kind would be dropped without a word.
 * @example
 * mileageProblems({ category: 'mileage', distance_km: '12', amount_cents: 500 }) // { amount_cents: 'Leave it out: mileage is priced from its distance' }
 */
export function mileageProblems(body: { category?: ExpenseCategory | undefined; amount_cents?: number | undefined; tax_cents?: number | undefined; distance_km?: string | undefined }): Record<string, string> {
  const problems: Record<string, string> = {}
  if (body.category === 'mileage') {
    for (const field of ['amount_cents', 'tax_cents'] as const) if (body[field] !== undefined) problems[field] = 'Leave it out: mileage is priced from its distance'
  } else if (body.category !== undefined && body.distance_km !== undefined) {
    problems.distance_km = 'Only for mileage'
  }
  return problems
}

function refineMileage(body: Parameters<typeof mileageProblems>[0], ctx: z.RefinementCtx) {
  for (const [field, message] of Object.entries(mileageProblems(body))) ctx.addIssue({ code: 'custom', path: [field], message })
}

/** No Canadian sales tax comes near the price it is charged on. */
function refineTax(body: { amount_cents?: number | undefined; tax_cents?: number | undefined }, ctx: z.RefinementCtx) {
  if (body.amount_cents !== undefined && body.tax_cents !== undefined && body.tax_cents > body.amount_cents) {
    ctx.addIssue({ code: 'custom', path: ['tax_cents'], message: 'Use at most the amount before tax' })
  }
}

/**
 * A claim: for oneself, or for someone else by someone who approves claims (expenses:update).
 * @example
 * CreateExpenseBody.parse({ date: '2026-03-09', category: 'mileage', description: 'Client visit', distance_km: '42.5' })
 */
export const CreateExpenseBody = z
  .object({ staff_id: Id.optional(), ...expenseFields })
  .superRefine(refineAmount)
export type CreateExpenseBody = z.infer<typeof CreateExpenseBody>

/** A change of a submitted claim, with the version read: only the fields sent change. */
export const UpdateExpenseBody = z
  .object({
    version: Version,
    date: ExpenseDate.optional(),
    category: ExpenseCategory.optional(),
    description: Description.optional(),
    amount_cents: Amount.optional(),
    tax_cents: Cents.optional(),
    distance_km: DistanceKm.optional(),
    location_id: Id.nullable().optional(),
    billable: z.boolean().optional(),
    receipt_id: z.string().min(1).max(200).nullable().optional(),
  })
  .superRefine(refineTax)
export type UpdateExpenseBody = z.infer<typeof UpdateExpenseBody>

/**
 * `GET /expense?from=…&to=…&filter[status]=submitted`: claims by date range (both included),
 * person, status, category, client. Staff without expenses:update see their own.
 */
export const ExpenseQuery = ListQuery.extend({
  from: LocalDateField.optional(),
  to: LocalDateField.optional(),
  sort: z.enum(['date', 'total', 'status', 'staff']).optional(),
  filter: z
    .object({
      staff: Id.optional(),
      status: ExpenseStatus.optional(),
      category: ExpenseCategory.optional(),
      location: Id.optional(),
      mine: z.enum(['true']).optional(),
    })
    .optional(),
})
export type ExpenseQuery = z.infer<typeof ExpenseQuery>

const Reason = z.string().trim().min(1, 'Say why').max(500, 'Use at most 500 characters')

/** `POST /expense/{id}/events`: an expense machine event with the version read. */
export const ExpenseEventBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('expense.approve'), version: Version }),
  z.object({ type: z.literal('expense.reject'), version: Version, reason: Reason }),
  z.object({ type: z.literal('expense.reimburse'), version: Version }),
])
export type ExpenseEventBody = z.infer<typeof ExpenseEventBody>

/** `POST /expense/events`: approve or reject many claims at once, all or none. */
export const BulkExpenseEventsBody = z
  .object({ type: z.enum(['expense.approve', 'expense.reject']), ids: z.array(Id).min(1).max(500), reason: Reason.optional() })
  .superRefine((body, ctx) => {
    if (body.type === 'expense.reject' && !body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why' })
  })
export const BulkExpenseEventsResult = z.object({ expenses: z.array(Expense) })
