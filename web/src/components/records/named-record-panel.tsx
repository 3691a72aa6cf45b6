import type { PermissionModel } from '@rota/core'
import { useState, type ComponentType } from 'react'
import { HistoryTab, type HistoryField, type HistoryRouteName } from './history-tab.tsx'
import { RecordActions } from './record-actions.tsx'
import { RecordPanel, RecordPanelPending } from './record-panel.tsx'
import { ActiveBadge } from './status-badge.tsx'
import { useOpenRecord } from './use-open-record.ts'
import { useCan } from '../../lib/permissions.ts'

/** A record known by its name that can be archived (active) or deleted: a client, a service, a time-off category. */
export interface NamedRecord {
  id: string
  name: string
  active: boolean
}

/** What a named record's details form is given, new (`record` null) or open. */
export interface NamedRecordDetailsProps<T extends NamedRecord> {
  /** The record to change, or null for a new one. */
  record: T | null
  /** Shown to someone who may read the record but not change it: the same fields, disabled, and no buttons. */
  readOnly?: boolean
  onSaved: () => void
  /** Something typed is not saved yet (or no longer, after a reload). */
  onDirty: (dirty: boolean) => void
  /** A save is running. */
  onBusy: (busy: boolean) => void
}

/** One kind of named record, described once by its feature. */
export interface NamedRecordKind<T extends NamedRecord> {
  /** The permission model deciding who may change and delete it. */
  model: PermissionModel
  /** The contract's route of its history. */
  history: HistoryRouteName
  /** The record, read by id (a hook). */
  useRecord: (id: string) => { data?: T | undefined; error: unknown }
  /** Deletes it by id (a hook). */
  useDelete: () => { mutateAsync: (id: string) => Promise<unknown> }
  /** How its history names its fields and reads their values (a hook). */
  useFields: () => Record<string, HistoryField>
  /** The panel's words: its title when new, and the delete confirmation. */
  useText: () => { newTitle: string; deleteTitle: (name: string) => string; deleteText: string }
  /** Its details form. */
  Details: ComponentType<NamedRecordDetailsProps<T>>
}

/**
 * The record open in the address (`?id=…`, or `id=new` to add one) in the record panel,
 * for every named record alike: its details to read or change (read-only without
 * update), its active badge, its history, and Delete with a confirmation (without delete,
 * no button).
 * @example
 * const services: NamedRecordKind<Service> = { model: 'services', history: 'serviceHistory', … }
 * export const ServicePanel = () => <NamedRecordPanel kind={services} />
 */
export function NamedRecordPanel<T extends NamedRecord>({ kind }: { kind: NamedRecordKind<T> }) {
  const record = useOpenRecord()
  if (record.isNew) return <NewRecordPanel kind={kind} onClose={record.close} />
  if (record.id) return <OpenRecordPanel key={record.id} kind={kind} id={record.id} onClose={record.close} />
  return null
}

function NewRecordPanel<T extends NamedRecord>({ kind, onClose }: { kind: NamedRecordKind<T>; onClose: () => void }) {
  const text = kind.useText()
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState(false)
  const { Details } = kind
  return (
    <RecordPanel open onClose={onClose} title={text.newTitle} dirty={dirty} busy={busy}>
      <Details record={null} onSaved={onClose} onDirty={setDirty} onBusy={setBusy} />
    </RecordPanel>
  )
}

function OpenRecordPanel<T extends NamedRecord>({ kind, id, onClose }: { kind: NamedRecordKind<T>; id: string; onClose: () => void }) {
  const text = kind.useText()
  const found = kind.useRecord(id)
  const canEdit = useCan(kind.model, 'update')
  const canDelete = useCan(kind.model, 'delete')
  const remove = kind.useDelete()
  const fields = kind.useFields()
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState(false)
  if (!found.data) return <RecordPanelPending error={found.error} onClose={onClose} />
  const current = found.data
  const { Details } = kind

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
          options={{ delete: { confirm: { title: text.deleteTitle(current.name), text: text.deleteText } } }}
          send={async () => {
            await remove.mutateAsync(current.id)
            onClose()
          }}
        />
      }
      history={<HistoryTab route={kind.history} id={current.id} fields={fields} />}
    >
      <Details record={current} readOnly={!canEdit} onSaved={onClose} onDirty={setDirty} onBusy={setBusy} />
    </RecordPanel>
  )
}
