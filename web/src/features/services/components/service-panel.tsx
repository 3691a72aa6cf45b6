import type { Service } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HistoryTab, type HistoryField } from '../../../components/records/history-tab.tsx'
import { RecordActions } from '../../../components/records/record-actions.tsx'
import { RecordPanel, RecordPanelPending } from '../../../components/records/record-panel.tsx'
import { ActiveBadge } from '../../../components/records/status-badge.tsx'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useDeleteService } from '../api/delete-service.ts'
import { useServiceRecord } from '../api/get-service.ts'
import { ServiceDetails } from './service-details.tsx'

/**
 * The service open in the address (`/services?id=…`, or `id=new` to add one) in the record
 * panel: its details to read or change, its history, and Delete.
 * @example
 * <ServicesTable />
 * <ServicePanel />
 */
export function ServicePanel() {
  const record = useOpenRecord()
  if (record.isNew) return <NewServicePanel onClose={record.close} />
  if (record.id) return <OpenServicePanel key={record.id} id={record.id} onClose={record.close} />
  return null
}

function NewServicePanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('app')
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <RecordPanel open onClose={onClose} title={t('services.newTitle')} dirty={dirty} busy={busy}>
      <ServiceDetails service={null} onSaved={onClose} onDirty={setDirty} onBusy={setBusy} />
    </RecordPanel>
  )
}

function OpenServicePanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('app')
  const service = useServiceRecord(id)
  const canEdit = useCan('services', 'update')
  const canDelete = useCan('services', 'delete')
  const remove = useDeleteService()
  const fields = useServiceFields()
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState(false)
  if (!service.data) return <RecordPanelPending error={service.error} onClose={onClose} />
  const current = service.data

  return (
    <RecordPanel
      open
      onClose={onClose}
      title={current.name}
      dirty={dirty}
      busy={busy}
      status={<ActiveBadge active={current.active} />}
      actions={
        <RecordActions
          allowed={canDelete ? ['delete'] : []}
          options={{ delete: { confirm: { title: t('services.deleteTitle', { name: current.name }), text: t('services.deleteText') } } }}
          send={async () => {
            await remove.mutateAsync(current.id)
            onClose()
          }}
        />
      }
      history={<HistoryTab route="serviceHistory" id={current.id} fields={fields} />}
    >
      <ServiceDetails service={current} readOnly={!canEdit} onSaved={onClose} onDirty={setDirty} onBusy={setBusy} />
    </RecordPanel>
  )
}

/** How a service's history names its fields and reads their values. */
function useServiceFields(): Record<keyof Omit<Service, 'id' | 'version' | 'created_at' | 'updated_at'>, HistoryField> {
  const { t } = useTranslation('app')
  return {
    name: { label: t('services.fields.name') },
    description: { label: t('services.fields.description') },
    colour: {
      label: t('services.fields.colour'),
      format: (colour) => (
        <span className="inline-flex items-center gap-1.5 font-mono">
          <span aria-hidden="true" className="size-3 rounded-full ring-1 ring-black/10" style={{ backgroundColor: String(colour) }} />
          {String(colour)}
        </span>
      ),
    },
    default_duration_minutes: { label: t('services.columns.duration'), format: 'minutes' },
    bill_rate_cents: { label: t('services.columns.billRate'), format: 'money' },
    pay_rate_cents: { label: t('services.columns.payRate'), format: 'money' },
    active: { label: t('services.fields.active'), format: 'boolean' },
  }
}
