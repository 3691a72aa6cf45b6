import type { TimeoffRequest } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HistoryTab, type HistoryField } from '../../../components/records/history-tab.tsx'
import { RecordActions, type RecordEventOptions } from '../../../components/records/record-actions.tsx'
import { RecordPanel, RecordPanelPending } from '../../../components/records/record-panel.tsx'
import { StatusBadge } from '../../../components/records/status-badge.tsx'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import { CheckboxField } from '../../../components/ui/form-fields.tsx'
import { currentLocale } from '../../../lib/i18n.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useTimeoffRequestRecord } from '../api/get-request.ts'
import { useSendTimeoffEvent } from '../api/send-request-event.ts'
import { RequestDetails, ShiftImpact } from './request-details.tsx'
import { RequestForm } from './request-form.tsx'
import { useCategoryName } from '../hooks/use-category-name.ts'
import { formatLeave } from '../utils/leave.ts'

/**
 * The request open in the address (`/timeoff?id=…`, or `id=new` to ask for time off) in
 * the record panel: its details and the shifts it touches, the decisions the reader may
 * take, and its history.
 * @example
 * <RequestsTable decides={canDecide} />
 * <RequestPanel decides={canDecide} />
 */
export function RequestPanel({ decides }: { decides: boolean }) {
  const record = useOpenRecord()
  if (record.isNew) return <NewRequestPanel decides={decides} onClose={record.close} />
  if (record.id) return <OpenRequestPanel key={record.id} id={record.id} onClose={record.close} />
  return null
}

function NewRequestPanel({ decides, onClose }: { decides: boolean; onClose: () => void }) {
  const { t } = useTranslation('app')
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <RecordPanel open onClose={onClose} title={t('timeoff.newTitle')} dirty={dirty} busy={busy}>
      <RequestForm decides={decides} onSaved={onClose} onDirty={setDirty} onBusy={setBusy} />
    </RecordPanel>
  )
}

function OpenRequestPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('app')
  const categoryName = useCategoryName()
  const request = useTimeoffRequestRecord(id)
  const send = useSendTimeoffEvent()
  const canUnassign = useCan('schedules', 'update')
  const [unassign, setUnassign] = useState(true)
  const fields = useRequestFields(request.data?.category)
  const historyActions = useHistoryActions()
  if (!request.data) return <RecordPanelPending error={request.error} onClose={onClose} />
  const current = request.data
  const movable = current.shifts.filter((shift) => shift.status !== 'in_progress')

  const options: Record<string, RecordEventOptions> = {
    'timeoff.approve': {
      tone: 'primary',
      ...(current.shifts.length > 0 ? { confirm: { title: t('timeoff.approve.title'), text: <ApproveQuestion request={current} canUnassign={canUnassign && movable.length > 0} unassign={unassign} onUnassign={setUnassign} />, confirmLabel: t('timeoff.approve.confirm') } } : {}),
    },
    'timeoff.reject': { reason: { label: t('timeoff.reject.reason'), hint: t('timeoff.reject.hint', { name: current.staff.name }) } },
    'timeoff.cancel': {
      confirm:
        current.status === 'approved'
          ? { title: t('timeoff.cancel.approvedTitle'), text: t('timeoff.cancel.approvedText'), confirmLabel: t('timeoff.cancel.approvedConfirm') }
          : { title: t('timeoff.cancel.pendingTitle'), text: t('timeoff.cancel.pendingText'), confirmLabel: t('timeoff.cancel.pendingConfirm') },
    },
    'timeoff.cancellation.approve': {
      tone: 'primary',
      ...(current.opened_shifts > 0
        ? { confirm: { title: t('timeoff.giveBack.title'), text: t('timeoff.giveBack.text', { name: current.staff.name, count: current.opened_shifts }), confirmLabel: t('timeoff.giveBack.confirm') } }
        : {}),
    },
    'timeoff.cancellation.refuse': { reason: { label: t('timeoff.refuse.reason'), optional: true } },
  }

  return (
    <RecordPanel
      open
      onClose={onClose}
      title={t('timeoff.panelTitle', { category: categoryName(current.category.name), name: current.staff.name })}
      status={<StatusBadge lifecycle="timeoff" status={current.status} />}
      actions={
        <RecordActions
          allowed={current.allowed_events}
          options={options}
          onReload={() => void request.refetch()}
          send={(type, payload) =>
            send.mutateAsync({
              id: current.id,
              body: { type, version: current.version, ...payload, ...(type === 'timeoff.approve' ? { unassign_shifts: canUnassign && movable.length > 0 && unassign } : {}) } as never,
            })
          }
        />
      }
      history={<HistoryTab route="timeoffRequestHistory" id={current.id} fields={fields} actions={historyActions} />}
    >
      <RequestDetails request={current} />
    </RecordPanel>
  )
}

/**
 * What approving does to the schedule, asked before it is done: the person's shifts in that
 * time, and whether to take them off them (they become open shifts) or leave them assigned.
 */
function ApproveQuestion({ request, canUnassign, unassign, onUnassign }: { request: TimeoffRequest; canUnassign: boolean; unassign: boolean; onUnassign: (unassign: boolean) => void }) {
  const { t } = useTranslation('app')
  return (
    <div className="space-y-3">
      <p>{t('timeoff.approve.text', { name: request.staff.name })}</p>
      <ShiftImpact shifts={request.shifts} />
      {canUnassign ? (
        <CheckboxField
          label={t('timeoff.approve.unassign', { name: request.staff.name })}
          description={unassign ? t('timeoff.approve.unassignHint') : t('timeoff.approve.keep')}
          checked={unassign}
          onChange={(event) => onUnassign(event.target.checked)}
        />
      ) : (
        <p>{t('timeoff.approve.keep')}</p>
      )}
    </div>
  )
}

/**
 * How a request's history names its fields and reads their values: its amount as its details
 * say it, in the category's days or hours ("2 days", not "16 h").
 */
function useRequestFields(category: TimeoffRequest['category'] | undefined): Record<string, HistoryField> {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  return {
    start_date: { label: t('timeoff.fields.startDate'), format: 'date' },
    end_date: { label: t('timeoff.fields.endDate'), format: 'date' },
    minutes: {
      label: t('timeoff.fields.amount'),
      format: category ? (minutes) => (typeof minutes === 'number' ? formatLeave(minutes, category.unit, category.day_minutes, locale) : String(minutes)) : 'minutes',
    },
    note: { label: t('timeoff.fields.note') },
    status: { label: t('timeoff.columns.status'), format: (status) => <StatusBadge lifecycle="timeoff" status={String(status) as TimeoffRequest['status']} /> },
    decision_note: { label: t('timeoff.fields.decisionNote') },
  }
}

/** A request's own steps in its history, in the past tense (audit actions end with the event's verb). */
function useHistoryActions(): Record<string, string> {
  const { t } = useTranslation('app')
  return {
    approve: t('timeoff.history.approve'),
    reject: t('timeoff.history.reject'),
    cancel: t('timeoff.history.cancel'),
    cancellation_approve: t('timeoff.history.cancellationApprove'),
    cancellation_refuse: t('timeoff.history.cancellationRefuse'),
  }
}
