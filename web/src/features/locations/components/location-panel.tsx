import type { Location } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HistoryTab, type HistoryField } from '../../../components/records/history-tab.tsx'
import { RecordActions } from '../../../components/records/record-actions.tsx'
import { RecordPanel, RecordPanelPending } from '../../../components/records/record-panel.tsx'
import { ActiveBadge } from '../../../components/records/status-badge.tsx'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useDeleteLocation } from '../api/delete-location.ts'
import { useLocationRecord } from '../api/get-location.ts'
import { LocationDetails } from './location-details.tsx'

/**
 * The client open in the address (`/locations?id=…`, or `id=new` to add one) in the record
 * panel: its details to read or change, its history, and Delete.
 * @example
 * <LocationsTable />
 * <LocationPanel />
 */
export function LocationPanel() {
  const record = useOpenRecord()
  if (record.isNew) return <NewLocationPanel onClose={record.close} />
  if (record.id) return <OpenLocationPanel key={record.id} id={record.id} onClose={record.close} />
  return null
}

function NewLocationPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('app')
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <RecordPanel open onClose={onClose} title={t('locations.newTitle')} dirty={dirty} busy={busy}>
      <LocationDetails location={null} onSaved={onClose} onDirty={setDirty} onBusy={setBusy} />
    </RecordPanel>
  )
}

function OpenLocationPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('app')
  const location = useLocationRecord(id)
  const canEdit = useCan('locations', 'update')
  const canDelete = useCan('locations', 'delete')
  const remove = useDeleteLocation()
  const fields = useLocationFields()
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState(false)
  if (!location.data) return <RecordPanelPending error={location.error} onClose={onClose} />
  const client = location.data

  return (
    <RecordPanel
      open
      onClose={onClose}
      title={client.name}
      dirty={dirty}
      busy={busy}
      status={<ActiveBadge active={client.active} />}
      actions={
        <RecordActions
          allowed={canDelete ? ['delete'] : []}
          options={{ delete: { confirm: { title: t('locations.deleteTitle', { name: client.name }), text: t('locations.deleteText') } } }}
          send={async () => {
            await remove.mutateAsync(client.id)
            onClose()
          }}
        />
      }
      history={<HistoryTab route="locationHistory" id={client.id} fields={fields} />}
    >
      <LocationDetails location={client} readOnly={!canEdit} onSaved={onClose} onDirty={setDirty} onBusy={setBusy} />
    </RecordPanel>
  )
}

/** How a client's history names its fields and reads their values. */
function useLocationFields(): Record<keyof Omit<Location, 'id' | 'version' | 'created_at' | 'updated_at'>, HistoryField> {
  const { t } = useTranslation('app')
  return {
    name: { label: t('locations.fields.name') },
    contact_person: { label: t('locations.fields.contactPerson') },
    email: { label: t('fields.email') },
    phone: { label: t('fields.phone') },
    street: { label: t('locations.fields.street') },
    city: { label: t('locations.fields.city') },
    province: { label: t('locations.fields.province'), format: (code) => t(`provinces.${code as Location['province']}`) },
    postal_code: { label: t('locations.fields.postalCode') },
    latitude: { label: t('locations.fields.latitude') },
    longitude: { label: t('locations.fields.longitude') },
    billing_notes: { label: t('locations.fields.billingNotes') },
    active: { label: t('locations.fields.active'), format: 'boolean' },
  }
}
