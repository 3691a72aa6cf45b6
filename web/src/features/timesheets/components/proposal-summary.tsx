import { localDateOf, localTimeOf, type Timesheet, type TimesheetProposal } from '@rota/core'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDay, formatInstant, formatMinutes, useBusinessTimeZone } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'

/**
 * A correction its staff member proposed, beside the hours counted now: the day, the times,
 * the unpaid break and what each pays, in a table a screen reader reads row by row under
 * both headings (a changed value stands out), then why and when it was proposed.
 * @example
 * {timesheet.proposal && <ProposalSummary timesheet={timesheet} proposal={timesheet.proposal} />}
 */
export function ProposalSummary({ timesheet, proposal }: { timesheet: Timesheet; proposal: TimesheetProposal }) {
  const { t, i18n } = useTranslation('app')
  const heading = useId()
  const timeZone = useBusinessTimeZone()
  const locale = currentLocale(i18n)
  const day = (iso: string) => formatDay(`${localDateOf(iso, timeZone)}T12:00:00Z`, locale, 'UTC')
  const times = (from: string, to: string | null) => `${localTimeOf(from, timeZone)} – ${to ? localTimeOf(to, timeZone) : t('timesheets.summary.stillIn')}`
  const rows: [string, string, string][] = [
    [t('timesheets.fields.date'), day(timesheet.started_at), day(proposal.started_at)],
    [t('timesheets.fields.times'), times(timesheet.started_at, timesheet.ended_at), times(proposal.started_at, proposal.ended_at)],
    [t('timesheets.fields.break'), formatMinutes(timesheet.break_minutes), formatMinutes(proposal.break_minutes)],
    [t('timesheets.fields.paid'), formatMinutes(timesheet.paid_minutes), formatMinutes(proposal.paid_minutes)],
  ]
  return (
    <section aria-labelledby={heading} className="space-y-3 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200">
      <h3 id={heading} tabIndex={-1} className="text-sm font-semibold text-slate-900">
        {t('timesheets.proposal.title', { name: timesheet.staff.name })}
      </h3>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="text-slate-500">
            <td />
            <th scope="col" className="font-medium">
              {t('timesheets.summary.counted')}
            </th>
            <th scope="col" className="font-medium">
              {t('timesheets.proposal.proposed')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, counted, proposed]) => (
            <tr key={label}>
              <th scope="row" className="py-1 pr-3 font-normal text-slate-500">
                {label}
              </th>
              <td className="py-1 pr-3 text-slate-900">{counted}</td>
              <td className={`py-1 text-slate-900 ${proposed === counted ? '' : 'font-semibold'}`}>{proposed}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-sm text-slate-900">
        <span className="text-slate-500">{t('timesheets.proposal.reason')}</span> {proposal.reason}
      </p>
      <p className="text-xs text-slate-600">{t('timesheets.proposal.proposedAt', { when: formatInstant(proposal.proposed_at, locale, timeZone) })}</p>
    </section>
  )
}
