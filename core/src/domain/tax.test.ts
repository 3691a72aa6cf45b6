import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CANADIAN_PROVINCES, type Province } from '../contract/account.ts'
import { percentOf, sumCents } from './money.ts'
import { canadianSalesTax, salesTaxOn, type SalesTaxRow } from './tax-rates.ts'
import { invoiceTotals, salesTaxLines, type TaxableLine } from './tax.ts'

/** A tax line written short: code, label, percent, base, amount. */
const short = (lines: ReturnType<typeof salesTaxLines>) => lines.map((line) => [line.code, line.label, line.percent, line.base, line.amount])

describe('salesTaxLines for one $123.45 line', () => {
  // Hand-computed: 5 % of 12345 = 617.25; 13 % = 1604.85; 15 % = 1851.75; 14 % = 1728.3;
  // 9.975 % = 1231.41375; 7 % = 864.15; 6 % = 740.7 — each rounded half up.
  it.each([
    ['AB', '2026-05-01', [['GST', 'gst', '5', 12345, 617]]],
    ['NT', '2026-05-01', [['GST', 'gst', '5', 12345, 617]]],
    ['NU', '2026-05-01', [['GST', 'gst', '5', 12345, 617]]],
    ['YT', '2026-05-01', [['GST', 'gst', '5', 12345, 617]]],
    ['ON', '2026-05-01', [['HST', 'hst', '13', 12345, 1605]]],
    ['NB', '2026-05-01', [['HST', 'hst', '15', 12345, 1852]]],
    ['NL', '2026-05-01', [['HST', 'hst', '15', 12345, 1852]]],
    ['PE', '2026-05-01', [['HST', 'hst', '15', 12345, 1852]]],
    ['NS', '2025-03-31', [['HST', 'hst', '15', 12345, 1852]]],
    ['NS', '2025-04-01', [['HST', 'hst', '14', 12345, 1728]]],
    ['QC', '2026-05-01', [['GST', 'gst', '5', 12345, 617], ['QST', 'qst', '9.975', 12345, 1231]]],
    ['BC', '2026-05-01', [['GST', 'gst', '5', 12345, 617], ['PST', 'pst', '7', 12345, 864]]],
    ['MB', '2026-05-01', [['GST', 'gst', '5', 12345, 617], ['RST', 'rst', '7', 12345, 864]]],
    ['SK', '2026-05-01', [['GST', 'gst', '5', 12345, 617], ['PST', 'pst', '6', 12345, 741]]],
  ] as const)('%s on %s', (province, date, expected) => {
    expect(short(salesTaxLines([{ amount: 12345 }], province, date))).toEqual(expected)
  })

  it('covers every province and territory', () => {
    const covered = new Set(canadianSalesTax.map((row) => row.province))
    expect([...covered].sort()).toEqual([...CANADIAN_PROVINCES].sort())
  })
})

describe('salesTaxLines with a service exempt from the provincial part', () => {
  // Lines of $100.00 and $20.00 taxable, and $50.00 exempt from the provincial part.
  const lines: TaxableLine[] = [{ amount: 10000 }, { amount: 2000 }, { amount: 5000, provincialExempt: true }]

  it.each([
    ['AB', '2026-05-01', [['GST', 'gst', '5', 17000, 850]]],
    ['ON', '2026-05-01', [['HST', 'hst', '13', 12000, 1560], ['HST', 'hst_federal_part', '5', 5000, 250]]],
    ['NS', '2025-04-01', [['HST', 'hst', '14', 12000, 1680], ['HST', 'hst_federal_part', '5', 5000, 250]]],
    ['QC', '2026-05-01', [['GST', 'gst', '5', 17000, 850], ['QST', 'qst', '9.975', 12000, 1197]]],
    ['BC', '2026-05-01', [['GST', 'gst', '5', 17000, 850], ['PST', 'pst', '7', 12000, 840]]],
  ] as const)('%s on %s', (province, date, expected) => {
    expect(short(salesTaxLines(lines, province, date))).toEqual(expected)
  })

  it('leaves out a tax no line is subject to', () => {
    expect(short(salesTaxLines([{ amount: 5000, provincialExempt: true }], 'QC', '2026-05-01'))).toEqual([['GST', 'gst', '5', 5000, 250]])
    expect(short(salesTaxLines([{ amount: 5000, provincialExempt: true }], 'PE', '2026-05-01'))).toEqual([
      ['HST', 'hst_federal_part', '5', 5000, 250],
    ])
    expect(salesTaxLines([], 'ON', '2026-05-01')).toEqual([])
  })
})

