import { ApiError, type Shift, type ShiftEventBody } from '@rota/core'
import { isOpenShift } from '@rota/machines'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HistoryTab } from '../../../components/records/history-tab.tsx'
import { RecordActions } from '../../../components/records/record-actions.tsx'
import { RecordPanel, RecordPanelPending } from '../../../components/records/record-panel.tsx'
import { StatusBadge } from '../../../components/records/status-badge.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { useDeleteShift } from '../api/delete-shift.ts'
import { useShiftRecord } from '../api/get-shift.ts'
import { useShiftEvent } from '../api/shift-event.ts'
import { useShiftHistoryFields } from '../hooks/use-shift-history-fields.tsx'
import type { ShiftWords } from '../hooks/use-shift-words.ts'
import type { Client, Person } from '../utils/board-rows.ts'
import { ShiftFormView, type ServiceChoice, type ShiftDefaults } from './shift-form.tsx'
import { ShiftRequests } from './shift-requests.tsx'

/** What the panel shows: a new shift from a cell, or a shift by id (also from a notification's link). */
export type PanelTarget = { kind: 'new'; defaults: ShiftDefaults } | { kind: 'edit'; id: string }

interface PanelProps {
  target: PanelTarget
  people: readonly Person[]
  clients: readonly Client[]
  services: readonly ServiceChoice[]
  words: ShiftWords
  canDelete: boolean
  onClose: () => void
}

/** The events with a button of their own in the panel's header; requests and giving an open shift away are decided in its Details. */
const HEADER_EVENTS = new Set(['shift.publish', 'shift.cancel', 'shift.unassign'])

/**
 * A shift in the record panel (decision 021): its details written or changed with the
 * conflicts listed live, the buttons its machine allows, the requests to decide, and its
 * history. A new shift starts from the cell clicked.
 * @example
 * {target && <ShiftPanel target={target} … onClose={() => setTarget(null)} />}
 */
export function ShiftPanel({ target, ...props }: PanelProps) {
  const { t } = useTranslation('app')
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState(false)
  if (target.kind === 'edit') return <OpenShiftPanel key={target.id} id={target.id} {...props} />
  return (
    <RecordPanel open onClose={props.onClose} title={t('schedules.panel.newTitle')} dirty={dirty} busy={busy}>
      <ShiftFormView shift={null} defaults={target.defaults} people={props.people} clients={props.clients} services={props.services} words={props.words} onDone={props.onClose} onDirty={setDirty} onBusy={setBusy} />
    </RecordPanel>
  )
}

function OpenShiftPanel({ id, people, clients, services, words, canDelete, onClose }: Omit<PanelProps, 'target'> & { id: string }) {
  const { t } = useTranslation('app')
  const loaded = useShiftRecord(id)
  const event = useShiftEvent()
  const remove = useDeleteShift()
  const fields = useShiftHistoryFields({ people, clients, services })
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState(false)
  if (!loaded.data) {
    const gone = loaded.error instanceof ApiError && loaded.error.status === 404
    return <RecordPanelPending error={gone ? new Error(t('schedules.panel.gone')) : (loaded.error ?? undefined)} onClose={onClose} />
  }
  const shift: Shift = loaded.data
  const editable = shift.status === 'draft' || shift.status === 'published'
  const allowed = [...shift.allowed_events.filter((type) => HEADER_EVENTS.has(type)), ...(canDelete && shift.status === 'draft' ? ['delete'] : [])]

  return (
    <RecordPanel
      open
      onClose={onClose}
      title={`${words.longDay(shift.date)} · ${words.time(shift)}`}
      description={`${shift.staff?.name ?? t('schedules.card.open')} · ${shift.location.name} · ${shift.service.name}`}
      dirty={dirty}
      busy={busy}
      status={
        <>
          <StatusBadge lifecycle="shift" status={isOpenShift(shift.status, { staffed: shift.staff !== null }) ? 'open' : shift.status} />
          {shift.pending_change && <Badge tone="amber">{t('schedules.panel.pending', { change: words.change(shift.pending_change) })}</Badge>}
          {shift.series_id && <Badge tone="teal">{t('schedules.panel.series')}</Badge>}
        </>
      }
      actions={
        allowed.length > 0 && (
          <RecordActions
            allowed={allowed}
            onReload={() => void loaded.refetch()}
            options={{
              'shift.publish': { tone: 'primary' },
              'shift.cancel': { confirm: { title: t('schedules.panel.cancelTitle'), text: shift.status === 'published' && shift.staff ? t('schedules.panel.cancelTold', { name: shift.staff.name }) : t('schedules.panel.cancelText') } },
              delete: { confirm: { title: t('schedules.panel.deleteTitle'), text: t('schedules.panel.deleteText') } },
            }}
            send={async (type, payload) => {
              if (type === 'delete') {
                await remove.mutateAsync({ id: shift.id })
                onClose()
                return
              }
              await event.mutateAsync({ id: shift.id, body: { type, version: shift.version, ...payload } as ShiftEventBody })
            }}
          />
        )
      }
      history={<HistoryTab route="shiftHistory" id={shift.id} fields={fields.fields} actions={fields.actions} />}
    >
      <div className="space-y-6 px-6 pt-5">
        <ShiftRequests shift={shift} people={people} words={words} />
      </div>
      {editable ? (
        <ShiftFormView
          key={shift.version}
          shift={shift}
          defaults={{ date: shift.date }}
          people={people}
          clients={clients}
          services={services}
          words={words}
          onDone={onClose}
          onReload={() => void loaded.refetch()}
          onDirty={setDirty}
          onBusy={setBusy}
        />
      ) : (
        <p className="px-6 py-5 text-sm text-slate-600">{t('schedules.panel.notEditable', { status: words.status(shift.status) })}</p>
      )}
    </RecordPanel>
  )
}
