import { addLocalDays, businessWeek, localDateOf, timesheetReportRecords, TIMESHEET_REPORT_GROUPS, weekStartFor, type TimesheetReport, type TimesheetReportGroup, type TimesheetReportRow } from '@rota/core'
import { stringify } from 'csv-stringify/browser/esm/sync'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearch } from 'wouter'
import { isLocalDate } from '@rota/core'
import { DownloadIcon } from '../../../components/ui/action-icons.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { DataTable, type Column } from '../../../components/ui/data-table.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { FilterSelect } from '../../../components/ui/search-field.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { TextField } from '../../../components/ui/text-field.tsx'
import { downloadText } from '../../../lib/download.ts'
import { errorText } from '../../../lib/error-text.ts'
import { formatDay, formatMinutes } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useSession } from '../../../lib/services.tsx'
import { useTimesheetReport, type TimesheetReportRequest } from '../api/timesheet-report.ts'

// The chart's library is the report's alone: it loads with the chart, not with the page.
const ReportChart = lazy(() => import('./report-chart.tsx').then((module) => ({ default: module.ReportChart })))

type Row = TimesheetReportRow & { total?: true }

/** The report's choices, kept in the address: the last four business weeks by person unless it says otherwise. */
function useReportQuery(): { query: TimesheetReportRequest; set: (changes: Record<string, string>) => void } {
  const [location, navigate] = useLocation()
  const search = useSearch()
  const settings = useSession((state) => state.context.settings)
  const params = new URLSearchParams(search)
  const timeZone = settings?.timezone ?? 'America/Toronto'
  const thisWeek = businessWeek(localDateOf(new Date(), timeZone), timeZone, weekStartFor(settings?.locale ?? 'en', settings?.week_start ?? 0))
  const date = (name: string, fallback: string) => {
    const value = params.get(name)
    return value && isLocalDate(value) ? value : fallback
  }
  const group = params.get('group_by') as TimesheetReportGroup | null
  const status = params.get('status')
  const query: TimesheetReportRequest = {
    from: date('from', addLocalDays(thisWeek.firstDay, -21)),
    to: date('to', thisWeek.lastDay),
    group_by: group && TIMESHEET_REPORT_GROUPS.includes(group) ? group : 'person',
    ...(status === 'approved' || status === 'pending' ? { filter: { status } } : {}),
  }
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search)
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    navigate(`${location}?${next.toString()}`, { replace: true })
  }
  return { query, set }
}

/**
 * The timesheet report (/report/timesheets): hours of a range of business days by person,
 * client, service or week — planned against actual, regular against overtime — as a chart
 * and a table with its totals, and the same table as a CSV file whose cells a spreadsheet
 * cannot run as formulas (DESIGN.md §5).
 * @example
 * <TimesheetReportView />
 */
export function TimesheetReportView() {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const { query, set } = useReportQuery()
  const report = useTimesheetReport(query)
  const group = query.group_by ?? 'person'
  const labelOf = (row: TimesheetReportRow) => (group === 'week' ? formatDay(`${row.key}T12:00:00Z`, locale, 'UTC') : row.label)
  const hours = (minutes: number) => formatMinutes(minutes)

  const columns: Column<Row>[] = [
    { key: 'label', header: t(`timesheets.report.groups.${group}`), primary: true, cell: (row) => <span className="font-semibold text-slate-900">{row.total ? t('timesheets.report.total') : labelOf(row)}</span> },
    { key: 'timesheets', header: t('timesheets.report.timesheets'), cell: (row) => row.timesheets.toLocaleString(locale) },
    { key: 'planned', header: t('timesheets.report.planned'), cell: (row) => hours(row.planned_minutes) },
    { key: 'paid', header: t('timesheets.report.actual'), cell: (row) => hours(row.paid_minutes) },
    { key: 'regular', header: t('timesheets.report.regular'), cell: (row) => hours(row.regular_minutes) },
    { key: 'overtime', header: t('timesheets.report.overtime'), cell: (row) => hours(row.overtime_minutes + row.double_time_minutes) },
  ]
  const exportCsv = (data: TimesheetReport) => {
    const csv = stringify(timesheetReportRecords(data), { record_delimiter: 'windows' })
    downloadText(`timesheets-${data.group_by}-${data.from}-${data.to}.csv`, `\uFEFF${csv}`, 'text/csv;charset=utf-8')
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end gap-3">
        <TextField name="from" type="date" label={t('timesheets.report.from')} value={query.from} onChange={(event) => set({ from: event.target.value })} />
        <TextField name="to" type="date" label={t('timesheets.report.to')} value={query.to} onChange={(event) => set({ to: event.target.value })} />
        <FilterSelect label={t('timesheets.report.groupBy')} value={group} onChange={(value) => set({ group_by: value })} options={TIMESHEET_REPORT_GROUPS.map((value) => ({ value, label: t(`timesheets.report.groups.${value}`) }))} />
        <FilterSelect
          label={t('timesheets.report.status')}
          value={query.filter?.status ?? ''}
          onChange={(value) => set({ status: value })}
          options={[
            { value: '', label: t('timesheets.report.allHours') },
            { value: 'approved', label: t('records.statuses.timesheet.approved') },
            { value: 'pending', label: t('records.statuses.timesheet.pending') },
          ]}
        />
        <div className="ml-auto">
          <Button variant="secondary" disabled={!report.data} onClick={() => report.data && exportCsv(report.data)}>
            <DownloadIcon className="size-4" />
            {t('timesheets.report.export')}
          </Button>
        </div>
      </div>
      {report.isError ? (
        <Alert tone="error" title={t('timesheets.report.unavailable')}>
          {errorText(report.error)}
        </Alert>
      ) : !report.data ? (
        <Spinner className="mx-auto my-8 size-6 text-primary-700" label={t('timesheets.report.loading')} />
      ) : (
        <>
          {report.data.rows.length > 0 && (
            <Panel title={t('timesheets.report.chart')}>
              <Suspense fallback={<Spinner className="mx-auto my-8 size-6 text-primary-700" label={t('timesheets.report.loading')} />}>
                <ReportChart report={{ ...report.data, rows: report.data.rows.map((row) => ({ ...row, label: labelOf(row) })) }} />
              </Suspense>
            </Panel>
          )}
          <DataTable
            caption={t('timesheets.report.caption')}
            columns={columns}
            rows={report.data.rows.length > 0 ? [...report.data.rows, { ...report.data.totals, key: 'total', label: '', total: true }] : []}
            rowKey={(row) => row.key}
            loading={report.isFetching}
            loadingLabel={t('timesheets.report.loading')}
            empty={<p className="text-sm text-slate-600">{t('timesheets.report.empty')}</p>}
          />
        </>
      )}
    </div>
  )
}
