import { minutesBetween, type Shift, type Timesheet } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { StatusBadge } from '../../../components/records/status-badge.tsx'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import { ChevronLeftIcon } from '../../../components/ui/action-icons.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { DataTable, type Column } from '../../../components/ui/data-table.tsx'
import { ChevronRightIcon } from '../../../components/ui/icons.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { formatMinutes } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useSession } from '../../../lib/services.tsx'
import { useApproveTimesheets } from '../api/change-timesheet.ts'
import { useTimesheets } from '../api/list-timesheets.ts'
import { useWeekShifts } from '../api/week-shifts.ts'
import { awaitsApproval } from '../utils/hours.ts'
import { useWeekParam } from '../utils/week.ts'
import { shownStatus } from './timesheet-panel.tsx'

/** One person's week: their timesheets and planned minutes by day, and the week's totals. */
interface PersonWeek {
  id: string
  name: string
  /** Each day's timesheets, the minutes planned, and whether a planned shift has begun (hours are due). */
  days: { timesheets: Timesheet[]; planned: number; begun: boolean }[]
  paid: number
  planned: number
  overtime: number
  flagged: number
}

const plannedMinutes = (shift: Shift) => Math.max(0, minutesBetween(shift.starts_at, shift.ends_at) - shift.break_minutes)

/** Everyone with hours or a published shift in the week, by name, their days in the week's order. */
function byPerson(dates: readonly string[], timesheets: readonly Timesheet[], shifts: readonly Shift[], now: Date): PersonWeek[] {
  const people = new Map<string, PersonWeek>()
  const person = (id: string, name: string) => {
    let found = people.get(id)
    if (!found) people.set(id, (found = { id, name, days: dates.map(() => ({ timesheets: [], planned: 0, begun: false })), paid: 0, planned: 0, overtime: 0, flagged: 0 }))
    return found
  }
  for (const sheet of timesheets) {
    const day = dates.indexOf(sheet.date)
    if (day < 0) continue
    const week = person(sheet.staff.id, sheet.staff.name)
    week.days[day]!.timesheets.push(sheet)
    if (sheet.status !== 'rejected') {
      week.paid += sheet.paid_minutes
      week.overtime += sheet.overtime_minutes + sheet.double_time_minutes
    }
    if (sheet.flags.length > 0) week.flagged += 1
  }
  for (const shift of shifts) {
    const day = dates.indexOf(shift.date)
    if (day < 0 || !shift.staff) continue
    const week = person(shift.staff.id, shift.staff.name)
    week.days[day]!.planned += plannedMinutes(shift)
    if (new Date(shift.starts_at) <= now) week.days[day]!.begun = true
    week.planned += plannedMinutes(shift)
  }
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name))
}

/**
 * The manager's week of timesheets, by person: each day's hours (a button opening the
 * timesheet) above the hours planned, flags and proposed corrections marked, the week's
 * paid and overtime totals beside the plan; the week before or after; and Approve the week,
 * which approves every timesheet awaiting it (not those with a correction proposed), all or
 * none. Rows are cards on a phone.
 * @example
 * <TimesheetsWeek />
 */
