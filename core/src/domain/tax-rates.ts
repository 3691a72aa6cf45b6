import type { Province } from '../contract/account.ts'
import { rowInEffect, type DatedRow } from './dated.ts'
import type { LocalDate } from './local-date.ts'
import type { Decimal } from './money.ts'

/**
 * The Canadian sales taxes: the federal GST, the harmonized HST (federal and provincial parts
 * in one), Quebec's QST, and the provincial PST (BC, SK) and RST (MB).
 */
export type TaxCode = 'GST' | 'HST' | 'QST' | 'PST' | 'RST'

/** One tax a province charges. */
export interface SalesTaxComponent {
  code: TaxCode
  percent: Decimal
  /**
   * HST only: the federal part of the rate, the part that still applies to a line exempt from
   * the provincial part (docs/decisions/014-domain-rules.md).
   */
  federalPart?: Decimal
}

/** The sales taxes of a province of supply from a date on. */
export interface SalesTaxRow extends DatedRow {
  province: Province
  components: SalesTaxComponent[]
}

const gst: SalesTaxComponent = { code: 'GST', percent: '5' }
const hst = (percent: Decimal): SalesTaxComponent => ({ code: 'HST', percent, federalPart: '5' })

/**
 * Rota's default sales-tax table: the rates in force and the day each took effect (every
 * earlier rate is older than Rota). A business reviews it in settings and adds its own rows
 * ({@link salesTaxOn}); a new rate is a new row, never an edit.
 * @example
 * canadianSalesTax.filter((row) => row.province === 'NS').map((row) => row.effectiveFrom)
 * // ['2010-07-01', '2025-04-01']
 */
export const canadianSalesTax: readonly SalesTaxRow[] = [
  { province: 'AB', effectiveFrom: '2008-01-01', components: [gst] },
  { province: 'NT', effectiveFrom: '2008-01-01', components: [gst] },
  { province: 'NU', effectiveFrom: '2008-01-01', components: [gst] },
  { province: 'YT', effectiveFrom: '2008-01-01', components: [gst] },
  { province: 'ON', effectiveFrom: '2010-07-01', components: [hst('13')] },
  { province: 'NS', effectiveFrom: '2010-07-01', components: [hst('15')] },
  { province: 'NS', effectiveFrom: '2025-04-01', components: [hst('14')] },
  { province: 'NB', effectiveFrom: '2016-07-01', components: [hst('15')] },
  { province: 'NL', effectiveFrom: '2016-07-01', components: [hst('15')] },
  { province: 'PE', effectiveFrom: '2016-10-01', components: [hst('15')] },
  { province: 'QC', effectiveFrom: '2013-01-01', components: [gst, { code: 'QST', percent: '9.975' }] },
  { province: 'BC', effectiveFrom: '2013-04-01', components: [gst, { code: 'PST', percent: '7' }] },
  { province: 'SK', effectiveFrom: '2017-03-23', components: [gst, { code: 'PST', percent: '6' }] },
  { province: 'MB', effectiveFrom: '2019-07-01', components: [gst, { code: 'RST', percent: '7' }] },
]

/**
 * The sales taxes of a province of supply on a date, from Rota's table and the business's own
 * rows (which win over a default row of the same date; see {@link rowInEffect}). Throws a
 * RangeError for a date before the table starts.
 * @example
 * salesTaxOn('NS', '2025-03-31').components // [{ code: 'HST', percent: '15', federalPart: '5' }]
 * salesTaxOn('QC', '2026-01-15').components.map((c) => c.code) // ['GST', 'QST']
 */
export function salesTaxOn(province: Province, date: LocalDate, overrides: readonly SalesTaxRow[] = []): SalesTaxRow {
  const rows = [...canadianSalesTax, ...overrides].filter((row) => row.province === province)
  const row = rowInEffect(rows, date)
  if (!row) throw new RangeError(`No sales tax rate for ${province} on ${date}`)
  return row
}

/**
 * The first day Rota knows a province's sales taxes (its table's and the business's own
 * rows): an invoice dated earlier cannot be taxed, and is refused rather than guessed.
 * @example
 * salesTaxFrom('NS') // '2010-07-01'
 */
export function salesTaxFrom(province: Province, overrides: readonly SalesTaxRow[] = []): LocalDate | null {
  let first: LocalDate | null = null
  for (const row of [...canadianSalesTax, ...overrides]) if (row.province === province && (first === null || row.effectiveFrom < first)) first = row.effectiveFrom
  return first
}
