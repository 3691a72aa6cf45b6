import type { Province } from '../contract/account.ts'
import type { Cents } from '../contract/service.ts'
import type { LocalDate } from './local-date.ts'
import { percentOf, sumCents, type Decimal } from './money.ts'
import { salesTaxOn, type SalesTaxRow, type TaxCode } from './tax-rates.ts'

/** An invoice line as the sales tax sees it: its rounded amount, and whether it escapes the provincial part. */
export interface TaxableLine {
  amount: Cents
  /** The service is exempt from the provincial part (PST, RST, QST, or HST's provincial part). */
  provincialExempt?: boolean
}

/**
 * The translation key of a tax line's name: the document says "GST", "TPS", "HST (federal
 * part)", "TVH (partie fédérale)"… in the business's language.
 */
export type TaxLabel = 'gst' | 'hst' | 'hst_federal_part' | 'qst' | 'pst' | 'rst'

/** One tax on an invoice: `amount` is `percent` of `base`, rounded once, half up. */
export interface TaxLine {
  code: TaxCode
  label: TaxLabel
  percent: Decimal
  /** The sum of the line amounts this tax applies to. */
  base: Cents
  amount: Cents
}

/** What an invoice adds up to: `total = subtotal + taxTotal`, `taxTotal` the sum of the tax lines. */
export interface InvoiceTotals {
  subtotal: Cents
  taxes: TaxLine[]
  taxTotal: Cents
  total: Cents
}

function taxLine(code: TaxCode, label: TaxLabel, percent: Decimal, lines: readonly TaxableLine[]): TaxLine[] {
  if (lines.length === 0) return []
  const base = sumCents(lines.map((line) => line.amount))
  return [{ code, label, percent, base, amount: percentOf(base, percent) }]
}

/**
 * The sales-tax lines of an invoice, by the province of supply (the client location's) and the
 * invoice date. Each tax is one line: its base is the sum of the line amounts it applies to, and
 * its amount is rounded once on that base, so the document adds up. A line exempt from the
 * provincial part pays only the federal 5 %: GST where GST is separate, and in an HST province a
 * line "HST (federal part)" at 5 %. A tax no line is subject to is left out.
 * @example
 * salesTaxLines([{ amount: 10000 }, { amount: 5000, provincialExempt: true }], 'QC', '2026-05-01')
 * // [{ code: 'GST', label: 'gst', percent: '5', base: 15000, amount: 750 },
 * //  { code: 'QST', label: 'qst', percent: '9.975', base: 10000, amount: 998 }]
 * salesTaxLines([{ amount: 10000 }, { amount: 5000, provincialExempt: true }], 'ON', '2026-05-01')
 * // [{ code: 'HST', label: 'hst', percent: '13', base: 10000, amount: 1300 },
 * //  { code: 'HST', label: 'hst_federal_part', percent: '5', base: 5000, amount: 250 }]
 */
export function salesTaxLines(
  lines: readonly TaxableLine[],
  province: Province,
  date: LocalDate,
  overrides: readonly SalesTaxRow[] = [],
): TaxLine[] {
  const exempt = lines.filter((line) => line.provincialExempt)
  const taxable = lines.filter((line) => !line.provincialExempt)
  return salesTaxOn(province, date, overrides).components.flatMap((component) => {
    const label = component.code.toLowerCase() as TaxLabel
    if (component.code === 'GST') return taxLine('GST', label, component.percent, lines)
    if (component.federalPart === undefined) return taxLine(component.code, label, component.percent, taxable)
    return [
      ...taxLine(component.code, label, component.percent, taxable),
      ...taxLine(component.code, 'hst_federal_part', component.federalPart, exempt),
    ]
  })
}

/**
 * An invoice's subtotal, tax lines and total from its rounded line amounts.
 * @example
 * invoiceTotals([{ amount: 2499 }, { amount: 4500 }], 'NS', '2025-04-01')
 * // { subtotal: 6999, taxes: [{ code: 'HST', label: 'hst', percent: '14', base: 6999, amount: 980 }],
 * //   taxTotal: 980, total: 7979 }
 */
export function invoiceTotals(
  lines: readonly TaxableLine[],
  province: Province,
  date: LocalDate,
  overrides: readonly SalesTaxRow[] = [],
): InvoiceTotals {
  const subtotal = sumCents(lines.map((line) => line.amount))
  const taxes = salesTaxLines(lines, province, date, overrides)
  const taxTotal = sumCents(taxes.map((tax) => tax.amount))
  return { subtotal, taxes, taxTotal, total: subtotal + taxTotal }
}