export function TimesheetsWeek() {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const settings = useSession((state) => state.context.settings)
  const canPlan = useCan('schedules', 'read')
  const record = useOpenRecord()
  const { week, previous, next } = useWeekParam(settings ?? { timezone: 'America/Toronto', locale: 'en', week_start: 0 })
  const timesheets = useTimesheets({ from: week.firstDay, to: week.lastDay, page_size: 5000, sort: 'staff' })
  const shifts = useWeekShifts(week.firstDay, week.lastDay, canPlan)
  const approve = useApproveTimesheets()
  const [asking, setAsking] = useState(false)
  const rows = byPerson(week.dates, timesheets.data?.rows ?? [], shifts.data ?? [], new Date())
  const waiting = (timesheets.data?.rows ?? []).filter(awaitsApproval)
  // A proposed correction is decided before its hours are approved: those wait, and the question says so.
  const proposed = (timesheets.data?.rows ?? []).filter((sheet) => sheet.proposal !== null).length
  const dayLabel = (date: string) => new Intl.DateTimeFormat(`${locale}-CA`, { weekday: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`))
  const range = new Intl.DateTimeFormat(`${locale}-CA`, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(new Date(`${week.firstDay}T12:00:00Z`), new Date(`${week.lastDay}T12:00:00Z`))

  const dayColumns: Column<PersonWeek>[] = week.dates.map((date, index) => ({
    key: date,
    header: dayLabel(date),
    cell: (person) => {
      const { timesheets: sheets, planned, begun } = person.days[index]!
      if (sheets.length === 0 && planned === 0) return <span className="text-slate-400">—</span>
      return (
        <div className="space-y-1">
          {sheets.map((sheet) => (
            <button
              key={sheet.id}
              type="button"
              onClick={() => record.open(sheet.id)}
              aria-label={t(sheet.proposal ? 'timesheets.week.openProposed' : 'timesheets.week.open', { name: person.name, day: dayLabel(date), hours: sheet.ended_at ? formatMinutes(sheet.paid_minutes) : t('timesheets.week.clockedIn'), status: t(`records.statuses.timesheet.${shownStatus(sheet)}`), flags: sheet.flags.length })}
              className="flex flex-col items-start rounded-lg px-1.5 py-1 text-left hover:bg-slate-100"
            >
              <span className="font-semibold text-slate-900">
                {sheet.ended_at ? formatMinutes(sheet.paid_minutes) : t('timesheets.week.clockedIn')}
                {sheet.flags.length > 0 && (
                  <span aria-hidden="true" className="ml-1 text-amber-700">
                    ⚑
                  </span>
                )}
              </span>
              <StatusBadge lifecycle="timesheet" status={shownStatus(sheet)} />
              {sheet.proposal && (
                <span aria-hidden="true" className="text-xs font-medium text-amber-800">
                  ✎ {t('timesheets.week.proposed')}
                </span>
              )}
            </button>
          ))}
          {planned > 0 && <p className="px-1.5 text-xs text-slate-500">{t('timesheets.week.planned', { hours: formatMinutes(planned) })}</p>}
          {sheets.length === 0 && begun && <p className="px-1.5 text-xs text-amber-800">{t('timesheets.week.noHours')}</p>}
        </div>
      )
    },
  }))
  const columns: Column<PersonWeek>[] = [
    { key: 'person', header: t('timesheets.fields.staff'), primary: true, cell: (person) => <span className="font-semibold text-slate-900">{person.name}</span> },
    ...dayColumns,
    {
      key: 'total',
      header: t('timesheets.week.total'),
      cell: (person) => (
        <div>
          <p className="font-semibold text-slate-900">{formatMinutes(person.paid)}</p>
          <p className="text-xs text-slate-500">{t('timesheets.week.planned', { hours: formatMinutes(person.planned) })}</p>
        </div>
      ),
    },
    { key: 'overtime', header: t('timesheets.fields.overtime'), cell: (person) => (person.overtime > 0 ? <span className="font-semibold text-amber-800">{formatMinutes(person.overtime)}</span> : '—') },
  ]

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" size="sm" onClick={previous}>
          <ChevronLeftIcon className="size-4" />
          {t('timesheets.week.previous')}
        </Button>
        <h2 className="text-base font-semibold text-slate-900" aria-live="polite">
          {t('timesheets.week.of', { range })}
        </h2>
        <Button variant="secondary" size="sm" onClick={next}>
          {t('timesheets.week.next')}
          <ChevronRightIcon className="size-4" />
        </Button>
        <div className="ml-auto">
          <Button size="sm" disabled={waiting.length === 0} onClick={() => setAsking(true)}>
            {t('timesheets.week.approve', { count: waiting.length })}
          </Button>
        </div>
      </div>
      {approve.isError && <Alert tone="error">{errorText(approve.error)}</Alert>}
      {timesheets.isError ? (
        <Alert tone="error" title={t('timesheets.week.unavailable')}>
          {errorText(timesheets.error)}
        </Alert>
      ) : (
        <DataTable
          caption={t('timesheets.week.caption', { range })}
          columns={columns}
          rows={rows}
          rowKey={(person) => person.id}
          loading={timesheets.isFetching}
          loadingLabel={t('timesheets.week.loading')}
          empty={<p className="text-sm text-slate-600">{t('timesheets.week.empty')}</p>}
        />
      )}
      <ConfirmDialog
        open={asking}
        tone="primary"
        title={waiting.length === 1 ? t('timesheets.week.approveTitleOne', { count: 1, range }) : t('timesheets.week.approveTitleMany', { count: waiting.length, range })}
        confirmLabel={t('timesheets.week.approveConfirm')}
        pending={approve.isPending}
        onConfirm={() => void approve.mutateAsync(waiting.map((sheet) => sheet.id)).finally(() => setAsking(false))}
        onClose={() => setAsking(false)}
      >
        {t('timesheets.week.approveText')}
        {proposed > 0 && ` ${proposed === 1 ? t('timesheets.week.proposalsWaitOne', { count: 1 }) : t('timesheets.week.proposalsWaitMany', { count: proposed })}`}
      </ConfirmDialog>
    </div>
  )
}
