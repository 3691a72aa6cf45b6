import {
  expenseLines,
  groupBillable,
  hoursLines,
  invoiceMoney,
  itemLines,
  localDateOf,
  localTimeOf,
  MAX_INVOICE_CENTS,
  salesTaxFrom,
  type BillableExpenseCharge,
  type BillableTimesheetHours,
  type ExpenseCategory,
  type InvoiceItemInput,
  type InvoiceLine,
  type InvoiceTax,
  type Locale,
  type Province,
  type Settings,
} from '@rota/core'
import { unprocessable } from '../errors.ts'
import type { BillableExpenseRow, BillableRow } from '../repositories/invoices.ts'

/**
 * An approved timesheet as core's grouping reads it: its business day, person, service (with
 * its exemption from the provincial sales tax, as it is now: a draft priced again follows a
 * change to it), minutes and rate — the client's own for the service, else the service's, as
 * they are when the invoice is proposed or priced (lines already stored keep theirs).
 */
export function billableOf(row: BillableRow, timeZone: string): BillableTimesheetHours {
  return {
    id: row.id,
    date: localDateOf(row.started_at, timeZone),
    start: localTimeOf(row.started_at, timeZone),
    // Billed hours are finished ones; an open one (never billed) reads as its start.
    end: localTimeOf(row.ended_at ?? row.started_at, timeZone),
    staff: `${row.staff.firstname} ${row.staff.lastname}`.trim(),
    service: { id: row.service.id, name: row.service.name, provincial_exempt: row.service.provincial_exempt },
    minutes: row.paid_minutes,
    rate_cents: row.service.bill_rate_cents,
  }
}

/** A billable expense as core's lines read it: its day, person, category, what was written and its amount before tax. */
export function chargeOf(row: BillableExpenseRow): BillableExpenseCharge {
  return {
    id: row.id,
    date: row.date,
    staff: `${row.staff.firstname} ${row.staff.lastname}`.trim(),
    category: row.category as ExpenseCategory,
    description: row.description,
    distance_km: row.distance_km,
    amount_cents: row.amount_cents,
  }
}

/** What an invoice stores of its money: lines, tax lines with the business's numbers, totals. */
export interface PricedInvoice {
  lines: InvoiceLine[]
  taxes: InvoiceTax[]
  subtotal_cents: number
  discount_cents: number
  tax_cents: number
  total_cents: number
}

/** The registration number printed beside a tax: GST/HST's for GST and HST, the QST number for QST. */
function registrationOf(code: InvoiceTax['code'], settings: Pick<Settings, 'gst_hst_number' | 'qst_number'>): string | null {
  if (code === 'GST' || code === 'HST') return settings.gst_hst_number
  if (code === 'QST') return settings.qst_number
  return null
}

/**
 * Prices an invoice (core's rules: each line rounded once, each tax its own line on the
 * client's province and the invoice's date). A discount larger than the lines is refused.
 */
export function priceInvoice(
  lines: readonly InvoiceLine[],
  discountCents: number,
  province: Province,
  date: string,
  settings: Pick<Settings, 'gst_hst_number' | 'qst_number'>,
): PricedInvoice {
  const taxedFrom = salesTaxFrom(province)
  if (taxedFrom === null || date < taxedFrom) throw unprocessable('invoice_before_tax_table', { issue_date: `On or after ${taxedFrom}, the first day Rota knows ${province}'s sales tax` })
  const money = invoiceMoney(lines, discountCents, province, date)
  // Past it, a figure would not fit its column, and no payment could settle it.
  const largest = Math.max(money.total_cents, money.subtotal_cents, ...money.lines.map((line) => line.amount_cents))
  if (largest > MAX_INVOICE_CENTS) throw unprocessable('invoice_too_large', { total_cents: `At most ${MAX_INVOICE_CENTS}` })
  if (money.subtotal_cents - discountCents < 0) throw unprocessable('discount_too_large', { discount_cents: `At most ${money.subtotal_cents}` })
  return {
    lines: money.lines,
    taxes: money.taxes.map((tax) => ({
      code: tax.code,
      label: tax.label,
      percent: tax.percent,
      base_cents: tax.base,
      amount_cents: tax.amount,
      registration_number: registrationOf(tax.code, settings),
    })),
    subtotal_cents: money.subtotal_cents,
    discount_cents: money.discount_cents,
    tax_cents: money.tax_cents,
    total_cents: money.total_cents,
  }
}

/** What an invoice bills: the client's hours, their re-billed expenses and the manual items. */
export interface InvoiceContent {
  timesheets: readonly BillableRow[]
  perShift: boolean
  expenses: readonly BillableExpenseRow[]
  items: readonly InvoiceItemInput[]
}

/** The lines of an invoice: its hours, then its expenses (described in the business's language), then its manual items. */
export function invoiceLinesOf(content: InvoiceContent, settings: { timezone: string; locale: Locale }): InvoiceLine[] {
  return [
    ...hoursLines(groupBillable(content.timesheets.map((row) => billableOf(row, settings.timezone)), content.perShift)),
    ...expenseLines(content.expenses.map(chargeOf), settings.locale),
    ...itemLines(content.items),
  ]
}
