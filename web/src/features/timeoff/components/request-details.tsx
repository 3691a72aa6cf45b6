import type { TimeoffRequest } from '@rota/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { RecordPanelBody } from '../../../components/records/record-panel.tsx'
import { StatusBadge } from '../../../components/records/status-badge.tsx'
import { formatInstant } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useSession } from '../../../lib/services.tsx'
import { formatLeave, formatLeaveDay, whenText } from '../utils/leave.ts'
import { useCategoryName } from '../hooks/use-category-name.ts'

/**
 * The shifts a request touches, each with its day, hours, client and service, and whether
 * its staff know of it (published) or not yet (a draft).
 * @example
 * <ShiftImpact shifts={request.shifts} />
 */
export function ShiftImpact({ shifts }: { shifts: TimeoffRequest['shifts'] }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  return (
    <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
      {shifts.map((shift) => (
        <li key={shift.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm">
          <span>
            <span className="font-medium text-slate-900">
              {formatLeaveDay(shift.date, locale)}, {shift.start_time}–{shift.end_time}
            </span>
            <span className="block text-slate-600">
              <span aria-hidden="true" className="mr-1.5 inline-block size-2.5 rounded-full ring-1 ring-black/10" style={{ backgroundColor: shift.service.colour }} />
              {shift.service.name} · {shift.location.name}
            </span>
          </span>
          <StatusBadge lifecycle="shift" status={shift.status} />
        </li>
      ))}
    </ul>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  )
}

/**
 * A request as its Details tab shows it: whose, which kind, when and what it takes, who asked
 * and who decided (with the reason given), and the shifts of the person in that time.
 * @example
 * <RequestDetails request={request} />
 */
export function RequestDetails({ request }: { request: TimeoffRequest }) {
  const { t, i18n } = useTranslation('app')
  const categoryName = useCategoryName()
  const locale = currentLocale(i18n)
  const timeZone = useSession((state) => state.context.settings?.timezone)
  const standing = request.status === 'pending' || request.status === 'approved' || request.status === 'cancellation_requested'
  return (
    <RecordPanelBody>
      <dl className="space-y-3">
        <Fact label={t('timeoff.fields.person')}>{request.staff.name}</Fact>
        <Fact label={t('timeoff.fields.category')}>
          <span className="inline-flex items-center gap-2">
            <span aria-hidden="true" className="size-3 rounded-full ring-1 ring-black/10" style={{ backgroundColor: request.category.colour }} />
            {categoryName(request.category.name)} · {request.category.paid ? t('timeoff.details.paid') : t('timeoff.details.unpaid')}
          </span>
        </Fact>
        <Fact label={t('timeoff.fields.when')}>{whenText(request, locale, (half) => t(`timeoff.half.${half}`))}</Fact>
        <Fact label={t('timeoff.fields.amount')}>{formatLeave(request.minutes, request.category.unit, request.category.day_minutes, locale)}</Fact>
        <Fact label={t('timeoff.fields.requestedBy')}>
          {request.requested_by.name} · {formatInstant(request.created_at, locale, timeZone)}
        </Fact>
        {request.note && <Fact label={t('timeoff.fields.note')}>{request.note}</Fact>}
        {request.decided_by && (
          <Fact label={t('timeoff.fields.decidedBy')}>
            {request.decided_by.name}
            {request.decided_at && ` · ${formatInstant(request.decided_at, locale, timeZone)}`}
          </Fact>
        )}
        {request.decision_note && <Fact label={t('timeoff.fields.decisionNote')}>{request.decision_note}</Fact>}
      </dl>
      {standing && (
        <section aria-labelledby={`shifts-${request.id}`} className="space-y-2">
          <h3 id={`shifts-${request.id}`} className="text-sm font-semibold text-slate-900">
            {t('timeoff.details.shifts')}
          </h3>
          {request.shifts.length === 0 ? (
            <p className="text-sm text-slate-600">{t('timeoff.details.noShifts')}</p>
          ) : (
            <>
              <ShiftImpact shifts={request.shifts} />
              {request.status === 'approved' && <p className="text-sm text-amber-800">{t('timeoff.details.stillAssigned', { name: request.staff.name })}</p>}
            </>
          )}
        </section>
      )}
    </RecordPanelBody>
  )
}
