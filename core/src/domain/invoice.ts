import type { Province } from '../contract/account.ts'
import type { Locale } from '../contract/common.ts'
import type { ExpenseCategory } from '../contract/expense.ts'
import type { Cents } from '../contract/service.ts'
import type { LocalDate } from './local-date.ts'
import { divideRoundHalfUp, lineAmount, multiplyRoundHalfUp, sumCents, type Decimal } from './money.ts'
import { salesTaxLines, type TaxLine } from './tax.ts'
import type { SalesTaxRow } from './tax-rates.ts'

/**
 * The service hours are billed for: its name, and whether it is exempt from the provincial
 * sales tax (its hours lines then are, like an exempt item).
 */
export interface BilledService {
  id: string
  name: string
  provincial_exempt: boolean
}

/** Hours worked on one service (or one shift), as an invoice bills them. */
export interface BillableHours {
  /** What groups them: the service's id, or the timesheet's for one line per shift. */
  key: string
  service: BilledService
  /** Paid minutes (breaks out). */
  minutes: number
  rate_cents: Cents
  /** "Front desk — 2026-03-09 09:00–17:00 · Sam Li" for one line per shift; the service's name otherwise. */
  description: string
}

/** An approved timesheet as an invoice bills it: its day, person, service, paid minutes and the service's bill rate. */
export interface BillableTimesheetHours {
  id: string
  date: LocalDate
  /** Its hours on the business's clock (HH:MM), which tell two shifts of one day apart. */
  start: string
  end: string
  staff: string
  service: BilledService
  minutes: number
  rate_cents: Cents
}

/**
 * Approved hours grouped as an invoice bills them: one group per service (its name, its bill
 * rate), in the services' alphabetical order, or one per timesheet ("Front desk — 2026-03-09 09:00–17:00 ·
 * Sam Li") in the order given (the order worked).
 * @example
 * groupBillable(timesheets, false).map((group) => group.description) // ['Cleaning', 'Front desk']
 */
export function groupBillable(timesheets: readonly BillableTimesheetHours[], perShift: boolean): BillableHours[] {
  if (perShift) {
    return timesheets.map((row) => ({
      key: row.id,
      service: row.service,
      minutes: row.minutes,
      rate_cents: row.rate_cents,
      description: `${row.service.name} — ${row.date} ${row.start}–${row.end} · ${row.staff}`,
    }))
  }
  const groups = new Map<string, BillableHours>()
  for (const row of timesheets) {
    const group = groups.get(row.service.id)
    if (group) group.minutes += row.minutes
    else groups.set(row.service.id, { key: row.service.id, service: row.service, minutes: row.minutes, rate_cents: row.rate_cents, description: row.service.name })
  }
  return [...groups.values()].sort((a, b) => (a.description < b.description ? -1 : a.description > b.description ? 1 : 0))
}

/** A manual line: so many of an item at a unit price (quantity an exact decimal, `'1.5'`). */
export interface ItemInput {
  description: string
  quantity: Decimal
  unit_price_cents: Cents
  provincial_exempt: boolean
}

/** One priced line of an invoice, before tax; `amount_cents` rounded once, half up. */
export interface PricedLine {
  kind: 'hours' | 'item' | 'expense'
  service_id: string | null
  description: string
  /** Minutes billed, for hours; null for an item. */
  minutes: number | null
  quantity: Decimal
  unit_price_cents: Cents
  amount_cents: Cents
  provincial_exempt: boolean
}

/** An invoice's money: its lines, the discount, the tax lines and the total, adding up to the cent. */
export interface InvoiceMoney {
  lines: PricedLine[]
  /** The sum of the lines. */
  subtotal_cents: Cents
  discount_cents: Cents
  taxes: TaxLine[]
  tax_cents: Cents
  /** `subtotal − discount + tax`. */
  total_cents: Cents
}