describe('invoiceTotals', () => {
  it('rounds each tax once on its base, not once per invoice line', () => {
    // Three $10.05 lines: 13 % of each is 130.65 (131 × 3 = 393), but of the $30.15 base 391.95 → 392.
    const totals = invoiceTotals([{ amount: 1005 }, { amount: 1005 }, { amount: 1005 }], 'ON', '2026-05-01')
    expect(totals).toEqual({ subtotal: 3015, taxes: [{ code: 'HST', label: 'hst', percent: '13', base: 3015, amount: 392 }], taxTotal: 392, total: 3407 })
  })

  it('takes discounts off the base, and a credit note rounds like the invoice it mirrors', () => {
    const invoice = invoiceTotals([{ amount: 20000 }, { amount: -2500 }], 'QC', '2026-05-01')
    expect(short(invoice.taxes)).toEqual([['GST', 'gst', '5', 17500, 875], ['QST', 'qst', '9.975', 17500, 1746]])
    expect(invoice.total).toBe(17500 + 875 + 1746)
    const credit = invoiceTotals([{ amount: -20000 }, { amount: 2500 }], 'QC', '2026-05-01')
    expect(credit.total).toBe(-invoice.total)
  })

  const provinces = fc.constantFrom<Province>(...CANADIAN_PROVINCES)
  const line = fc.record({ amount: fc.integer({ min: -100_000, max: 10_000_000 }), provincialExempt: fc.boolean() })
  const date = fc.constantFrom('2025-03-31', '2025-04-01', '2026-05-01', '2030-12-31')

  it('always adds up: each tax is its percent of its base, bases are line sums, total = subtotal + taxes', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), provinces, date, (lines, province, on) => {
        const totals = invoiceTotals(lines, province, on)
        expect(totals.subtotal).toBe(sumCents(lines.map((l) => l.amount)))
        for (const tax of totals.taxes) {
          expect(tax.amount).toBe(percentOf(tax.base, tax.percent))
          const subject = tax.code === 'GST' ? lines : lines.filter((l) => l.provincialExempt === (tax.label === 'hst_federal_part'))
          expect(tax.base).toBe(sumCents(subject.map((l) => l.amount)))
        }
        expect(totals.taxTotal).toBe(sumCents(totals.taxes.map((tax) => tax.amount)))
        expect(totals.total).toBe(totals.subtotal + totals.taxTotal)
      }),
    )
  })
})

describe('salesTaxOn', () => {
  it('switches Nova Scotia from 15 % to 14 % on 2025-04-01', () => {
    expect(salesTaxOn('NS', '2025-03-31').components[0]?.percent).toBe('15')
    expect(salesTaxOn('NS', '2025-04-01').components[0]?.percent).toBe('14')
  })

  it("lets a business's row replace a default of the same date, and a later default take over from an older row", () => {
    const ontario: SalesTaxRow = { province: 'ON', effectiveFrom: '2010-07-01', components: [{ code: 'HST', percent: '12', federalPart: '5' }] }
    expect(salesTaxOn('ON', '2026-05-01', [ontario]).components[0]?.percent).toBe('12')
    const novaScotia: SalesTaxRow = { province: 'NS', effectiveFrom: '2024-01-01', components: [{ code: 'HST', percent: '16', federalPart: '5' }] }
    expect(salesTaxOn('NS', '2024-06-01', [novaScotia]).components[0]?.percent).toBe('16')
    expect(salesTaxOn('NS', '2025-04-01', [novaScotia]).components[0]?.percent).toBe('14')
    expect(salesTaxOn('QC', '2026-05-01', [ontario]).components.map((c) => c.code)).toEqual(['GST', 'QST'])
  })

  it('refuses a date before the table starts', () => {
    expect(() => salesTaxOn('ON', '2010-06-30')).toThrow(RangeError)
    expect(() => salesTaxLines([{ amount: 100 }], 'MB', '2019-06-30')).toThrow(RangeError)
  })
})
