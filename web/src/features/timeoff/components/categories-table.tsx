import type { TimeoffCategory } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { RecordName, RecordTable } from '../../../components/records/record-table.tsx'
import { ActiveBadge } from '../../../components/records/status-badge.tsx'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import type { Column } from '../../../components/ui/data-table.tsx'
import { currentLocale } from '../../../lib/i18n.ts'
import { useTimeoffCategoryList } from '../api/list-categories.ts'
import { useBalanceSummary } from '../hooks/use-balance-summary.ts'
import { useCategoryName } from '../hooks/use-category-name.ts'

/**
 * The kinds of time off: search, filter by status, sort by name; each with its colour, how it
 * is counted, how its balance is kept and whether it is paid, opened in the record panel
 * (CategoryPanel).
 * @example
 * <CategoriesTable />
 */
export function CategoriesTable() {
  const { t, i18n } = useTranslation('app')
  const categoryName = useCategoryName()
  const locale = currentLocale(i18n)
  const record = useOpenRecord()
  const summary = useBalanceSummary(locale)

  const columns: Column<TimeoffCategory>[] = [
    {
      key: 'name',
      header: t('timeoff.categories.columns.name'),
      primary: true,
      sortKey: 'name',
      cell: (category) => (
        <span className="inline-flex items-center gap-3">
          <span aria-hidden="true" className="size-3.5 shrink-0 rounded-full ring-1 ring-black/10" style={{ backgroundColor: category.colour }} />
          <RecordName onOpen={() => record.open(category.id)}>{categoryName(category.name)}</RecordName>
        </span>
      ),
    },
    { key: 'unit', header: t('timeoff.categories.columns.unit'), cell: (category) => t(`timeoff.categories.units.${category.unit}`) },
    { key: 'balance', header: t('timeoff.categories.columns.balance'), cell: summary },
    { key: 'paid', header: t('timeoff.categories.columns.paid'), cell: (category) => (category.paid ? t('timeoff.details.paid') : t('timeoff.details.unpaid')) },
    { key: 'status', header: t('timeoff.categories.columns.status'), cell: (category) => <ActiveBadge active={category.active} /> },
  ]

  return (
    <RecordTable
      caption={t('timeoff.categories.caption')}
      columns={columns}
      rowKey={(category) => category.id}
      sorts={['name', 'created_at']}
      defaultSort="name"
      search={t('timeoff.categories.search')}
      filters={{
        active: {
          label: t('timeoff.categories.filterStatus'),
          all: t('status.all'),
          options: [
            { value: 'true', label: t('status.active') },
            { value: 'false', label: t('status.inactive') },
          ],
        },
      }}
      useRows={useTimeoffCategoryList}
      labels={{
        loading: t('timeoff.categories.loading'),
        empty: t('pages.timeoffCategories.empty'),
        noMatch: t('timeoff.categories.noMatch'),
        unavailable: t('timeoff.categories.unavailable'),
        pages: t('timeoff.categories.pages'),
      }}
    />
  )
}
