import { z } from 'zod'
import { BusinessAddress, Province } from './account.ts'
import { Id, ListQuery, Locale, Timestamp, Version } from './common.ts'
import { ExpenseCategory } from './expense.ts'
import { LocalDateField, LocalTimeField } from './schedule.ts'
import { Cents } from './service.ts'

/** An invoice's status: a state of the invoice machine (machines/src/invoice-machine.ts). Overdue is derived, not a status. */
export const INVOICE_STATUSES = ['draft', 'sent', 'partially_paid', 'paid', 'void'] as const
export const InvoiceStatus = z.enum(INVOICE_STATUSES)
export type InvoiceStatus = z.infer<typeof InvoiceStatus>

/** How a client paid. */
export const PAYMENT_METHODS = ['e_transfer', 'cheque', 'card', 'cash', 'bank_transfer', 'other'] as const
export const PaymentMethod = z.enum(PAYMENT_METHODS)
export type PaymentMethod = z.infer<typeof PaymentMethod>

/** A quantity people type on a manual line: up to 6 digits and 3 decimals, as text so it stays exact (`'1.5'`). */
export const Quantity = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,3})?$/, 'Use a number such as 2 or 1.5')
  .refine((value) => Number(value) > 0, 'Use more than zero')

const Text = (max: number) => z.string().trim().max(max, `Use at most ${max} characters`)
const Description = Text(300).min(1, 'Required')

/**
 * One line of an invoice: hours of a service (or of one shift) at its bill rate, a manual item,
 * or a billable expense re-billed at its amount before tax (the invoice's own taxes apply on it).
 */
export const InvoiceLine = z.object({
  kind: z.enum(['hours', 'item', 'expense']),
  service_id: Id.nullable(),
  description: z.string(),
  /** Minutes billed, for hours (the amount is computed on them); null for an item. */
  minutes: z.number().int().nullable(),
  /** Hours to the hundredth for hours, the quantity typed for an item. */
  quantity: z.string(),
  unit_price_cents: z.number().int(),
  amount_cents: z.number().int(),
  /** Exempt from the provincial part of the sales tax (PST, RST, QST, HST's provincial part). */
  provincial_exempt: z.boolean(),
})
export type InvoiceLine = z.infer<typeof InvoiceLine>

/** One sales tax on an invoice, its own line: the rate, the base it applies to, the amount and the business's number for it. */
export const InvoiceTax = z.object({
  code: z.enum(['GST', 'HST', 'QST', 'PST', 'RST']),
  /** The translation key of its name: gst, hst, hst_federal_part, qst, pst, rst. */
  label: z.enum(['gst', 'hst', 'hst_federal_part', 'qst', 'pst', 'rst']),
  percent: z.string(),
  base_cents: z.number().int(),
  amount_cents: z.number().int(),
  /** The business's GST/HST or QST registration number, printed beside the tax. */
  registration_number: z.string().nullable(),
})
export type InvoiceTax = z.infer<typeof InvoiceTax>

export const InvoicePayment = z.object({
  id: Id,
  paid_on: LocalDateField,
  amount_cents: z.number().int(),
  method: PaymentMethod,
  reference: z.string().nullable(),
  created_at: Timestamp,
  /** Taken back as recorded in error (when and why); it no longer counts as paid. */
  reversed: z.object({ at: Timestamp, reason: z.string() }).nullable(),
})
export type InvoicePayment = z.infer<typeof InvoicePayment>

/** The client as the invoice is addressed to them. */
export const InvoiceClient = z.object({
  id: Id,
  name: z.string(),
  contact_person: z.string().nullable(),
  email: z.string().nullable(),
  street: z.string(),
  city: z.string(),
  province: Province,
  postal_code: z.string(),
})

/** Who issues it: the business's name, logo, address and tax registration numbers. */
export const InvoiceIssuer = z.object({
  name: z.string(),
  logo: z.string().nullable(),
  address: BusinessAddress,
  gst_hst_number: z.string().nullable(),
  qst_number: z.string().nullable(),
  locale: Locale,
})

