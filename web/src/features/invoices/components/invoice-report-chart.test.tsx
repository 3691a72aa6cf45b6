import type { InvoiceReport } from '@rota/core'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { InvoiceReportChart, monthlyBars } from './invoice-report-chart.tsx'

const client = (name: string) => ({ id: `00000000-0000-4000-8000-${name.length.toString().padStart(12, '0')}`, name })

describe('the invoice report chart', () => {
  it('sets what was billed with its taxes beside what was paid, which includes them, month by month', () => {
    const report: InvoiceReport = {
      from: '2026-01-01',
      to: '2026-11-30',
      revenue: [
        // Toronto paid in full (HST included); Montréal owes all of it.
        { month: '2026-11', client: client('Toronto Tower'), invoices: 1, subtotal_cents: 355_261, total_cents: 401_445, paid_cents: 401_445 },
        { month: '2026-11', client: client('Café Montréal'), invoices: 1, subtotal_cents: 49_407, total_cents: 56_805, paid_cents: 0 },
      ],
      aging: { current: 56_805, '1_30': 0, '31_60': 0, '61_90': 0, '90_plus': 0 },
      outstanding_cents: 56_805,
    }
    expect(monthlyBars(report, 'en')).toEqual([{ month: 'Nov 2026', billed: 4582.5, paid: 4014.45 }])
  })

  it('is hidden from screen readers and out of the keyboard’s way: nothing in it takes the focus', () => {
    const report: InvoiceReport = {
      from: '2026-01-01',
      to: '2026-11-30',
      revenue: [{ month: '2026-11', client: client('Toronto Tower'), invoices: 1, subtotal_cents: 355_261, total_cents: 401_445, paid_cents: 401_445 }],
      aging: { current: 0, '1_30': 0, '31_60': 0, '61_90': 0, '90_plus': 0 },
      outstanding_cents: 0,
    }
    const { container } = render(<InvoiceReportChart report={report} />)
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true')
    expect(container.querySelector('[tabindex]:not([tabindex="-1"])')).toBeNull()
  })
})
