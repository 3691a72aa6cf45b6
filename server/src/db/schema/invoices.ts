import type { InvoiceTax } from '@rota/core'
import { sql } from 'drizzle-orm'
import { boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { businesses } from './businesses.ts'
import { editableColumns, foldedText, tenantColumns, timestamptz } from './columns.ts'
import { locations } from './records.ts'

/**
 * A client's invoice for a period (DESIGN.md §9). Its money is stored as computed when the
 * draft last changed (lines, tax lines with the registration numbers, totals), so a document
 * never changes after it is sent even when a rate or a tax does. `number` is allocated from
 * the business's settings when it is first sent, in that transaction, so numbers have no gaps.
 * `link_version` is in the client's signed link: bumping it revokes the link.
 * `search_key` is the number and the client's name folded by core.
 */
export const invoices = pgTable(
  'invoices',
  {
    ...tenantColumns(),
    number: text('number'),
    location_id: uuid('location_id').notNull(),
    province: text('province').notNull(),
    period_from: date('period_from', { mode: 'string' }).notNull(),
    period_to: date('period_to', { mode: 'string' }).notNull(),
    issue_date: date('issue_date', { mode: 'string' }),
    due_date: date('due_date', { mode: 'string' }).notNull(),
    /** Due by the business's payment terms rather than on a chosen day: counted again from the day it is sent. */
    due_on_terms: boolean('due_on_terms').notNull().default(false),
    per_shift: boolean('per_shift').notNull().default(false),
    taxes: jsonb('taxes').$type<InvoiceTax[]>().notNull().default([]),
    subtotal_cents: integer('subtotal_cents').notNull().default(0),
    discount_cents: integer('discount_cents').notNull().default(0),
    tax_cents: integer('tax_cents').notNull().default(0),
    total_cents: integer('total_cents').notNull().default(0),
    paid_cents: integer('paid_cents').notNull().default(0),
    notes: text('notes'),
    terms: text('terms'),
    status: text('status').notNull().default('draft'),
    sent_at: timestamptz('sent_at'),
    viewed_at: timestamptz('viewed_at'),
    view_count: integer('view_count').notNull().default(0),
    link_version: integer('link_version').notNull().default(1),
    voided_at: timestamptz('voided_at'),
    void_reason: text('void_reason'),
    created_by: uuid('created_by'),
    search_key: foldedText('search_key'),
    ...editableColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.location_id], foreignColumns: [locations.business_id, locations.id] }),
    uniqueIndex('invoices_number').on(t.business_id, t.number),
    index('invoices_client').on(t.business_id, t.location_id),
    index('invoices_created').on(t.business_id, t.created_at),
    index('invoices_open_due').on(t.business_id, t.due_date).where(sql`${t.status} in ('sent', 'partially_paid')`),
    check('invoices_paid', sql`${t.paid_cents} >= 0 and ${t.paid_cents} <= greatest(${t.total_cents}, 0)`),
    check('invoices_period', sql`${t.period_to} >= ${t.period_from}`),
    check('invoices_number_when_sent', sql`${t.status} = 'draft' or (${t.status} = 'void' and ${t.sent_at} is null) or ${t.number} is not null`),
  ],
)

/**
 * One line of an invoice, in order: hours of a service (or of one shift) at its bill rate,
 * or a manual item. `amount_cents` is rounded once, half up, when the line is written.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    ...tenantColumns(),
    invoice_id: uuid('invoice_id').notNull(),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    service_id: uuid('service_id'),
    description: text('description').notNull(),
    minutes: integer('minutes'),
    quantity: text('quantity').notNull(),
    unit_price_cents: integer('unit_price_cents').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    provincial_exempt: boolean('provincial_exempt').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.invoice_id], foreignColumns: [invoices.business_id, invoices.id] }).onDelete('cascade'),
    uniqueIndex('invoice_lines_position').on(t.business_id, t.invoice_id, t.position),
  ],
)

/** A payment received against an invoice. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    ...tenantColumns(),
    invoice_id: uuid('invoice_id').notNull(),
    paid_on: date('paid_on', { mode: 'string' }).notNull(),
    amount_cents: integer('amount_cents').notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    created_by: uuid('created_by'),
    created_at: timestamptz('created_at').notNull().defaultNow(),
    /** Taken back (recorded in error): kept, with when, by whom and why; the invoice owes its amount again. */
    reversed_at: timestamptz('reversed_at'),
    reversed_by: uuid('reversed_by'),
    reversal_reason: text('reversal_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.business_id, t.id] }),
    foreignKey({ columns: [t.business_id], foreignColumns: [businesses.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.business_id, t.invoice_id], foreignColumns: [invoices.business_id, invoices.id] }).onDelete('cascade'),
    index('invoice_payments_invoice').on(t.business_id, t.invoice_id),
    check('invoice_payments_amount', sql`${t.amount_cents} > 0`),
  ],
)