/**
 * A client's invoice for a period: lines proposed from their approved hours (by service, or
 * one per shift) and manual items, a discount, each sales tax of the client's province its own
 * line, payments, and what is still owed. `number` is allocated when it is first sent
 * (drafts have none), sequential per business without gaps. `overdue` is derived: still owed
 * after its due date, in the business's time zone.
 */
export const Invoice = z.object({
  id: Id,
  number: z.string().nullable(),
  status: InvoiceStatus,
  overdue: z.boolean(),
  client: InvoiceClient,
  issuer: InvoiceIssuer,
  period_from: LocalDateField,
  period_to: LocalDateField,
  /** The date the invoice bears: set when it is sent, unless chosen before. */
  issue_date: LocalDateField.nullable(),
  due_date: LocalDateField,
  /** Due by the business's payment terms, counted from the day it is sent (no day was chosen). */
  due_on_terms: z.boolean(),
  per_shift: z.boolean(),
  lines: z.array(InvoiceLine),
  timesheet_ids: z.array(Id),
  /** The billable expenses it re-bills (a draft holds them too; a void releases them). */
  expense_ids: z.array(Id),
  subtotal_cents: z.number().int(),
  discount_cents: z.number().int(),
  taxes: z.array(InvoiceTax),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  paid_cents: z.number().int(),
  balance_cents: z.number().int(),
  payments: z.array(InvoicePayment),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  sent_at: Timestamp.nullable(),
  /** When the client first opened the public link, and how many times they did. */
  viewed_at: Timestamp.nullable(),
  view_count: z.number().int(),
  void_reason: z.string().nullable(),
  allowed_events: z.array(z.string()),
  created_at: Timestamp,
  updated_at: Timestamp,
  version: Version,
})
export type Invoice = z.infer<typeof Invoice>

/** A row of the invoices list: the invoice without its lines and payments. */
export const InvoiceSummary = Invoice.omit({ lines: true, payments: true, timesheet_ids: true, expense_ids: true, taxes: true, issuer: true })
export type InvoiceSummary = z.infer<typeof InvoiceSummary>

export const InvoiceItemInput = z.object({
  description: Description,
  quantity: Quantity,
  unit_price_cents: Cents,
  provincial_exempt: z.boolean().default(false),
})
export type InvoiceItemInput = z.infer<typeof InvoiceItemInput>

const InvoiceDate = LocalDateField.refine((date) => date >= '2008-01-01' && date <= '2099-12-31', 'Use a date from 2008 to 2099')
const Notes = Text(2000).nullable()

const invoiceFields = {
  period_from: InvoiceDate,
  period_to: InvoiceDate,
  /** One line per shift rather than one per service. */
  per_shift: z.boolean(),
  /** Which of the client's approved, not yet invoiced timesheets of the period to bill; all of them when left out. */
  timesheet_ids: z.array(Id).max(5000),
  /** Which of the client's approved, billable, not yet billed expenses to re-bill; all of them when left out. */
  expense_ids: z.array(Id).max(500),
  items: z.array(InvoiceItemInput).max(100),
  discount_cents: Cents,
  notes: Notes,
  terms: Notes,
  issue_date: InvoiceDate.nullable(),
  /** When left out: the issue date (or today) plus the business's payment terms (net 30 by default). */
  due_date: InvoiceDate,
}

const periodInOrder = (value: { period_from?: string | undefined; period_to?: string | undefined }, ctx: z.RefinementCtx) => {
  if (value.period_from && value.period_to && value.period_to < value.period_from) {
    ctx.addIssue({ code: 'custom', path: ['period_to'], message: 'End the period on or after its start' })
  }
}

/** What an invoice's due date may not be before: its date (the day it is sent, when none is chosen). */
export const DUE_BEFORE_ISSUE = 'Make it due on or after the invoice date'

const dueAfterIssue = (value: { issue_date?: string | null | undefined; due_date?: string | null | undefined }, ctx: z.RefinementCtx) => {
  if (value.issue_date && value.due_date && value.due_date < value.issue_date) {
    ctx.addIssue({ code: 'custom', path: ['due_date'], message: DUE_BEFORE_ISSUE })
  }
}

