import { formatMoney, type InvoiceReport, type Locale } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'
import { formatMonth } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'

/**
 * The chart's bars, month by month: what was billed, taxes included, beside what was paid,
 * which includes them too — billed before tax beside paid made a month with money still owed
 * look paid in full.
 * @example
 * monthlyBars(report, 'en') // [{ month: 'Nov 2026', billed: 4614.5, paid: 4014.45 }]
 */
export function monthlyBars(report: InvoiceReport, locale: Locale): { month: string; billed: number; paid: number }[] {
  const months = new Map<string, { month: string; billed: number; paid: number }>()
  for (const row of report.revenue) {
    const month = months.get(row.month) ?? { month: formatMonth(row.month, locale, 'short'), billed: 0, paid: 0 }
    month.billed += row.total_cents / 100
    month.paid += row.paid_cents / 100
    months.set(row.month, month)
  }
  return [...months.values()]
}

/**
 * Revenue by month as bars (billed with taxes beside what was paid), in dollars. Drawn in SVG
 * at a fixed size that scrolls sideways on a phone; the table says the same in words.
 * @example
 * <InvoiceReportChart report={report} />
 */
export function InvoiceReportChart({ report }: { report: InvoiceReport }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const data = monthlyBars(report, locale)
  const width = Math.max(360, data.length * 80 + 80)
  const dollars = new Intl.NumberFormat(`${locale}-CA`, { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: 0, maximumFractionDigits: 0 })
  return (
    <div className="overflow-x-auto" aria-hidden="true">
      {/* Hidden from screen readers (the table says the same), so kept out of the keyboard's way too. */}
      <BarChart width={width} height={260} data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" tick={{ fontSize: 12 }} interval={0} />
        <YAxis tick={{ fontSize: 12 }} width={72} tickFormatter={(value: number) => dollars.format(value)} />
        <Tooltip formatter={(value) => formatMoney(Math.round(Number(value) * 100), locale)} />
        <Legend />
        <Bar dataKey="billed" name={t('invoices.report.billedWithTax')} fill="#0f766e" />
        <Bar dataKey="paid" name={t('invoices.report.paid')} fill="#94a3b8" />
      </BarChart>
    </div>
  )
}
