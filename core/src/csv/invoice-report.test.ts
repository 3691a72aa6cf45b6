import { describe, expect, it } from 'vitest'
import { invoiceReportRecords } from './invoice-report.ts'

describe('invoiceReportRecords', () => {
  it('writes revenue by month and client in dollars, then the aging, a formula-like name neutralised', () => {
    const records = invoiceReportRecords({
      from: '2026-01-01',
      to: '2026-02-28',
      revenue: [{ month: '2026-01', client: { id: 'c1', name: '=HYPERLINK("x")' }, invoices: 2, subtotal_cents: 100000, total_cents: 113000, paid_cents: 50050 }],
      aging: { current: 63000, '1_30': 0, '31_60': 0, '61_90': 0, '90_plus': 5 },
      outstanding_cents: 63005,
    })
    expect(records).toEqual([
      ['month', 'client_id', 'client', 'invoices', 'subtotal', 'total', 'paid'],
      ['2026-01', 'c1', '\'=HYPERLINK("x")', '2', '1000.00', '1130.00', '500.50'],
      [],
      ['aging', 'outstanding'],
      ['current', '630.00'],
      ['1_30', '0.00'],
      ['31_60', '0.00'],
      ['61_90', '0.00'],
      ['90_plus', '0.05'],
      ['total', '630.05'],
    ])
  })
})
