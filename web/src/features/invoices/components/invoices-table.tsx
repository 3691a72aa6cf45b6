import { formatMoney, INVOICE_STATUSES, type InvoiceSummary } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { RecordName, RecordTable } from '../../../components/records/record-table.tsx'
import { StatusBadge } from '../../../components/records/status-badge.tsx'
import type { Column } from '../../../components/ui/data-table.tsx'
import { paths } from '../../../config/paths.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useInvoiceClients, useInvoiceList } from '../api/invoices.ts'
import { shortDay, shownStatus } from '../utils/dates.ts'

const SORTS = ['created_at', 'number', 'issue_date', 'due_date', 'total_cents', 'balance_cents', 'status'] as const

/**
 * The invoices: number, client, period, status (overdue when still owed after its due date),
 * total and balance; by status, client or overdue, searched by number or client; each opens
 * its preview. On a phone each invoice is a card.
 * @example
 * <InvoicesTable />
 */
export function InvoicesTable() {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const [, navigate] = useLocation()
  const clients = useInvoiceClients()
  const money = (cents: number) => formatMoney(cents, locale)

  const columns: Column<InvoiceSummary>[] = [
    {
      key: 'number',
      header: t('invoices.columns.number'),
      primary: true,
      sortKey: 'number',
      cell: (invoice) => <RecordName onOpen={() => navigate(paths.invoicesPreview.href({ id: invoice.id }))}>{invoice.number ?? (invoice.status === 'draft' ? t('invoices.draftNumber') : t('invoices.unnumbered'))}</RecordName>,
    },
    { key: 'client', header: t('invoices.columns.client'), cell: (invoice) => invoice.client.name },
    { key: 'period', header: t('invoices.columns.period'), cell: (invoice) => `${shortDay(invoice.period_from, locale)} – ${shortDay(invoice.period_to, locale)}` },
    { key: 'due', header: t('invoices.columns.due'), sortKey: 'due_date', className: 'whitespace-nowrap', cell: (invoice) => shortDay(invoice.due_date, locale) },
    { key: 'status', header: t('invoices.columns.status'), sortKey: 'status', cell: (invoice) => <StatusBadge lifecycle="invoice" status={shownStatus(invoice)} /> },
    { key: 'total', header: t('invoices.columns.total'), sortKey: 'total_cents', className: 'whitespace-nowrap text-right', cell: (invoice) => money(invoice.total_cents) },
    { key: 'balance', header: t('invoices.columns.balance'), sortKey: 'balance_cents', className: 'whitespace-nowrap text-right', cell: (invoice) => money(invoice.balance_cents) },
  ]

  return (
    <RecordTable
      caption={t('invoices.caption')}
      columns={columns}
      rowKey={(invoice) => invoice.id}
      sorts={SORTS}
      defaultSort="created_at"
      search={t('invoices.search')}
      filters={{
        status: { label: t('invoices.filters.status'), all: t('invoices.filters.allStatuses'), options: INVOICE_STATUSES.map((status) => ({ value: status, label: t(`records.statuses.invoice.${status}`) })) },
        overdue: { label: t('invoices.filters.overdue'), all: t('invoices.filters.anyDue'), options: [{ value: 'true', label: t('records.statuses.invoice.overdue') }] },
        client: { label: t('invoices.filters.client'), all: t('invoices.filters.allClients'), ids: true, options: clients.data ?? [] },
      }}
      useRows={useInvoiceList}
      labels={{
        loading: t('invoices.loading'),
        empty: t('pages.invoices.empty'),
        noMatch: t('invoices.noMatch'),
        unavailable: t('invoices.unavailable'),
        pages: t('invoices.pages'),
      }}
    />
  )
}
