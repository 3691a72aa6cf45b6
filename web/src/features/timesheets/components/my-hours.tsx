import { TIMESHEET_STATUSES, type Timesheet } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { RecordName, RecordTable } from '../../../components/records/record-table.tsx'
import { StatusBadge } from '../../../components/records/status-badge.tsx'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import type { Column } from '../../../components/ui/data-table.tsx'
import { formatDay, formatMinutes } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { ChevronLeftIcon } from '../../../components/ui/action-icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ChevronRightIcon } from '../../../components/ui/icons.tsx'
import { useSession } from '../../../lib/services.tsx'
import { useTimesheets } from '../api/list-timesheets.ts'
import { useWeekParam } from '../utils/week.ts'
import { shownStatus } from './timesheet-panel.tsx'

/**
 * A staff member's own hours of a week (this one unless the address says another): each
 * day's client, times, paid and overtime minutes, flags and where its approval stands, a
 * row opening the timesheet; the week's totals, and the weeks before and after.
 * @example
 * <MyHours />
 */
export function MyHours() {
  const { t, i18n } = useTranslation('app')
  const record = useOpenRecord()
  const locale = currentLocale(i18n)
  const settings = useSession((state) => state.context.settings)
  const { week, previous, next } = useWeekParam(settings ?? { timezone: 'America/Toronto', locale: 'en', week_start: 0 })
  const totals = useTimesheets({ from: week.firstDay, to: week.lastDay, page_size: 5000 })
  const counted = (totals.data?.rows ?? []).filter((sheet) => sheet.status !== 'rejected')
  const paid = counted.reduce((sum, sheet) => sum + sheet.paid_minutes, 0)
  const overtime = counted.reduce((sum, sheet) => sum + sheet.overtime_minutes + sheet.double_time_minutes, 0)
  const range = new Intl.DateTimeFormat(`${locale}-CA`, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(new Date(`${week.firstDay}T12:00:00Z`), new Date(`${week.lastDay}T12:00:00Z`))
  const columns: Column<Timesheet>[] = [
    {
      key: 'date',
      header: t('timesheets.fields.date'),
      sortKey: 'started_at',
      primary: true,
      cell: (sheet) => <RecordName onOpen={() => record.open(sheet.id)}>{formatDay(`${sheet.date}T12:00:00Z`, locale, 'UTC')}</RecordName>,
    },
    { key: 'client', header: t('timesheets.fields.client'), cell: (sheet) => sheet.location.name },
    { key: 'times', header: t('timesheets.fields.times'), cell: (sheet) => `${sheet.start_time} – ${sheet.end_time ?? t('timesheets.summary.stillIn')}` },
    { key: 'paid', header: t('timesheets.fields.paid'), cell: (sheet) => formatMinutes(sheet.paid_minutes) },
    { key: 'overtime', header: t('timesheets.fields.overtime'), cell: (sheet) => (sheet.overtime_minutes + sheet.double_time_minutes > 0 ? formatMinutes(sheet.overtime_minutes + sheet.double_time_minutes) : '—') },
    { key: 'status', header: t('timesheets.fields.status'), sortKey: 'status', cell: (sheet) => <StatusBadge lifecycle="timesheet" status={shownStatus(sheet)} /> },
    // What was flagged, in short ("Late in, Away from the client"): the hours' panel says it in full.
    { key: 'flags', header: t('timesheets.flags.label'), cell: (sheet) => (sheet.flags.length > 0 ? [...new Set(sheet.flags.map((flag) => t(`timesheets.flags.short.${flag.kind}`)))].join(', ') : '—') },
  ]
  return (
    <section aria-labelledby="my-hours" className="space-y-3">
      <h2 id="my-hours" className="text-base font-semibold text-slate-900">
        {t('timesheets.mine.title')}
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onClick={previous}>
          <ChevronLeftIcon className="size-4" />
          {t('timesheets.week.previous')}
        </Button>
        <p className="text-sm font-semibold text-slate-900" aria-live="polite">
          {t('timesheets.week.of', { range })}
        </p>
        <Button variant="secondary" size="sm" onClick={next}>
          {t('timesheets.week.next')}
          <ChevronRightIcon className="size-4" />
        </Button>
        <p className="text-sm text-slate-700">{t('timesheets.mine.totals', { paid: formatMinutes(paid), overtime: formatMinutes(overtime) })}</p>
      </div>
      <RecordTable
        caption={t('timesheets.mine.title')}
        columns={columns}
        rowKey={(sheet) => sheet.id}
        sorts={['started_at', 'status']}
        defaultSort="started_at"
        filters={{
          status: { label: t('timesheets.mine.filterStatus'), all: t('timesheets.mine.allStatuses'), options: TIMESHEET_STATUSES.map((status) => ({ value: status, label: t(`records.statuses.timesheet.${status}`) })) },
        }}
        useRows={(request) => useTimesheets({ ...request, from: week.firstDay, to: week.lastDay })}
        labels={{
          loading: t('timesheets.mine.loading'),
          empty: t('timesheets.mine.empty'),
          noMatch: t('timesheets.mine.noMatch'),
          unavailable: t('timesheets.mine.unavailable'),
          pages: t('timesheets.mine.pages'),
        }}
      />
    </section>
  )
}
