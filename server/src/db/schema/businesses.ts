import { sql } from 'drizzle-orm'
import { boolean, foreignKey, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { editableColumns, foldedText, tenantColumns, timestamptz } from './columns.ts'

/** A tenant. Its id is the sign-in identifier the business chose at registration. */
export const businesses = pgTable('businesses', {
  id: text('id').primaryKey(),
  created_at: timestamptz('created_at').notNull().defaultNow(),
})

export const settings = pgTable('settings', {
  business_id: text('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  business_name: text('business_name').notNull(),
  business_logo: text('business_logo'),
  /** The business's postal address and phone, printed under its name on invoices and payslips (each optional). */
  business_street: text('business_street'),
  business_city: text('business_city'),
  business_province: text('business_province'),
  business_postal_code: text('business_postal_code'),
  business_phone: text('business_phone'),
  completed_guided_setup: text('completed_guided_setup').notNull().default(''),
  timezone: text('timezone').notNull().default('America/Toronto'),
  week_start: smallint('week_start').notNull().default(0),
  locale: text('locale').notNull().default('en'),
  invoice_prefix: text('invoice_prefix').notNull().default('INV-'),
  next_invoice_number: integer('next_invoice_number').notNull().default(1),
  tax_province: text('tax_province').notNull().default('ON'),
  require_otp: boolean('require_otp').notNull().default(false),
  /** The least rest between two shifts of one person before the schedule warns. */
  min_rest_minutes: integer('min_rest_minutes').notNull().default(480),
  /** Whose overtime presets count the timesheets' hours: a province or territory, or FED. */
  overtime_jurisdiction: text('overtime_jurisdiction').notNull().default('ON'),
  /** How early or late a clocking may be before the timesheet is flagged. */
  clock_tolerance_minutes: integer('clock_tolerance_minutes').notNull().default(5),
  /** How far from the client a clocking may be before the timesheet is flagged. */
  location_radius_m: integer('location_radius_m').notNull().default(250),
  /** How long after a shift's planned end a forgotten clock-out is closed at that end. */
  forgotten_clock_out_grace_minutes: integer('forgotten_clock_out_grace_minutes').notNull().default(60),
  // Expenses and payroll (decision 027)
  /** Cents reimbursed per kilometre of mileage (CRA's 2025 rate for the first 5,000 km). */
  mileage_rate_cents: integer('mileage_rate_cents').notNull().default(72),
  /** weekly, biweekly, semimonthly or monthly (core's PaySchedule). */
  pay_frequency: text('pay_frequency').notNull().default('biweekly'),
  /** The first day of any one bi-weekly period (a local date). */
  pay_anchor: text('pay_anchor').notNull().default('2026-01-05'),
  /** Vacation pay, a percentage of gross as exact decimal text. */
  vacation_pay_percent: text('vacation_pay_percent').notNull().default('4'),
  /** The next payroll number: allocated when a run is approved, without gaps. */
  next_payroll_number: integer('next_payroll_number').notNull().default(1),
  /** Invoices: the GST/HST and QST registration numbers printed beside those taxes, and the payment terms in days. */
  gst_hst_number: text('gst_hst_number'),
  qst_number: text('qst_number'),
  invoice_terms_days: integer('invoice_terms_days').notNull().default(30),
  /** Most days in a row a person may be given by the fill (issue 18); null: no limit. */
  max_days_in_row: integer('max_days_in_row').default(6),
  /** The fill's soft goals, in cents (see core's FillWeights); each null falls back to core's default. */
  fill_weights: jsonb('fill_weights').$type<Partial<Record<'cost' | 'over_preferred' | 'fairness' | 'continuity' | 'preference', number>>>(),
  ...editableColumns(),
})

/** A role; `search_key` and `sort_key` are its name folded by core (accent- and case-blind, numbers in order). */
export const roles = pgTable(
  'roles',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    search_key: foldedText('search_key'),
    sort_key: foldedText('sort_key'),
    ...editableColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade'),
    uniqueIndex('roles_name_unique').on(t.business_id, sql`lower(${t.name})`),
  ],
)

/** What a role may do with one permission model. */
export const permissions = pgTable(
  'permissions',
  {
    business_id: text('business_id').notNull(),
    role_id: uuid('role_id').notNull(),
    model_name: text('model_name').notNull(),
    read: boolean('read').notNull().default(false),
    create: boolean('create').notNull().default(false),
    update: boolean('update').notNull().default(false),
    delete: boolean('delete').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.role_id, t.model_name] }),
    foreignKey({ columns: [t.business_id, t.role_id], foreignColumns: [roles.business_id, roles.id] }).onDelete('cascade'),
  ],
)
