import { formatMoney, localDateOf } from '@rota/core'
import { stringify } from 'csv-stringify/browser/esm/sync'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearch } from 'wouter'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { downloadText } from '../../../lib/download.ts'
import { errorText } from '../../../lib/error-text.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { usePayrollReport } from '../api/payrolls.ts'
import { dayText, payrollReportRecords } from '../utils/payroll.ts'
import { PayrollMarginView } from './payroll-margin.tsx'
import { useBusinessTimeZone } from '../../../lib/format.ts'

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** The first day of this year and today: the report's range until the reader picks one. */
function defaults(timeZone: string): { from: string; to: string } {
  const today = localDateOf(new Date(), timeZone)
  return { from: `${today.slice(0, 4)}-01-01`, to: today }
}

/**
 * What approved and paid runs paid (`/report/payroll?from=…&to=…`, runs whose period starts in
 * the range): gross, overtime, reimbursements, deductions and net by period and person, a bar
 * of each period's gross, the totals, and the same as CSV; then the margin per client over the
 * same range.
 */
export function PayrollReportView() {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const [location, navigate] = useLocation()
  const params = new URLSearchParams(useSearch())
  const fallback = defaults(useBusinessTimeZone())
  const from = DATE.test(params.get('from') ?? '') ? params.get('from')! : fallback.from
  const to = DATE.test(params.get('to') ?? '') ? params.get('to')! : fallback.to
  const report = usePayrollReport({ from, to })
  const setDay = (name: 'from' | 'to', value: string) => {
    if (!DATE.test(value)) return
    const next = new URLSearchParams(params)
    next.set(name, value)
    navigate(`${location}?${next.toString()}`, { replace: true })
  }
  const money = (cents: number) => formatMoney(cents, locale)
  const data = report.data
  const periods = data ? [...new Map(data.rows.map((row) => [row.period_start, row.period_end])).entries()] : []
  const grossOf = (start: string) => data?.rows.filter((row) => row.period_start === start).reduce((sum, row) => sum + row.gross_cents, 0) ?? 0
  const largest = Math.max(1, ...periods.map(([start]) => grossOf(start)))
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-4">
        {(['from', 'to'] as const).map((name) => (
          <label key={name} className="flex items-center gap-2 text-sm text-slate-700">
            {t(`payroll.report.${name}`)}
            <input
              type="date"
              value={name === 'from' ? from : to}
              onChange={(event) => setDay(name, event.target.value)}
              className="rounded-lg border-0 px-2 py-2 text-sm shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-primary-600 focus:outline-none"
            />
          </label>
        ))}
        {data && data.rows.length > 0 && (
          <Button variant="secondary" size="sm" onClick={() => downloadText(`payroll-${from}-${to}.csv`, `\uFEFF${stringify(payrollReportRecords(data), { record_delimiter: 'windows' })}`, 'text/csv;charset=utf-8')}>
            {t('payroll.report.csv')}
          </Button>
        )}
      </div>
      {report.isError && <Alert tone="error" title={t('payroll.report.unavailable')}>{errorText(report.error)}</Alert>}
      {!data && !report.isError && <Spinner label={t('payroll.loading')} />}
      {data && data.rows.length === 0 && <p className="text-sm text-slate-600">{t('pages.reportPayroll.empty')}</p>}
      {data && data.rows.length > 0 && (
        <>
          <figure aria-label={t('payroll.report.chart')} className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            {periods.map(([start, end]) => (
              <div key={start} className="grid grid-cols-[10rem_1fr_7rem] items-center gap-3 text-sm">
                <span className="text-slate-700">{t('payroll.period', { from: dayText(start, locale), to: dayText(end, locale) })}</span>
                <span aria-hidden="true" className="h-3 rounded bg-primary-600" style={{ width: `${(grossOf(start) / largest) * 100}%` }} />
                <span className="text-right">{money(grossOf(start))}</span>
              </div>
            ))}
          </figure>
          <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('payroll.report.caption')}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-slate-600">
                  {(['period', 'person', 'gross', 'overtime', 'reimbursements', 'deductions', 'net'] as const).map((key) => (
                    <th key={key} scope="col" className={`px-4 py-2 font-medium ${key === 'period' || key === 'person' ? '' : 'text-right'}`}>
                      {t(`payroll.columns.${key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={`${row.period_start}-${row.staff.id}`} className="border-b border-slate-100">
                    <td className="px-4 py-2">{dayText(row.period_start, locale)}</td>
                    <th scope="row" className="px-4 py-2 text-left font-medium">
                      {row.staff.name}
                    </th>
                    <td className="px-4 py-2 text-right">{money(row.gross_cents)}</td>
                    <td className="px-4 py-2 text-right">{money(row.overtime_cents)}</td>
                    <td className="px-4 py-2 text-right">{money(row.reimbursements_cents)}</td>
                    <td className="px-4 py-2 text-right">{money(row.deductions_cents)}</td>
                    <td className="px-4 py-2 text-right font-semibold">{money(row.net_cents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="font-semibold">
                  <th scope="row" colSpan={2} className="px-4 py-2 text-left">
                    {t('payroll.report.totals')}
                  </th>
                  <td className="px-4 py-2 text-right">{money(data.totals.gross_cents)}</td>
                  <td className="px-4 py-2 text-right">{money(data.totals.overtime_cents)}</td>
                  <td className="px-4 py-2 text-right">{money(data.totals.reimbursements_cents)}</td>
                  <td className="px-4 py-2 text-right">{money(data.totals.deductions_cents)}</td>
                  <td className="px-4 py-2 text-right">{money(data.totals.net_cents)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
      <PayrollMarginView from={from} to={to} />
    </div>
  )
}
