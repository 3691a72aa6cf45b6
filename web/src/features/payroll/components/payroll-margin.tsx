import { formatMoney, type PayrollMargin } from '@rota/core'
import { stringify } from 'csv-stringify/browser/esm/sync'
import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { downloadText } from '../../../lib/download.ts'
import { errorText } from '../../../lib/error-text.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { usePayrollMargin } from '../api/payrolls.ts'
import { hoursOf, payrollMarginRecords } from '../utils/payroll.ts'

type Figures = PayrollMargin['totals']
const COLUMNS = ['hours', 'labour', 'invoiced', 'margin', 'percent'] as const

/**
 * Labour cost against invoiced value per client over the report's range
 * (`/report/payroll/margin`): each client's labour and invoiced value as a pair of bars, a table
 * with the margin and its share of what was invoiced, the totals, and the same as CSV; a sentence
 * when the range has neither hours nor invoices.
 * @example
 * <PayrollMarginView from="2026-01-01" to="2026-03-31" />
 */
export function PayrollMarginView({ from, to }: { from: string; to: string }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const margin = usePayrollMargin({ from, to })
  const data = margin.data
  const money = (cents: number) => formatMoney(cents, locale)
  const percent = (value: string | null) =>
    value === null ? '—' : `${new Intl.NumberFormat(`${locale}-CA`, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Number(value))} %`
  const cells = (row: Figures) => [hoursOf(row.worked_minutes, locale), money(row.labour_cents), money(row.invoiced_cents), money(row.margin_cents), percent(row.margin_percent)]
  const largest = Math.max(1, ...(data?.clients ?? []).flatMap((row) => [row.labour_cents, row.invoiced_cents]))
  const width = (cents: number) => `${(Math.max(0, cents) / largest) * 100}%`

  return (
    <Panel
      title={t('payroll.margin.title')}
      description={t('payroll.margin.hint')}
      actions={
        data && data.clients.length > 0 ? (
          <Button variant="secondary" size="sm" onClick={() => downloadText(`margin-${from}-${to}.csv`, `\uFEFF${stringify(payrollMarginRecords(data), { record_delimiter: 'windows' })}`, 'text/csv;charset=utf-8')}>
            {t('payroll.margin.csv')}
          </Button>
        ) : undefined
      }
    >
      {margin.isError && <Alert tone="error" title={t('payroll.margin.unavailable')}>{errorText(margin.error)}</Alert>}
      {!data && !margin.isError && <Spinner label={t('payroll.loading')} />}
      {data && data.clients.length === 0 && <p className="text-sm text-slate-600">{t('payroll.margin.empty')}</p>}
      {data && data.clients.length > 0 && (
        <div className="space-y-6">
          <figure aria-label={t('payroll.margin.chart')} className="space-y-3">
            {data.clients.map((row) => (
              <div key={row.client.id} className="grid grid-cols-[10rem_1fr_7rem] items-center gap-x-3 gap-y-1 text-sm">
                <span className="row-span-2 truncate text-slate-700">{row.client.name}</span>
                <span aria-hidden="true" className="h-2.5 rounded bg-slate-400" style={{ width: width(row.labour_cents) }} />
                <span className="text-right text-slate-600">{money(row.labour_cents)}</span>
                <span aria-hidden="true" className="h-2.5 rounded bg-primary-600" style={{ width: width(row.invoiced_cents) }} />
                <span className="text-right">{money(row.invoiced_cents)}</span>
              </div>
            ))}
            <figcaption className="flex gap-4 text-xs text-slate-600">
              <span className="flex items-center gap-1">
                <span aria-hidden="true" className="size-2.5 rounded bg-slate-400" />
                {t('payroll.margin.columns.labour')}
              </span>
              <span className="flex items-center gap-1">
                <span aria-hidden="true" className="size-2.5 rounded bg-primary-600" />
                {t('payroll.margin.columns.invoiced')}
              </span>
            </figcaption>
          </figure>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('payroll.margin.caption')}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-slate-600">
                  <th scope="col" className="px-4 py-2 font-medium">
                    {t('payroll.margin.columns.client')}
                  </th>
                  {COLUMNS.map((key) => (
                    <th key={key} scope="col" className="px-4 py-2 text-right font-medium">
                      {t(`payroll.margin.columns.${key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.clients.map((row) => (
                  <tr key={row.client.id} className="border-b border-slate-100">
                    <th scope="row" className="px-4 py-2 text-left font-medium">
                      {row.client.name}
                    </th>
                    {cells(row).map((cell, index) => (
                      <td key={COLUMNS[index]} className={`px-4 py-2 text-right ${row.margin_cents < 0 && index >= 3 ? 'text-red-700' : ''}`}>
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="font-semibold">
                  <th scope="row" className="px-4 py-2 text-left">
                    {t('payroll.report.totals')}
                  </th>
                  {cells(data.totals).map((cell, index) => (
                    <td key={COLUMNS[index]} className="px-4 py-2 text-right">
                      {cell}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
        </div>
      )}
    </Panel>
  )
}
