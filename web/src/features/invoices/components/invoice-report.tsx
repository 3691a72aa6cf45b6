import { AGING_BUCKETS, formatMoney, invoiceReportRecords, isLocalDate, localDateOf, type InvoiceReport } from '@rota/core'
import { stringify } from 'csv-stringify/browser/esm/sync'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearch } from 'wouter'
import { DownloadIcon } from '../../../components/ui/action-icons.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { DataTable, type Column } from '../../../components/ui/data-table.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { downloadText } from '../../../lib/download.ts'
import { errorText } from '../../../lib/error-text.ts'
import { formatMonth, useBusinessTimeZone } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useInvoiceReport } from '../api/invoices.ts'

// The chart's library loads with the chart, not with the page.
const InvoiceReportChart = lazy(() => import('./invoice-report-chart.tsx').then((module) => ({ default: module.InvoiceReportChart })))

type RevenueRow = InvoiceReport['revenue'][number]

/**
 * The invoice report (/report/invoice): revenue by month of issue and client as a chart and a
 * table, what clients owe today by days past due (current, 1–30, 31–60, 61–90, 90+), and the
 * same as a CSV file. The range is kept in the address; this year so far unless it says otherwise.
 * @example
 * <InvoiceReportView />
 */
export function InvoiceReportView() {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const [location, navigate] = useLocation()
  const search = useSearch()
  const timeZone = useBusinessTimeZone()
  const today = localDateOf(new Date(), timeZone)
  const params = new URLSearchParams(search)
  const date = (name: string, fallback: string) => {
    const value = params.get(name)
    return value && isLocalDate(value) ? value : fallback
  }
  const from = date('from', `${today.slice(0, 4)}-01-01`)
  const to = date('to', today)
  const report = useInvoiceReport({ from, to })
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(search)
    if (value) next.set(name, value)
    else next.delete(name)
    navigate(`${location}?${next.toString()}`, { replace: true })
  }
  const money = (cents: number) => formatMoney(cents, locale)
  const columns: Column<RevenueRow>[] = [
    { key: 'month', header: t('invoices.report.month'), primary: true, cell: (row) => <span className="font-semibold whitespace-nowrap text-slate-900">{formatMonth(row.month, locale)}</span> },
    { key: 'client', header: t('invoices.columns.client'), cell: (row) => row.client.name },
    { key: 'invoices', header: t('invoices.report.invoices'), cell: (row) => row.invoices.toLocaleString(locale) },
    { key: 'billed', header: t('invoices.report.billed'), className: 'text-right whitespace-nowrap', cell: (row) => money(row.subtotal_cents) },
    { key: 'total', header: t('invoices.report.withTax'), className: 'text-right whitespace-nowrap', cell: (row) => money(row.total_cents) },
    { key: 'paid', header: t('invoices.report.paid'), className: 'text-right whitespace-nowrap', cell: (row) => money(row.paid_cents) },
  ]
  const exportCsv = (data: InvoiceReport) => {
    const csv = stringify(invoiceReportRecords(data), { record_delimiter: 'windows' })
    downloadText(`invoices-${data.from}-${data.to}.csv`, `\uFEFF${csv}`, 'text/csv;charset=utf-8')
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3">
        <TextField name="from" type="date" label={t('invoices.report.from')} value={from} onChange={(event) => set('from', event.target.value)} />
        <TextField name="to" type="date" label={t('invoices.report.to')} value={to} onChange={(event) => set('to', event.target.value)} />
        <div className="ml-auto">
          <Button variant="secondary" disabled={!report.data} onClick={() => report.data && exportCsv(report.data)}>
            <DownloadIcon className="size-4" />
            {t('invoices.report.export')}
          </Button>
        </div>
      </div>
      {report.isError ? (
        <Alert tone="error" title={t('invoices.report.unavailable')}>
          {errorText(report.error)}
        </Alert>
      ) : !report.data ? (
        <Spinner className="mx-auto my-8 size-6 text-primary-700" label={t('invoices.report.loading')} />
      ) : (
        <>
          <Panel title={t('invoices.report.aging')} description={t('invoices.report.agingHint')}>
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-6">
              {AGING_BUCKETS.map((bucket) => (
                <div key={bucket}>
                  <dt className="text-xs font-medium text-slate-600">{t(`invoices.report.buckets.${bucket}`)}</dt>
                  <dd className="text-lg font-semibold text-slate-900">{money(report.data.aging[bucket])}</dd>
                </div>
              ))}
              <div>
                <dt className="text-xs font-medium text-slate-600">{t('invoices.report.outstanding')}</dt>
                <dd className="text-lg font-bold text-slate-900">{money(report.data.outstanding_cents)}</dd>
              </div>
            </dl>
          </Panel>
          {report.data.revenue.length > 0 && (
            <Panel title={t('invoices.report.chart')}>
              <Suspense fallback={<Spinner className="mx-auto my-8 size-6 text-primary-700" label={t('invoices.report.loading')} />}>
                <InvoiceReportChart report={report.data} />
              </Suspense>
            </Panel>
          )}
          <DataTable
            caption={t('invoices.report.caption')}
            columns={columns}
            rows={report.data.revenue}
            rowKey={(row) => `${row.month}/${row.client.id}`}
            empty={<p className="text-sm text-slate-600">{t('invoices.report.empty')}</p>}
            loadingLabel={t('invoices.report.loading')}
          />
        </>
      )}
    </div>
  )
}
