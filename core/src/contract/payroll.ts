import { z } from 'zod'
import { BusinessAddress } from './account.ts'
import { Id, ListQuery, Timestamp, Version } from './common.ts'
import { LocalDateField } from './schedule.ts'
import { Cents } from './service.ts'

/** A payroll's status: a state of the payroll machine (machines/src/payroll-machine.ts). */
export const PAYROLL_STATUSES = ['draft', 'approved', 'paid'] as const
export const PayrollStatus = z.enum(PAYROLL_STATUSES)
export type PayrollStatus = z.infer<typeof PayrollStatus>

/** How often a business pays (core's pay-period.ts). */
export const PAY_FREQUENCIES = ['weekly', 'biweekly', 'semimonthly', 'monthly'] as const
export const PayFrequency = z.enum(PAY_FREQUENCIES)
export type PayFrequency = z.infer<typeof PayFrequency>

/**
 * The kinds of payslip line. Worked hours (`regular`, `overtime`, `double_time`, and `holiday`:
 * regular hours worked on a statutory holiday, at its premium), `holiday_pay` (a statutory
 * holiday's pay, its description the holiday's date and key: `2026-09-07 labour_day`) and
 * `vacation_pay` are calculated from approved timesheets, `reimbursement` from approved expenses;
 * `bonus` (earnings), `deduction` and `advance` (an advance paid earlier, recovered) are the
 * business's own, added by hand. Statutory deductions are the payroll provider's (DESIGN.md §9).
 */
export const PAYROLL_LINE_KINDS = ['regular', 'holiday', 'overtime', 'double_time', 'holiday_pay', 'vacation_pay', 'reimbursement', 'bonus', 'deduction', 'advance'] as const
export const PayrollLineKind = z.enum(PAYROLL_LINE_KINDS)
export type PayrollLineKind = z.infer<typeof PayrollLineKind>

/** The kinds a person adds by hand. */
export const MANUAL_LINE_KINDS = ['bonus', 'deduction', 'advance'] as const
export const ManualLineKind = z.enum(MANUAL_LINE_KINDS)
export type ManualLineKind = z.infer<typeof ManualLineKind>

/** Kinds that make up gross earnings. */
export const EARNING_KINDS: readonly PayrollLineKind[] = ['regular', 'holiday', 'overtime', 'double_time', 'holiday_pay', 'vacation_pay', 'bonus']
/** Kinds taken off the pay (shown positive, subtracted from net). */
export const DEDUCTION_KINDS: readonly PayrollLineKind[] = ['deduction', 'advance']

/**
 * One line of a payslip: minutes × rate (× multiplier) for hours, rounded once, half up
 * (DESIGN.md §9); an expense's total for a reimbursement; an amount for a manual line.
 * `amount_cents` is never negative: the kind says whether it adds or is taken off.
 */
export const PayrollLine = z.object({
  id: Id,
  kind: PayrollLineKind,
  description: z.string(),
  minutes: z.number().int().nullable(),
  rate_cents: z.number().int().nullable(),
  multiplier: z.string().nullable(),
  amount_cents: z.number().int(),
  expense_id: Id.nullable(),
  manual: z.boolean(),
})
export type PayrollLine = z.infer<typeof PayrollLine>

/** What a person's pay adds up to. */
export const PayTotals = z.object({
  regular_minutes: z.number().int(),
  overtime_minutes: z.number().int(),
  double_time_minutes: z.number().int(),
  /** Earnings: hours, vacation pay and bonuses. */
  gross_cents: z.number().int(),
  overtime_cents: z.number().int(),
  reimbursements_cents: z.number().int(),
  deductions_cents: z.number().int(),
  /** gross + reimbursements − deductions, before the statutory deductions of the payroll provider. */
  net_cents: z.number().int(),
})
export type PayTotals = z.infer<typeof PayTotals>

/** One person's part of a pay run: their payslip. */
export const PayrollPerson = PayTotals.extend({
  staff: z.object({ id: Id, name: z.string(), email: z.string(), locale: z.string() }),
  timesheets: z.number().int(),
  lines: z.array(PayrollLine),
})
export type PayrollPerson = z.infer<typeof PayrollPerson>

/** Someone with hours in the period that are not approved yet: not paid for them until they are. */
export const PayrollUnapproved = z.object({
  staff: z.object({ id: Id, name: z.string() }),
  timesheets: z.array(z.object({ id: Id, date: LocalDateField, status: z.string(), paid_minutes: z.number().int() })),
})
export type PayrollUnapproved = z.infer<typeof PayrollUnapproved>

/**
 * A pay run of one pay period. `number` is given when it is approved: sequential per business,
 * without gaps. `people` holds each person's payslip; `unapproved` (drafts only) who has hours of
 * the period still waiting for approval, so nobody is left out without the clerk knowing why.
 */
export const Payroll = PayTotals.extend({
  id: Id,
  number: z.number().int().nullable(),
  frequency: PayFrequency,
  period_start: LocalDateField,
  period_end: LocalDateField,
  status: PayrollStatus,
  notes: z.string().nullable(),
  /** Who the run pays (the list leaves it empty; one payroll's answer fills it). */
  people: z.array(PayrollPerson),
  people_count: z.number().int(),
  unapproved: z.array(PayrollUnapproved),
  calculated_at: Timestamp,
  approved_at: Timestamp.nullable(),
  paid_at: Timestamp.nullable(),
  allowed_events: z.array(z.string()),
  created_at: Timestamp,
  updated_at: Timestamp,
  version: Version,
})
export type Payroll = z.infer<typeof Payroll>

