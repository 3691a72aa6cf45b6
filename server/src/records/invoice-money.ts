import {
  hoursLines,
  invoiceMoney,
  itemLines,
  localDateOf,
  type BillableHours,
  type InvoiceItemInput,
  type InvoiceLine,
  type InvoiceTax,
  type Province,
  type Settings,
} from '@rota/core'
import { unprocessable } from '../errors.ts'
import type { BillableRow } from '../repositories/invoices.ts'

const personName = (staff: BillableRow['staff']) => `${staff.firstname} ${staff.lastname}`.trim()

/**
 * Approved hours grouped as an invoice bills them: one group per service (its bill rate,
 * its name), or one per timesheet ("Front desk — 2026-03-09 · Sam Li") in the order worked.
 */
export function billableHours(rows: readonly BillableRow[], perShift: boolean, timeZone: string): BillableHours[] {
  if (perShift) {
    return rows.map((row) => ({
      key: row.id,
      service: { id: row.service.id, name: row.service.name },
      minutes: row.paid_minutes,
      rate_cents: row.service.bill_rate_cents,
      description: `${row.service.name} — ${localDateOf(row.started_at, timeZone)} · ${personName(row.staff)}`,
    }))
  }
  const groups = new Map<string, BillableHours>()
  for (const row of rows) {
    const group = groups.get(row.service.id)
    if (group) group.minutes += row.paid_minutes
    else groups.set(row.service.id, { key: row.service.id, service: { id: row.service.id, name: row.service.name }, minutes: row.paid_minutes, rate_cents: row.service.bill_rate_cents, description: row.service.name })
  }
  return [...groups.values()].sort((a, b) => a.description.localeCompare(b.description))
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
  const money = invoiceMoney(lines, discountCents, province, date)
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

/** The lines of an invoice: its hours, then its manual items. */
export function invoiceLinesOf(rows: readonly BillableRow[], perShift: boolean, items: readonly InvoiceItemInput[], timeZone: string): InvoiceLine[] {
  return [...hoursLines(billableHours(rows, perShift, timeZone)), ...itemLines(items)]
}