/**
 * Minutes as a decimal number of hours, exact to the hundredth (what the document prints
 * as a quantity; the amount is computed on the minutes, never on this rounded figure).
 * @example
 * hoursOf(90)  // '1.5'
 * hoursOf(50)  // '0.83'
 */
export function hoursOf(minutes: number): Decimal {
  const hundredths = divideRoundHalfUp(minutes * 100, 60)
  const whole = Math.floor(hundredths / 100)
  const rest = hundredths % 100
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`
}

/**
 * The hours lines of an invoice: one per group of billable hours, `minutes × rate / 60`
 * rounded once (DESIGN.md §9), exempt from the provincial sales tax when their service is.
 * @example
 * hoursLines([{ key: 's1', service: { id: 's1', name: 'Front desk', provincial_exempt: false }, minutes: 50, rate_cents: 2999, description: 'Front desk' }])
 * // [{ kind: 'hours', minutes: 50, quantity: '0.83', unit_price_cents: 2999, amount_cents: 2499, provincial_exempt: false, … }]
 */
export function hoursLines(hours: readonly BillableHours[]): PricedLine[] {
  return hours.map((group) => ({
    kind: 'hours',
    service_id: group.service.id,
    description: group.description,
    minutes: group.minutes,
    quantity: hoursOf(group.minutes),
    unit_price_cents: group.rate_cents,
    amount_cents: lineAmount(group.minutes, group.rate_cents),
    provincial_exempt: group.service.provincial_exempt,
  }))
}

/** Manual lines priced: `quantity × unit price`, rounded once, half up. */
export function itemLines(items: readonly ItemInput[]): PricedLine[] {
  return items.map((item) => ({
    kind: 'item',
    service_id: null,
    description: item.description,
    minutes: null,
    quantity: item.quantity,
    unit_price_cents: item.unit_price_cents,
    amount_cents: multiplyRoundHalfUp(item.unit_price_cents, item.quantity),
    provincial_exempt: item.provincial_exempt,
  }))
}

/** An approved, billable expense as an invoice re-bills it. */
export interface BillableExpenseCharge {
  id: string
  date: LocalDate
  staff: string
  category: ExpenseCategory
  description: string
  distance_km: string | null
  /** Before tax: the invoice charges its own sales taxes on it. */
  amount_cents: Cents
}

/** What an expense's line calls its category, in the business's language (the line is stored as written). */
const CATEGORY_WORDS: Record<Locale, Record<ExpenseCategory, string>> = {
  en: { mileage: 'Mileage', meals: 'Meals', supplies: 'Supplies', other: 'Expense' },
  fr: { mileage: 'Kilométrage', meals: 'Repas', supplies: 'Fournitures', other: 'Dépense' },
  es: { mileage: 'Kilometraje', meals: 'Comidas', supplies: 'Materiales', other: 'Gasto' },
}

/**
 * One line per re-billed expense, in the order given: which expense it is (category, day,
 * person, what they wrote; the distance for mileage), quantity 1 at its amount before tax.
 * The client pays the invoice's own sales taxes on it, like on any line (the business claims
 * back the tax it paid on the receipt), so the line is not exempt.
 * @example
 * expenseLines([{ id: 'e1', date: '2026-03-09', staff: 'Sam Li', category: 'mileage', description: 'Site visit', distance_km: '42.5', amount_cents: 3060 }], 'en')
 * // [{ kind: 'expense', description: 'Mileage — 2026-03-09 · Sam Li: Site visit (42.5 km)', quantity: '1', unit_price_cents: 3060, amount_cents: 3060, … }]
 */
export function expenseLines(expenses: readonly BillableExpenseCharge[], locale: Locale): PricedLine[] {
  return expenses.map((expense) => {
    const distance = expense.distance_km ? ` (${locale === 'en' ? expense.distance_km : expense.distance_km.replace('.', ',')} km)` : ''
    return {
      kind: 'expense',
      service_id: null,
      description: `${CATEGORY_WORDS[locale][expense.category]} — ${expense.date} · ${expense.staff}: ${expense.description}${distance}`,
      minutes: null,
      quantity: '1',
      unit_price_cents: expense.amount_cents,
      amount_cents: expense.amount_cents,
      provincial_exempt: false,
    }
  })
}

/**
 * The discount spread over the lines in proportion to their amounts (largest remainders
 * get the odd cents), so the parts add up to the discount exactly. Taxes are charged on
 * what the client pays: a line exempt from the provincial part keeps its share of the
 * discount out of the provincial base.
 */
function discounted(lines: readonly PricedLine[], discount: Cents): { amount: Cents; provincialExempt: boolean }[] {
  const subtotal = sumCents(lines.map((line) => line.amount_cents))
  if (subtotal <= 0 || discount === 0) return lines.map((line) => ({ amount: line.amount_cents, provincialExempt: line.provincial_exempt }))
  const shares = lines.map((line, index) => {
    const exact = discount * line.amount_cents
    return { index, share: Math.floor(exact / subtotal), rest: exact % subtotal }
  })
  let left = discount - sumCents(shares.map((part) => part.share))
  for (const part of [...shares].sort((a, b) => b.rest - a.rest || a.index - b.index)) {
    if (left <= 0) break
    part.share += 1
    left -= 1
  }
  return lines.map((line, index) => ({ amount: line.amount_cents - shares[index]!.share, provincialExempt: line.provincial_exempt }))
}

/**
 * What an invoice adds up to: the lines' sum, less the discount, plus each sales tax of the
 * client's province on the invoice's date as its own line. Every figure is a sum of
 * rounded cents, so what the document shows adds up to its total.
 * @example
 * invoiceMoney(hoursLines([{ key: 's', service: { id: 's', name: 'Desk', provincial_exempt: false }, minutes: 600, rate_cents: 5000, description: 'Desk' }]), 1000, 'QC', '2026-05-01')
 * // { subtotal_cents: 50000, discount_cents: 1000, taxes: [GST 2450, QST 4888], tax_cents: 7338, total_cents: 56338, … }
 */
export function invoiceMoney(
  lines: readonly PricedLine[],
  discountCents: Cents,
  province: Province,
  date: LocalDate,
  overrides: readonly SalesTaxRow[] = [],
): InvoiceMoney {
  const subtotal = sumCents(lines.map((line) => line.amount_cents))
  const taxes = salesTaxLines(discounted(lines, discountCents), province, date, overrides)
  const tax = sumCents(taxes.map((line) => line.amount))
  return { lines: [...lines], subtotal_cents: subtotal, discount_cents: discountCents, taxes, tax_cents: tax, total_cents: subtotal - discountCents + tax }
}

/** The aging buckets of what clients owe: by days past the due date. */
export type AgingBucket = 'current' | '1_30' | '31_60' | '61_90' | '90_plus'
export const AGING_BUCKETS: readonly AgingBucket[] = ['current', '1_30', '31_60', '61_90', '90_plus']

/**
 * Which aging bucket a balance falls in on `today`: not yet due is current.
 * @example
 * agingBucket('2026-03-01', '2026-03-01') // 'current'
 * agingBucket('2026-03-01', '2026-04-15') // '31_60'
 */
export function agingBucket(dueDate: LocalDate, today: LocalDate): AgingBucket {
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000)
  if (days <= 0) return 'current'
  if (days <= 30) return '1_30'
  if (days <= 60) return '31_60'
  if (days <= 90) return '61_90'
  return '90_plus'
}

/**
 * An invoice's number as it is printed: the business's prefix, then the number of the
 * sequence on six digits. The server numbers invoices with it; the settings show the next one.
 * @example
 * invoiceNumber('INV-', 42) // 'INV-000042'
 */
export function invoiceNumber(prefix: string, number: number): string {
  return `${prefix}${String(number).padStart(6, '0')}`
}
