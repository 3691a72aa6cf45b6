import type { BulkTimeoffEventsBody, TimeoffRequest } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { RecordActions, type RecordEventOptions } from '../../../components/records/record-actions.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { CheckboxField } from '../../../components/ui/form-fields.tsx'
import { currentLocale } from '../../../lib/i18n.ts'
import { useCan } from '../../../lib/permissions.ts'
import { formatLeaveTotal, whenText } from '../utils/leave.ts'

/** The decisions `POST /timeoff_request/events` takes for many requests at once. */
const BULK_TIMEOFF_EVENTS = ['timeoff.approve', 'timeoff.reject'] as const
type BulkTimeoffEvent = (typeof BULK_TIMEOFF_EVENTS)[number]

/**
 * Whether a request can be picked for a decision on many: its `allowed_events` (the time-off
 * machine and the reader's rights, never on one's own request) include one.
 * @example
 * decidable(request) // true for someone else's pending request, read by someone who decides
 */
export const decidable = (request: TimeoffRequest) => BULK_TIMEOFF_EVENTS.some((type) => request.allowed_events.includes(type))

/**
 * Above the requests picked in the list: how many and the time they take, the decisions every
 * one of them allows, and Clear. Approve asks first, naming the count and, when some of the
 * people have shifts in that time, listing them with the single approval's choice, made once
 * for all: take those shifts off them (they become open) or leave them assigned. Reject asks
 * why. `onDecide` sends them (`POST /timeoff_request/events`, all or none): a refusal shows here.
 * @example
 * <RequestBulkBar requests={picked} onClear={clear} onDecide={(body) => decide.mutateAsync(body).then(clear)} />
 */
export function RequestBulkBar({
  requests,
  onClear,
  onDecide,
}: {
  requests: readonly TimeoffRequest[]
  onClear: () => void
  onDecide: (body: z.input<typeof BulkTimeoffEventsBody>) => Promise<unknown>
}) {
  const { t, i18n } = useTranslation('app')
  const canUnassign = useCan('schedules', 'update')
  const [unassign, setUnassign] = useState(true)
  const count = requests.length
  const amount = formatLeaveTotal(requests, currentLocale(i18n))
  const common = BULK_TIMEOFF_EVENTS.filter((type) => requests.every((request) => request.allowed_events.includes(type)))
  // As on one request: only shifts not yet begun can be taken off, and only by someone who schedules.
  const unassignable = canUnassign && requests.some((request) => request.shifts.some((shift) => shift.status !== 'in_progress'))
  const options: Record<BulkTimeoffEvent, RecordEventOptions> = {
    'timeoff.approve': {
      tone: 'primary',
      confirm: {
        title: count === 1 ? t('timeoff.bulk.approveTitleOne', { count, amount }) : t('timeoff.bulk.approveTitleMany', { count, amount }),
        text: <ApproveManyQuestion requests={requests} unassignable={unassignable} unassign={unassign} onUnassign={setUnassign} />,
      },
    },
    'timeoff.reject': {
      reason: { label: t('timeoff.reject.reason'), hint: t('timeoff.bulk.rejectHint') },
      confirm: { title: count === 1 ? t('timeoff.bulk.rejectTitleOne', { count, amount }) : t('timeoff.bulk.rejectTitleMany', { count, amount }), text: t('timeoff.bulk.allOrNone') },
    },
  }

  return (
    <div className="space-y-3 rounded-2xl bg-secondary-50 p-3 ring-1 ring-secondary-200">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm font-semibold text-slate-900">{t('timeoff.bulk.selected', { count, amount })}</p>
        <Button variant="secondary" size="sm" onClick={onClear}>
          {t('timeoff.bulk.clear')}
        </Button>
      </div>
      {common.length === 0 && <p className="text-sm text-slate-600">{t('timeoff.bulk.noCommonDecision')}</p>}
      <RecordActions
        allowed={common}
        options={options}
        send={(type, payload) =>
          onDecide({
            type: type as BulkTimeoffEvent,
            ids: requests.map((request) => request.id),
            ...payload,
            ...(type === 'timeoff.approve' ? { unassign_shifts: unassignable && unassign } : {}),
          })
        }
      />
    </div>
  )
}

/**
 * What approving them does, asked first: all or none, and the people among them who have
 * shifts in that time, with whether to take those shifts off them.
 */
function ApproveManyQuestion({
  requests,
  unassignable,
  unassign,
  onUnassign,
}: {
  requests: readonly TimeoffRequest[]
  unassignable: boolean
  unassign: boolean
  onUnassign: (unassign: boolean) => void
}) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const touching = requests.filter((request) => request.shifts.length > 0)
  return (
    <div className="space-y-3">
      <p>{t('timeoff.bulk.allOrNone')}</p>
      {touching.length > 0 && (
        <>
          <p>{t('timeoff.bulk.shiftsText')}</p>
          <ul className="divide-y divide-slate-100 rounded-xl text-sm ring-1 ring-slate-200">
            {touching.map((request) => (
              <li key={request.id} className="px-3 py-2">
                <span className="font-medium text-slate-900">{request.staff.name}</span>
                {` · ${whenText(request, locale, (half) => t(`timeoff.half.${half}`))} · ${t('timeoff.shiftsTouched', { count: request.shifts.length })}`}
              </li>
            ))}
          </ul>
          {unassignable ? (
            <CheckboxField
              label={t('timeoff.bulk.unassign')}
              description={unassign ? t('timeoff.approve.unassignHint') : t('timeoff.approve.keep')}
              checked={unassign}
              onChange={(event) => onUnassign(event.target.checked)}
            />
          ) : (
            <p>{t('timeoff.approve.keep')}</p>
          )}
        </>
      )}
    </div>
  )
}