/** `POST /payroll`: a draft for the pay period (from the schedule in settings) that holds `date`. */
export const CreatePayrollBody = z.object({ date: LocalDateField.refine((date) => date >= '2001-01-01' && date <= '2099-12-31', 'Use a date from 2001 to 2099') })
export type CreatePayrollBody = z.infer<typeof CreatePayrollBody>

export const ManualLineBody = z.object({
  staff_id: Id,
  kind: ManualLineKind,
  description: z.string().trim().min(1, 'Required').max(200, 'Use at most 200 characters'),
  amount_cents: Cents.refine((cents) => cents > 0, 'Use more than zero'),
})
export type ManualLineBody = z.infer<typeof ManualLineBody>

/** `PUT /payroll/{id}`: a draft's notes and its manual lines (the whole list, replacing the old one). */
export const UpdatePayrollBody = z.object({
  version: Version,
  notes: z.string().trim().max(2000).nullable().optional(),
  manual_lines: z.array(ManualLineBody).max(2000).optional(),
})
export type UpdatePayrollBody = z.infer<typeof UpdatePayrollBody>

export const RecalculatePayrollBody = z.object({ version: Version })

export const PayrollQuery = ListQuery.extend({
  sort: z.enum(['period_start', 'number', 'status']).optional(),
  filter: z.object({ status: PayrollStatus.optional(), number: z.coerce.number().int().min(1).optional() }).optional(),
})
export type PayrollQuery = z.infer<typeof PayrollQuery>

/** `POST /payroll/{id}/events`: approve (locks its timesheets and expenses, numbers it), then pay. */
export const PayrollEventBody = z.object({ type: z.enum(['payroll.approve', 'payroll.pay']), version: Version })
export type PayrollEventBody = z.infer<typeof PayrollEventBody>

/** One payslip: a person's part of an approved run, with the run's period and number. */
export const Payslip = PayrollPerson.extend({
  payroll: z.object({ id: Id, number: z.number().int().nullable(), period_start: LocalDateField, period_end: LocalDateField, status: PayrollStatus, paid_at: Timestamp.nullable() }),
  business: z.object({ name: z.string(), logo: z.string().nullable(), address: BusinessAddress }),
})
export type Payslip = z.infer<typeof Payslip>

export const PayslipParams = z.object({ id: Id, staff_id: Id })

/** A payslip as a list shows it. */
export const PayslipSummary = z.object({
  payroll_id: Id,
  number: z.number().int().nullable(),
  period_start: LocalDateField,
  period_end: LocalDateField,
  status: PayrollStatus,
  gross_cents: z.number().int(),
  net_cents: z.number().int(),
})
export const PayslipQuery = ListQuery.extend({})

/** `GET /report/payroll?from=…&to=…`: approved and paid runs whose period starts in the range. */
export const PayrollReportQuery = z
  .object({ from: LocalDateField, to: LocalDateField })
  .superRefine((query, ctx) => {
    if (query.to < query.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End the range on or after its start' })
  })
export type PayrollReportQuery = z.infer<typeof PayrollReportQuery>

export const PayrollReportRow = z.object({
  period_start: LocalDateField,
  period_end: LocalDateField,
  payroll_number: z.number().int().nullable(),
  staff: z.object({ id: Id, name: z.string() }),
  gross_cents: z.number().int(),
  overtime_cents: z.number().int(),
  reimbursements_cents: z.number().int(),
  deductions_cents: z.number().int(),
  net_cents: z.number().int(),
})
export type PayrollReportRow = z.infer<typeof PayrollReportRow>

export const PayrollReport = z.object({
  from: LocalDateField,
  to: LocalDateField,
  rows: z.array(PayrollReportRow),
  totals: z.object({ gross_cents: z.number().int(), overtime_cents: z.number().int(), reimbursements_cents: z.number().int(), deductions_cents: z.number().int(), net_cents: z.number().int() }),
})
export type PayrollReport = z.infer<typeof PayrollReport>

/** `GET /report/payroll/margin?from=…&to=…`: what each client's work cost against what it was invoiced. */
export const PayrollMarginQuery = PayrollReportQuery
export type PayrollMarginQuery = z.infer<typeof PayrollMarginQuery>

const MarginFigures = z.object({
  /** Worked minutes of approved timesheets that start in the range. */
  worked_minutes: z.number().int(),
  /** Those hours as paid: regular, overtime and double time at the person's rate (else the service's). */
  labour_cents: z.number().int(),
  /** Sent and paid invoices whose period starts in the range: their lines before tax less the discount, re-billed expenses left out. */
  invoiced_cents: z.number().int(),
  /** `invoiced − labour`. */
  margin_cents: z.number().int(),
  /** The margin as a percentage of invoiced, one decimal (`'25.0'`); null when nothing was invoiced. */
  margin_percent: z.string().nullable(),
})

export const ClientMargin = MarginFigures.extend({ client: z.object({ id: Id, name: z.string() }) })
export type ClientMargin = z.infer<typeof ClientMargin>

/** Labour cost against invoiced value per client, by the clients' names, with the totals. */
export const PayrollMargin = z.object({
  from: LocalDateField,
  to: LocalDateField,
  clients: z.array(ClientMargin),
  totals: MarginFigures,
})
export type PayrollMargin = z.infer<typeof PayrollMargin>
