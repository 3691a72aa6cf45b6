import { formatMoney, type InvoiceReport } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'
import { formatMonth } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'

/**
 * Revenue by month as bars (billed before tax beside what was paid), in dollars. Drawn in SVG
 * at a fixed size that scrolls sideways on a phone; the table says the same in words.
 * @example
 * <InvoiceReportChart report={report} />
 */
export function InvoiceReportChart({ report }: { report: InvoiceReport }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const months = new Map<string, { month: string; billed: number; paid: number }>()
  for (const row of report.revenue) {
    const month = months.get(row.month) ?? { month: formatMonth(row.month, locale, 'short'), billed: 0, paid: 0 }
    month.billed += row.subtotal_cents / 100
    month.paid += row.paid_cents / 100
    months.set(row.month, month)
  }
  const data = [...months.values()]
  const width = Math.max(360, data.length * 80 + 80)
  return (
    <div className="overflow-x-auto" aria-hidden="true">
      <BarChart width={width} height={260} data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" tick={{ fontSize: 12 }} interval={0} />
        <YAxis tick={{ fontSize: 12 }} unit=" $" />
        <Tooltip formatter={(value) => formatMoney(Math.round(Number(value) * 100), locale)} />
        <Legend />
        <Bar dataKey="billed" name={t('invoices.report.billed')} fill="#0f766e" />
        <Bar dataKey="paid" name={t('invoices.report.paid')} fill="#94a3b8" />
      </BarChart>
    </div>
  )
}
