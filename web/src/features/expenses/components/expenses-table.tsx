import { EXPENSE_CATEGORIES, EXPENSE_STATUSES, formatMoney, type Expense } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { RecordName, RecordTable, type RecordListRequest } from '../../../components/records/record-table.tsx'
import { StatusBadge } from '../../../components/records/status-badge.tsx'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import type { Column } from '../../../components/ui/data-table.tsx'
import { currentLocale } from '../../../lib/i18n.ts'
import { useExpenseList } from '../api/expenses.ts'
import { dayText } from '../utils/expense-form.ts'

const SORTS = ['date', 'total', 'status', 'staff'] as const

type RowsRequest = Omit<RecordListRequest<(typeof SORTS)[number], Record<never, never>>, 'filter'> & {
  filter?: { status?: string | undefined; category?: string | undefined; mine?: string | undefined }
}

/**
 * The claims the reader may see, by day: their own, or the team's for someone who
 * approves (who may narrow it to theirs or to those waiting: `?status=submitted`). Each opens
 * in the record panel (ExpensePanel); on a phone each is a card.
 * @example
 * <ExpensesTable manages={canApprove} />
 */
export function ExpensesTable({ manages }: { manages: boolean }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const record = useOpenRecord()
  const columns: Column<Expense>[] = [
    {
      key: 'date',
      header: t('expenses.fields.date'),
      primary: true,
      sortKey: 'date',
      cell: (expense) => <RecordName onOpen={() => record.open(expense.id)}>{`${dayText(expense.date, locale)} · ${expense.description}`}</RecordName>,
    },
    ...(manages ? [{ key: 'person', header: t('expenses.fields.person'), sortKey: 'staff' as const, cell: (expense: Expense) => expense.staff.name }] : []),
    { key: 'category', header: t('expenses.fields.category'), cell: (expense) => t(`expenses.categories.${expense.category}`) },
    { key: 'client', header: t('expenses.fields.client'), cell: (expense) => expense.location?.name ?? '—' },
    { key: 'total', header: t('expenses.fields.total'), sortKey: 'total', className: 'whitespace-nowrap text-right', cell: (expense) => formatMoney(expense.total_cents, locale) },
    { key: 'receipt', header: t('expenses.fields.receipt'), cell: (expense) => (expense.receipt ? t('expenses.hasReceipt') : '—') },
    { key: 'status', header: t('expenses.fields.status'), sortKey: 'status', cell: (expense) => <StatusBadge lifecycle="expense" status={expense.status} /> },
  ]
  const statusFilter = { label: t('expenses.filters.status'), all: t('expenses.filters.allStatuses'), options: EXPENSE_STATUSES.map((status) => ({ value: status, label: t(`records.statuses.expense.${status}`) })) }
  const categoryFilter = { label: t('expenses.filters.category'), all: t('expenses.filters.allCategories'), options: EXPENSE_CATEGORIES.map((value) => ({ value, label: t(`expenses.categories.${value}`) })) }
  const mineFilter = { label: t('expenses.filters.whose'), all: t('expenses.filters.everyone'), options: [{ value: 'true' as const, label: t('expenses.filters.mine') }] }
  return (
    <RecordTable
      caption={t('expenses.caption')}
      columns={columns}
      rowKey={(expense) => expense.id}
      sorts={SORTS}
      defaultSort="date"
      search={manages ? t('expenses.search') : undefined}
      filters={manages ? { mine: mineFilter, status: statusFilter, category: categoryFilter } : { status: statusFilter, category: categoryFilter }}
      useRows={(request: RowsRequest) => useExpenseList(request as never)}
      labels={{ loading: t('expenses.loading'), empty: manages ? t('pages.expenses.empty') : t('expenses.emptyOwn'), noMatch: t('expenses.noMatch'), unavailable: t('expenses.unavailable'), pages: t('expenses.pages') }}
    />
  )
}
