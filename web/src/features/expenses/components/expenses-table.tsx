import { EXPENSE_CATEGORIES, EXPENSE_STATUSES, formatMoney, type Expense } from '@rota/core'
import type { TFunction } from 'i18next'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RecordName, RecordTable, type RecordListRequest, type RecordSelection } from '../../../components/records/record-table.tsx'
import { StatusBadge } from '../../../components/records/status-badge.tsx'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import { Alert } from '../../../components/ui/alert.tsx'
import type { Column } from '../../../components/ui/data-table.tsx'
import { refusedId } from '../../../lib/error-text.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useExpenseEvents, useExpenseList } from '../api/expenses.ts'
import { dayText } from '../utils/expense-form.ts'
import { decidable, ExpenseBulkBar } from './expense-bulk-bar.tsx'

const SORTS = ['date', 'total', 'status', 'staff'] as const

type RowsRequest = Omit<RecordListRequest<(typeof SORTS)[number], Record<never, never>>, 'filter'> & {
  filter?: { status?: string | undefined; category?: string | undefined; mine?: string | undefined }
}

/**
 * The claims the reader may see, by day: their own, or the team's for someone who
 * approves (who may narrow it to theirs or to those waiting: `?status=submitted`). Each opens
 * in the record panel (ExpensePanel); on a phone each is a card. Someone who approves may
 * pick the claims of the page they can decide and approve or reject them at once, all or
 * none: done, the list says how many; refused, the claim that stopped it is marked.
 * @example
 * <ExpensesTable manages={canApprove} />
 */
export function ExpensesTable({ manages }: { manages: boolean }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const record = useOpenRecord()
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const decide = useExpenseEvents()
  const stopped = refusedId(decide.error)
  const done = useRef<HTMLDivElement>(null)
  // Once the claims are decided the bar that had focus is gone, and the closing dialog hands
  // focus back to the top of the page: after it, focus goes to what was done instead.
  useEffect(() => {
    if (!decide.data) return
    const later = setTimeout(() => done.current?.focus())
    return () => clearTimeout(later)
  }, [decide.data])
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
    {
      key: 'status',
      header: t('expenses.fields.status'),
      sortKey: 'status',
      cell: (expense) => (
        <>
          <StatusBadge lifecycle="expense" status={expense.status} />
          {expense.id === stopped && <p className="mt-1 text-xs font-medium text-red-700">{t('expenses.bulk.refused')}</p>}
        </>
      ),
    },
  ]
  const selection: RecordSelection<Expense> = {
    selected,
    onChange: (keys) => {
      setSelected(keys)
      decide.reset()
    },
    selectable: decidable,
    label: (expense) => t('expenses.bulk.select', { name: expense.staff.name, date: dayText(expense.date, locale), total: formatMoney(expense.total_cents, locale) }),
    allLabel: t('expenses.bulk.selectAll'),
    bar: (claims) => (
      <ExpenseBulkBar
        key={claims.map((claim) => claim.id).join()}
        claims={claims}
        onClear={() => selection.onChange(new Set())}
        onDecide={async (body) => {
          await decide.mutateAsync(body)
          setSelected(new Set())
        }}
      />
    ),
  }
  const statusFilter = { label: t('expenses.filters.status'), all: t('expenses.filters.allStatuses'), options: EXPENSE_STATUSES.map((status) => ({ value: status, label: t(`records.statuses.expense.${status}`) })) }
  const categoryFilter = { label: t('expenses.filters.category'), all: t('expenses.filters.allCategories'), options: EXPENSE_CATEGORIES.map((value) => ({ value, label: t(`expenses.categories.${value}`) })) }
  const mineFilter = { label: t('expenses.filters.whose'), all: t('expenses.filters.everyone'), options: [{ value: 'true' as const, label: t('expenses.filters.mine') }] }
  return (
    <>
      {decide.data && (
        <div ref={done} tabIndex={-1} className="mb-4 outline-none">
          <Alert tone="success">{decidedText(t, decide.variables.type, decide.data.expenses.length)}</Alert>
        </div>
      )}
      <RecordTable
        caption={t('expenses.caption')}
        columns={columns}
        rowKey={(expense) => expense.id}
        sorts={SORTS}
        defaultSort="date"
        search={manages ? t('expenses.search') : undefined}
        filters={manages ? { mine: mineFilter, status: statusFilter, category: categoryFilter } : { status: statusFilter, category: categoryFilter }}
        useRows={(request: RowsRequest) => useExpenseList(request as never)}
        selection={manages ? selection : undefined}
        labels={{ loading: t('expenses.loading'), empty: manages ? t('pages.expenses.empty') : t('expenses.emptyOwn'), noMatch: t('expenses.noMatch'), unavailable: t('expenses.unavailable'), pages: t('expenses.pages') }}
      />
    </>
  )
}

/** "3 claims approved." */
function decidedText(t: TFunction<'app'>, type: string, count: number) {
  if (type === 'expense.reject') return count === 1 ? t('expenses.bulk.rejectedOne', { count }) : t('expenses.bulk.rejectedMany', { count })
  return count === 1 ? t('expenses.bulk.approvedOne', { count }) : t('expenses.bulk.approvedMany', { count })
}
