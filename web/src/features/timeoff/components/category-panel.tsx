import type { TimeoffCategory } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { HistoryTab, type HistoryField } from '../../../components/records/history-tab.tsx'
import { RecordActions } from '../../../components/records/record-actions.tsx'
import { RecordPanel, RecordPanelPending } from '../../../components/records/record-panel.tsx'
import { ActiveBadge } from '../../../components/records/status-badge.tsx'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useDeleteTimeoffCategory } from '../api/delete-category.ts'
import { useReloadTimeoffCategory, useTimeoffCategoryRecord } from '../api/get-category.ts'
import { CategoryDetails } from './category-details.tsx'

/**
 * The category open in the address (`/timeoff/timeoff-categories?id=…`, or `id=new`) in the
 * record panel: its details to read or change, its history, and Delete (refused once someone
 * has asked for it: archive it instead).
 * @example
 * <CategoriesTable />
 * <CategoryPanel />
 */
export function CategoryPanel() {
  const record = useOpenRecord()
  if (record.isNew) return <NewCategoryPanel onClose={record.close} />
  if (record.id) return <OpenCategoryPanel key={record.id} id={record.id} onClose={record.close} />
  return null
}

function NewCategoryPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('app')
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <RecordPanel open onClose={onClose} title={t('timeoff.categories.newTitle')} dirty={dirty} busy={busy}>
      <CategoryDetails category={null} onSaved={onClose} onDirty={setDirty} onBusy={setBusy} />
    </RecordPanel>
  )
}

function OpenCategoryPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('app')
  const reloadCategory = useReloadTimeoffCategory()
  const category = useTimeoffCategoryRecord(id)
  const canEdit = useCan('timeoff-categories', 'update')
  const canDelete = useCan('timeoff-categories', 'delete')
  const remove = useDeleteTimeoffCategory()
  const fields = useCategoryFields()
  const [dirty, setDirty] = useState(false)
  const [busy, setBusy] = useState(false)
  if (!category.data) return <RecordPanelPending error={category.error} onClose={onClose} />
  const current = category.data

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
          options={{ delete: { confirm: { title: t('timeoff.categories.deleteTitle', { name: current.name }), text: t('timeoff.categories.deleteText') } } }}
          send={async () => {
            await remove.mutateAsync(current.id)
            onClose()
          }}
        />
      }
      history={<HistoryTab route="timeoffCategoryHistory" id={current.id} fields={fields} />}
    >
      <CategoryDetails category={current} readOnly={!canEdit} onSaved={onClose} onDirty={setDirty} onBusy={setBusy} onReload={() => reloadCategory(id)} />
    </RecordPanel>
  )
}

/** How a category's history names its fields and reads their values. */
function useCategoryFields(): Record<keyof Omit<TimeoffCategory, 'id' | 'version' | 'created_at' | 'updated_at'>, HistoryField> {
  const { t } = useTranslation('app')
  return {
    name: { label: t('timeoff.categories.fields.name') },
    colour: { label: t('timeoff.categories.fields.colour') },
    paid: { label: t('timeoff.categories.fields.paid'), format: 'boolean' },
    unit: { label: t('timeoff.categories.fields.unit'), format: (unit) => t(`timeoff.categories.units.${unit === 'hours' ? 'hours' : 'days'}`) },
    day_minutes: { label: t('timeoff.categories.fields.dayLength'), format: 'minutes' },
    accrual: { label: t('timeoff.categories.fields.accrual'), format: (accrual) => t(`timeoff.categories.accruals.${accrual as TimeoffCategory['accrual']}`) },
    yearly_allowance_minutes: { label: t('timeoff.categories.fields.yearlyAllowance'), format: 'minutes' },
    accrual_rate: { label: t('timeoff.categories.fields.rate') },
    carry_over_max_minutes: { label: t('timeoff.categories.fields.carryOverMax'), format: 'minutes' },
    allow_negative: { label: t('timeoff.categories.fields.allowNegative'), format: 'boolean' },
    active: { label: t('timeoff.categories.fields.active'), format: 'boolean' },
  }
}
