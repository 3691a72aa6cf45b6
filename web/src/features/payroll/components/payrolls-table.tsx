import { formatMoney, PAYROLL_STATUSES, type Payroll } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { RecordTable, type RecordListRequest } from '../../../components/records/record-table.tsx'
import { StatusBadge } from '../../../components/records/status-badge.tsx'
import type { Column } from '../../../components/ui/data-table.tsx'
import { paths } from '../../../config/paths.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { usePayrollList } from '../api/payrolls.ts'
import { dayText } from '../utils/payroll.ts'

const SORTS = ['period_start', 'number', 'status'] as const

/**
 * The pay runs, each opened on its own page: a draft to review and approve, an approved one to
 * mark paid, export and print.
 */
export function PayrollsTable() {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const columns: Column<Payroll>[] = [
    {
      key: 'period',
      header: t('payroll.fields.period'),
      primary: true,
      sortKey: 'period_start',
      cell: (payroll) => (
        <Link href={paths.payrollsEdit.href({ id: payroll.id })} className="font-medium text-primary-700 hover:underline">
          {t('payroll.period', { from: dayText(payroll.period_start, locale), to: dayText(payroll.period_end, locale) })}
        </Link>
      ),
    },
    { key: 'number', header: t('payroll.fields.number'), sortKey: 'number', cell: (payroll) => (payroll.number === null ? '—' : String(payroll.number)) },
    { key: 'people', header: t('payroll.fields.people'), cell: (payroll) => String(payroll.people_count) },
    { key: 'gross', header: t('payroll.totals.gross'), className: 'whitespace-nowrap text-right', cell: (payroll) => formatMoney(payroll.gross_cents, locale) },
    { key: 'net', header: t('payroll.totals.net'), className: 'whitespace-nowrap text-right', cell: (payroll) => formatMoney(payroll.net_cents, locale) },
    { key: 'status', header: t('payroll.fields.status'), sortKey: 'status', cell: (payroll) => <StatusBadge lifecycle="payroll" status={payroll.status} /> },
  ]
  const statusFilter = { label: t('payroll.filters.status'), all: t('payroll.filters.allStatuses'), options: PAYROLL_STATUSES.map((status) => ({ value: status, label: t(`records.statuses.payroll.${status}`) })) }
  return (
    <RecordTable
      caption={t('payroll.caption')}
      columns={columns}
      rowKey={(payroll) => payroll.id}
      sorts={SORTS}
      defaultSort="period_start"
      filters={{ status: statusFilter }}
      useRows={(request: RecordListRequest<(typeof SORTS)[number], { status: typeof statusFilter }>) => usePayrollList(request as never)}
      labels={{ loading: t('payroll.loading'), empty: t('pages.payrolls.empty'), noMatch: t('payroll.noMatch'), unavailable: t('payroll.unavailable'), pages: t('payroll.pages') }}
    />
  )
}
