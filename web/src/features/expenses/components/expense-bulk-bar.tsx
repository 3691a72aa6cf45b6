import { formatMoney, type BulkExpenseEventsBody, type Expense } from '@rota/core'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { RecordActions, type RecordEventOptions } from '../../../components/records/record-actions.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { currentLocale } from '../../../lib/i18n.ts'

/** The decisions `POST /expense/events` takes for many claims at once. */
const BULK_EXPENSE_EVENTS = ['expense.approve', 'expense.reject'] as const
type BulkExpenseEvent = (typeof BULK_EXPENSE_EVENTS)[number]

/**
 * Whether a claim can be picked for a decision on many: its `allowed_events` (the expense
 * machine and the reader's rights) include one.
 * @example
 * decidable(expense) // true for a submitted claim someone else made, read by an approver
 */
export const decidable = (expense: Expense) => BULK_EXPENSE_EVENTS.some((type) => expense.allowed_events.includes(type))

/**
 * Above the claims picked in the list: how many and their total, the decisions every one of
 * them allows (Approve asks first, naming the count and total; Reject asks why), and Clear.
 * `onDecide` sends them (`POST /expense/events`, all or none): a refusal shows here.
 * @example
 * <ExpenseBulkBar claims={picked} onClear={clear} onDecide={(body) => decide.mutateAsync(body).then(clear)} />
 */
export function ExpenseBulkBar({ claims, onClear, onDecide }: { claims: readonly Expense[]; onClear: () => void; onDecide: (body: z.input<typeof BulkExpenseEventsBody>) => Promise<unknown> }) {
  const { t, i18n } = useTranslation('app')
  const count = claims.length
  const total = formatMoney(claims.reduce((sum, claim) => sum + claim.total_cents, 0), currentLocale(i18n))
  const common = BULK_EXPENSE_EVENTS.filter((type) => claims.every((claim) => claim.allowed_events.includes(type)))
  const options: Record<BulkExpenseEvent, RecordEventOptions> = {
    'expense.approve': {
      tone: 'primary',
      confirm: { title: count === 1 ? t('expenses.bulk.approveTitleOne', { count, total }) : t('expenses.bulk.approveTitleMany', { count, total }), text: t('expenses.bulk.allOrNone') },
    },
    'expense.reject': {
      reason: { label: t('expenses.rejectReason'), hint: t('expenses.bulk.rejectHint') },
      confirm: { title: count === 1 ? t('expenses.bulk.rejectTitleOne', { count, total }) : t('expenses.bulk.rejectTitleMany', { count, total }), text: t('expenses.bulk.allOrNone') },
    },
  }

  return (
    <div className="space-y-3 rounded-2xl bg-secondary-50 p-3 ring-1 ring-secondary-200">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm font-semibold text-slate-900">{t('expenses.bulk.selected', { count, total })}</p>
        <Button variant="secondary" size="sm" onClick={onClear}>
          {t('expenses.bulk.clear')}
        </Button>
      </div>
      {common.length === 0 && <p className="text-sm text-slate-600">{t('expenses.bulk.noCommonDecision')}</p>}
      <RecordActions
        allowed={common}
        options={options}
        send={(type, payload) => onDecide({ type: type as BulkExpenseEvent, ids: claims.map((claim) => claim.id), ...payload })}
      />
    </div>
  )
}
