import { localTimeOf, type Timesheet } from '@rota/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMinutes, useBusinessTimeZone } from '../../../lib/format.ts'
import { FlagList } from './flag-list.tsx'

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-x-3 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  )
}

/**
 * A timesheet at a glance: the shift as planned, the times as clocked, the hours that count
 * (corrected or not) and how they are paid, its flags and notes.
 * @example
 * <TimesheetSummary timesheet={timesheet} />
 */
export function TimesheetSummary({ timesheet }: { timesheet: Timesheet }) {
  const { t } = useTranslation('app')
  const timeZone = useBusinessTimeZone()
  const at = (iso: string | null) => (iso ? localTimeOf(iso, timeZone) : t('timesheets.summary.stillIn'))
  const { planned, clocked } = timesheet
  return (
    <div className="space-y-4">
      <dl className="space-y-2 text-sm">
        <Row label={t('timesheets.summary.planned')}>
          {planned ? `${at(planned.starts_at)} – ${at(planned.ends_at)} (${formatMinutes(planned.paid_minutes)})` : t('timesheets.summary.unplanned')}
        </Row>
        <Row label={t('timesheets.summary.clocked')}>
          {clocked ? `${at(clocked.clock_in_at)} – ${clocked.clock_out_at ? at(clocked.clock_out_at) : t('timesheets.summary.notClockedOut')}` : t('timesheets.summary.notClocked')}
        </Row>
        <Row label={t('timesheets.summary.counted')}>
          {timesheet.start_time} – {timesheet.end_time ?? t('timesheets.summary.stillIn')}
        </Row>
        <Row label={t('timesheets.fields.break')}>{formatMinutes(timesheet.break_minutes)}</Row>
        <Row label={t('timesheets.fields.paid')}>{formatMinutes(timesheet.paid_minutes)}</Row>
        <Row label={t('timesheets.fields.regular')}>{formatMinutes(timesheet.regular_minutes)}</Row>
        <Row label={t('timesheets.fields.overtime')}>
          {formatMinutes(timesheet.overtime_minutes)}
          {timesheet.double_time_minutes > 0 && ` + ${t('timesheets.summary.doubleTime', { time: formatMinutes(timesheet.double_time_minutes) })}`}
        </Row>
        {timesheet.notes && <Row label={t('timesheets.fields.notes')}>{timesheet.notes}</Row>}
        {timesheet.correction_reason && <Row label={t('timesheets.fields.reason')}>{timesheet.correction_reason}</Row>}
      </dl>
      <FlagList flags={timesheet.flags} />
    </div>
  )
}
