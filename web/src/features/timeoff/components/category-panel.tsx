import type { TimeoffCategory } from '@rota/core'
import { useTranslation } from 'react-i18next'
import type { HistoryField } from '../../../components/records/history-tab.tsx'
import { NamedRecordPanel, type NamedRecordKind } from '../../../components/records/named-record-panel.tsx'
import { useDeleteTimeoffCategory } from '../api/delete-category.ts'
import { useTimeoffCategoryRecord } from '../api/get-category.ts'
import { CategoryDetails } from './category-details.tsx'

const categories: NamedRecordKind<TimeoffCategory> = {
  model: 'timeoff-categories',
  history: 'timeoffCategoryHistory',
  useRecord: useTimeoffCategoryRecord,
  useDelete: useDeleteTimeoffCategory,
  useFields: useCategoryFields,
  useText: () => {
    const { t } = useTranslation('app')
    return { newTitle: t('timeoff.categories.newTitle'), deleteTitle: (name) => t('timeoff.categories.deleteTitle', { name }), deleteText: t('timeoff.categories.deleteText') }
  },
  Details: CategoryDetails,
}

/**
 * The category open in the address (`/timeoff/timeoff-categories?id=…`, or `id=new`) in the
 * record panel: its details to read or change, its history, and Delete (refused once someone
 * has asked for it: archive it instead).
 * @example
 * <CategoriesTable />
 * <CategoryPanel />
 */
export function CategoryPanel() {
  return <NamedRecordPanel kind={categories} />
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
