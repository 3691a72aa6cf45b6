import { sql } from 'drizzle-orm'
import { boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { businesses } from './businesses.ts'
import { editableColumns, tenantColumns, timestamptz } from './columns.ts'
import { invoices } from './invoices.ts'
import { locations } from './records.ts'
import { users } from './users.ts'

/**
 * An expense a person claims back. Money in cents: `amount_cents` before tax, `tax_cents`,
 * `total_cents` what is reimbursed. Mileage keeps its distance (exact decimal text) and the rate
 * it was priced at. `receipt_id` names a file of the business's store (checked when attached).
 * `status` is a state of the expense machine; `payroll_id` the payroll counting it (a draft may
 * count it, an approved one sets `locked_at`, after which it never changes). `invoice_id` the
 * invoice re-billing a billable claim to its client (a draft holds it too; a void releases it).
 */
export const expenses = pgTable(
  'expenses',
  {
    ...tenantColumns(),
    staff_id: uuid('staff_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    description: text('description').notNull(),
    distance_km: text('distance_km'),
    mileage_rate_cents: integer('mileage_rate_cents'),
    amount_cents: integer('amount_cents').notNull(),
    tax_cents: integer('tax_cents').notNull().default(0),
    total_cents: integer('total_cents').notNull(),
    location_id: uuid('location_id'),
    billable: boolean('billable').notNull().default(false),
    receipt_id: text('receipt_id'),
    status: text('status').notNull().default('submitted'),
    decision_note: text('decision_note'),
    decided_by: uuid('decided_by'),
    decided_at: timestamptz('decided_at'),
    payroll_id: uuid('payroll_id'),
    locked_at: timestamptz('locked_at'),
    invoice_id: uuid('invoice_id'),
    created_by: uuid('created_by').notNull(),
    ...editableColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.staff_id], foreignColumns: [users.business_id, users.id] }),
    foreignKey({ columns: [t.business_id, t.location_id], foreignColumns: [locations.business_id, locations.id] }),
    foreignKey({ columns: [t.business_id, t.invoice_id], foreignColumns: [invoices.business_id, invoices.id] }),
    index('expenses_invoice').on(t.business_id, t.invoice_id),
    index('expenses_staff').on(t.business_id, t.staff_id, t.date),
    index('expenses_date').on(t.business_id, t.date),
    index('expenses_status').on(t.business_id, t.status, t.date),
    check('expenses_amounts', sql`${t.amount_cents} >= 0 and ${t.tax_cents} >= 0 and ${t.total_cents} = ${t.amount_cents} + ${t.tax_cents}`),
  ],
)

/**
 * A pay run of one pay period (local days `period_start`–`period_end`). `number` is allocated
 * when it is approved, from `settings.next_payroll_number`, so approved runs are numbered without
 * gaps. The totals are sums of its lines, kept beside them for lists and the report.
 */
export const payrolls = pgTable(
  'payrolls',
  {
    ...tenantColumns(),
    number: integer('number'),
    frequency: text('frequency').notNull(),
    period_start: date('period_start', { mode: 'string' }).notNull(),
    period_end: date('period_end', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('draft'),
    notes: text('notes'),
    people_count: integer('people_count').notNull().default(0),
    regular_minutes: integer('regular_minutes').notNull().default(0),
    overtime_minutes: integer('overtime_minutes').notNull().default(0),
    double_time_minutes: integer('double_time_minutes').notNull().default(0),
    gross_cents: integer('gross_cents').notNull().default(0),
    overtime_cents: integer('overtime_cents').notNull().default(0),
    reimbursements_cents: integer('reimbursements_cents').notNull().default(0),
    deductions_cents: integer('deductions_cents').notNull().default(0),
    net_cents: integer('net_cents').notNull().default(0),
    calculated_at: timestamptz('calculated_at').notNull().defaultNow(),
    approved_by: uuid('approved_by'),
    approved_at: timestamptz('approved_at'),
    paid_by: uuid('paid_by'),
    paid_at: timestamptz('paid_at'),
    created_by: uuid('created_by').notNull(),
    ...editableColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade'),
    uniqueIndex('payrolls_number').on(t.business_id, t.number),
    uniqueIndex('payrolls_period').on(t.business_id, t.period_start),
    index('payrolls_status').on(t.business_id, t.status, t.period_start),
  ],
)

/**
 * One person in a pay run: their totals and the approved timesheets the run counted (locked
 * when it is approved, so exactly what the payslip shows is what is locked).
 */
export const payrollPeople = pgTable(
  'payroll_people',
  {
    business_id: text('business_id').notNull(),
    payroll_id: uuid('payroll_id').notNull(),
    staff_id: uuid('staff_id').notNull(),
    timesheet_ids: jsonb('timesheet_ids').$type<string[]>().notNull().default([]),
    regular_minutes: integer('regular_minutes').notNull().default(0),
    overtime_minutes: integer('overtime_minutes').notNull().default(0),
    double_time_minutes: integer('double_time_minutes').notNull().default(0),
    gross_cents: integer('gross_cents').notNull().default(0),
    overtime_cents: integer('overtime_cents').notNull().default(0),
    reimbursements_cents: integer('reimbursements_cents').notNull().default(0),
    deductions_cents: integer('deductions_cents').notNull().default(0),
    net_cents: integer('net_cents').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.payroll_id, t.staff_id] }),
    foreignKey({ columns: [t.business_id, t.payroll_id], foreignColumns: [payrolls.business_id, payrolls.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.staff_id], foreignColumns: [users.business_id, users.id] }),
    index('payroll_people_staff').on(t.business_id, t.staff_id),
  ],
)

/** One payslip line (kinds in core's PAYROLL_LINE_KINDS); `manual` lines survive a recalculation. */
export const payrollLines = pgTable(
  'payroll_lines',
  {
    ...tenantColumns(),
    payroll_id: uuid('payroll_id').notNull(),
    staff_id: uuid('staff_id').notNull(),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    minutes: integer('minutes'),
    rate_cents: integer('rate_cents'),
    multiplier: text('multiplier'),
    amount_cents: integer('amount_cents').notNull(),
    expense_id: uuid('expense_id'),
    manual: boolean('manual').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id, t.payroll_id], foreignColumns: [payrolls.business_id, payrolls.id] }).onDelete('cascade'),
    index('payroll_lines_payroll').on(t.business_id, t.payroll_id, t.staff_id, t.position),
    check('payroll_lines_amount', sql`${t.amount_cents} >= 0`),
  ],
)
