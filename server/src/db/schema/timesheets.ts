import type { TimesheetFlag } from '@rota/core'
import { sql } from 'drizzle-orm'
import { check, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { businesses } from './businesses.ts'
import { invoices } from './invoices.ts'
import { editableColumns, tenantColumns, timestamptz } from './columns.ts'
import { locations, services } from './records.ts'
import { shifts } from './schedules.ts'
import { users } from './users.ts'

/** A break taken while clocked in, as the time clock recorded it (ISO instants; `ended_at` null while it goes on). */
export interface StoredBreak {
  started_at: string
  ended_at: string | null
}

/**
 * The hours a person worked on a shift (or without one, added by a manager). `clock_in_at`,
 * `clock_out_at` and `clocked_break_minutes` are what the time clock recorded and never change;
 * `started_at`, `ended_at` and `break_minutes` are the hours that count, corrected by a manager
 * where needed. `ended_at` is null while the person is clocked in (one such row per person).
 * The paid minutes and their split into regular, overtime and double time are worked out over
 * the person's business week whenever a timesheet of that week changes (DESIGN.md §9).
 * `status` is a state of the timesheet machine; `locked_at` is set when an approved payroll
 * counts it, after which it never changes. The `proposed_*` columns hold a correction its staff
 * member proposed and a manager has not decided yet (decision 038): all set, or none.
 */
export const timesheets = pgTable(
  'timesheets',
  {
    ...tenantColumns(),
    shift_id: uuid('shift_id'),
    staff_id: uuid('staff_id').notNull(),
    location_id: uuid('location_id').notNull(),
    service_id: uuid('service_id').notNull(),
    clock_in_at: timestamptz('clock_in_at'),
    clock_out_at: timestamptz('clock_out_at'),
    clocked_break_minutes: integer('clocked_break_minutes'),
    breaks: jsonb('breaks').$type<StoredBreak[]>().notNull().default([]),
    started_at: timestamptz('started_at').notNull(),
    ended_at: timestamptz('ended_at'),
    break_minutes: integer('break_minutes').notNull().default(0),
    paid_minutes: integer('paid_minutes').notNull().default(0),
    regular_minutes: integer('regular_minutes').notNull().default(0),
    overtime_minutes: integer('overtime_minutes').notNull().default(0),
    double_time_minutes: integer('double_time_minutes').notNull().default(0),
    flags: jsonb('flags').$type<TimesheetFlag[]>().notNull().default([]),
    notes: text('notes'),
    correction_reason: text('correction_reason'),
    proposed_started_at: timestamptz('proposed_started_at'),
    proposed_ended_at: timestamptz('proposed_ended_at'),
    proposed_break_minutes: integer('proposed_break_minutes'),
    proposal_reason: text('proposal_reason'),
    proposed_at: timestamptz('proposed_at'),
    status: text('status').notNull().default('pending'),
    decided_by: uuid('decided_by'),
    decided_at: timestamptz('decided_at'),
    /** The payroll that counted it, once approved (which locks it). */
    payroll_id: uuid('payroll_id'),
    locked_at: timestamptz('locked_at'),
    /** The invoice billing it (a draft holds it too); voiding the invoice releases it. */
    invoice_id: uuid('invoice_id'),
    created_by: uuid('created_by'),
    ...editableColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.shift_id], foreignColumns: [shifts.business_id, shifts.id] }),
    foreignKey({ columns: [t.business_id, t.staff_id], foreignColumns: [users.business_id, users.id] }),
    foreignKey({ columns: [t.business_id, t.location_id], foreignColumns: [locations.business_id, locations.id] }),
    foreignKey({ columns: [t.business_id, t.service_id], foreignColumns: [services.business_id, services.id] }),
    foreignKey({ columns: [t.business_id, t.invoice_id], foreignColumns: [invoices.business_id, invoices.id] }),
    index('timesheets_invoice').on(t.business_id, t.invoice_id),
    uniqueIndex('timesheets_shift').on(t.business_id, t.shift_id),
    uniqueIndex('timesheets_open').on(t.business_id, t.staff_id).where(sql`${t.ended_at} is null`),
    index('timesheets_range').on(t.business_id, t.started_at),
    index('timesheets_staff').on(t.business_id, t.staff_id, t.started_at),
    // Timesheets waiting for approval, whatever their week (the dashboard counts them on every visit).
    index('timesheets_pending').on(t.business_id, t.started_at).where(sql`${t.status} = 'pending'`),
    check('timesheets_ends_after_start', sql`${t.ended_at} is null or ${t.ended_at} >= ${t.started_at}`),
    check('timesheets_break', sql`${t.break_minutes} >= 0`),
    check(
      'timesheets_proposal',
      sql`num_nulls(${t.proposed_started_at}, ${t.proposed_ended_at}, ${t.proposed_break_minutes}, ${t.proposal_reason}, ${t.proposed_at}) in (0, 5) and ${t.proposed_ended_at} >= ${t.proposed_started_at} and ${t.proposed_break_minutes} >= 0`,
    ),
  ],
)