/**
 * A new draft invoice for a client and a period.
 * @example
 * CreateInvoiceBody.parse({ location_id, period_from: '2026-03-01', period_to: '2026-03-31' })
 */
export const CreateInvoiceBody = z
  .object({
    location_id: Id,
    period_from: invoiceFields.period_from,
    period_to: invoiceFields.period_to,
    per_shift: invoiceFields.per_shift.default(false),
    timesheet_ids: invoiceFields.timesheet_ids.optional(),
    expense_ids: invoiceFields.expense_ids.optional(),
    items: invoiceFields.items.default([]),
    discount_cents: invoiceFields.discount_cents.default(0),
    notes: invoiceFields.notes.default(null),
    terms: invoiceFields.terms.default(null),
    issue_date: invoiceFields.issue_date.default(null),
    due_date: invoiceFields.due_date.optional(),
    /** Refuse (422 invoice_nothing_to_bill) a draft that would bill nothing, rather than make an empty one: month-end's drafts. */
    require_billable: z.boolean().default(false),
  })
  .superRefine(periodInOrder)
  .superRefine(dueAfterIssue)
export type CreateInvoiceBody = z.infer<typeof CreateInvoiceBody>

/** A draft's change, with the version read: only the fields sent change. Changing the period or `per_shift` proposes its hours and expenses again. */
export const UpdateInvoiceBody = z
  .object({
    version: Version,
    period_from: invoiceFields.period_from.optional(),
    period_to: invoiceFields.period_to.optional(),
    per_shift: invoiceFields.per_shift.optional(),
    timesheet_ids: invoiceFields.timesheet_ids.optional(),
    expense_ids: invoiceFields.expense_ids.optional(),
    items: invoiceFields.items.optional(),
    discount_cents: invoiceFields.discount_cents.optional(),
    notes: invoiceFields.notes.optional(),
    terms: invoiceFields.terms.optional(),
    issue_date: invoiceFields.issue_date.optional(),
    /** Null: due by the payment terms again, counted from the day it is sent. */
    due_date: invoiceFields.due_date.nullable().optional(),
  })
  .superRefine(periodInOrder)
  .superRefine(dueAfterIssue)
export type UpdateInvoiceBody = z.infer<typeof UpdateInvoiceBody>

/** `GET /invoice/proposal`: what an invoice for this client and period would bill, before it exists. */
export const InvoiceProposalQuery = z
  .object({
    location_id: Id,
    period_from: invoiceFields.period_from,
    period_to: invoiceFields.period_to,
    per_shift: z.enum(['true', 'false']).default('false'),
    /** A draft being edited: its own hours are proposed too. */
    invoice_id: Id.optional(),
  })
  .superRefine(periodInOrder)

/** One approved, not yet invoiced timesheet a proposal bills. */
export const BillableTimesheet = z.object({
  id: Id,
  date: LocalDateField,
  /** When it began and ended on the business's clock: two shifts of one day told apart on a line each. */
  start: LocalTimeField,
  end: LocalTimeField,
  staff: z.string(),
  /** The service, and whether its hours are exempt from the provincial sales tax (their line is). */
  service: z.object({ id: Id, name: z.string(), provincial_exempt: z.boolean() }),
  minutes: z.number().int(),
  /** The service's bill rate per hour, which its line bills. */
  rate_cents: z.number().int(),
})

/**
 * One approved (or already reimbursed) expense of the client, marked billable and on no invoice
 * yet, dated up to the period's end: re-billed at `amount_cents`, before tax.
 */
export const BillableExpense = z.object({
  id: Id,
  date: LocalDateField,
  staff: z.string(),
  category: ExpenseCategory,
  description: z.string(),
  distance_km: z.string().nullable(),
  amount_cents: z.number().int(),
})
export type BillableExpense = z.infer<typeof BillableExpense>

export const InvoiceProposal = z.object({
  client: InvoiceClient,
  timesheets: z.array(BillableTimesheet),
  expenses: z.array(BillableExpense),
  /** The hours lines, then one line per expense. */
  lines: z.array(InvoiceLine),
  /** The business's payment terms in days (net 30): the due date's default. */
  terms_days: z.number().int(),
})
export type InvoiceProposal = z.infer<typeof InvoiceProposal>

/** `GET /invoice`: by status, client, overdue, period; `q` searches the number and the client's name. */
export const InvoiceQuery = ListQuery.extend({
  sort: z.enum(['number', 'issue_date', 'due_date', 'total_cents', 'balance_cents', 'created_at', 'status']).optional(),
  filter: z
    .object({
      status: InvoiceStatus.optional(),
      client: Id.optional(),
      overdue: z.enum(['true', 'false']).optional(),
      from: LocalDateField.optional(),
      to: LocalDateField.optional(),
    })
    .optional(),
})
export type InvoiceQuery = z.infer<typeof InvoiceQuery>

/** The most one invoice may come to, taxes included: $1,000,000.00, paid in one payment if need be. */
export const MAX_INVOICE_CENTS = 100_000_000

/** `POST /invoice/{id}/events`: an invoice machine event with the version read. */
export const InvoiceEventBody = z.discriminatedUnion('type', [
  z.object({ type: z.literal('invoice.send'), version: Version }),
  z.object({
    type: z.literal('invoice.payment'),
    version: Version,
    amount_cents: z
      .number({ error: (issue) => (issue.input === undefined ? 'Required' : 'Use a number of cents') })
      .int('Use whole cents')
      .min(1, 'Use more than zero')
      .max(MAX_INVOICE_CENTS, 'Use at most $1,000,000.00'),
    paid_on: InvoiceDate,
    method: PaymentMethod,
    reference: Text(200).nullable().default(null),
  }),
  z.object({ type: z.literal('invoice.void'), version: Version, reason: Text(500).min(1, 'Say why') }),
  /** A payment recorded in error taken back, saying why: the invoice owes its amount again. */
  z.object({ type: z.literal('invoice.payment_reverse'), version: Version, payment_id: Id, reason: Text(500).min(1, 'Say why') }),
])
export type InvoiceEventBody = z.infer<typeof InvoiceEventBody>

/** The client's link to the invoice: signed, bound to it, replaced (and the old one revoked) on demand. */
export const InvoiceLink = z.object({ url: z.string(), pdf_url: z.string() })
export type InvoiceLink = z.infer<typeof InvoiceLink>

/** `/frontend/invoice/{credentials}/{id}`: the public link's parts. */
export const PublicInvoiceParams = z.object({ credentials: z.string().min(1).max(200), id: Id })

/** What the client sees through the public link: the invoice as a document, nothing else of the business. */
export const PublicInvoice = Invoice.omit({ allowed_events: true, timesheet_ids: true, expense_ids: true, version: true, created_at: true, updated_at: true }).extend({
  pdf_url: z.string(),
})
export type PublicInvoice = z.infer<typeof PublicInvoice>

/** `GET /report/invoice?from=…&to=…`: invoices issued in those months (both days included). */
export const InvoiceReportQuery = z
  .object({ from: LocalDateField, to: LocalDateField })
  .superRefine((query, ctx) => {
    if (query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End the range on or after its start' })
  })
export type InvoiceReportQuery = z.infer<typeof InvoiceReportQuery>

export const InvoiceReport = z.object({
  from: LocalDateField,
  to: LocalDateField,
  /** Revenue (invoiced before tax, and total with tax) by month of issue and client. */
  revenue: z.array(
    z.object({
      month: z.string(),
      client: z.object({ id: Id, name: z.string() }),
      invoices: z.number().int(),
      subtotal_cents: z.number().int(),
      total_cents: z.number().int(),
      paid_cents: z.number().int(),
    }),
  ),
  /** What is owed today on every open invoice, by days past due. */
  aging: z.object({
    current: z.number().int(),
    '1_30': z.number().int(),
    '31_60': z.number().int(),
    '61_90': z.number().int(),
    '90_plus': z.number().int(),
  }),
  outstanding_cents: z.number().int(),
})
export type InvoiceReport = z.infer<typeof InvoiceReport>
