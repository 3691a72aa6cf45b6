import { formatMoney, type Service } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RecordName, RecordTable } from '../../../components/records/record-table.tsx'
import { ActiveBadge } from '../../../components/records/status-badge.tsx'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import { PencilIcon, TrashIcon } from '../../../components/ui/action-icons.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import type { Column } from '../../../components/ui/data-table.tsx'
import { IconButton } from '../../../components/ui/icon-button.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { formatMinutes } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useDeleteService } from '../api/delete-service.ts'
import { useServiceList } from '../api/list-services.ts'

/**
 * The services: search, filter by status, sort by name, length or rates, page; each one
 * with its colour and hourly rates, opened in the record panel (ServicePanel) or deleted
 * after asking.
 * @example
 * <ServicesTable />
 */
export function ServicesTable() {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const record = useOpenRecord()
  const remove = useDeleteService()
  const canEdit = useCan('services', 'update')
  const canDelete = useCan('services', 'delete')
  const [deleting, setDeleting] = useState<Service | null>(null)

  const columns: Column<Service>[] = [
    {
      key: 'name',
      header: t('services.columns.service'),
      primary: true,
      sortKey: 'name',
      cell: (service) => (
        <span className="flex items-start gap-3 sm:min-w-48">
          <span aria-hidden="true" className="mt-1 size-3.5 shrink-0 rounded-full ring-1 ring-black/10" style={{ backgroundColor: service.colour }} />
          <span className="min-w-0">
            <RecordName onOpen={() => record.open(service.id)}>{service.name}</RecordName>
            {service.description && <span className="block max-w-md truncate text-xs text-slate-500">{service.description}</span>}
          </span>
        </span>
      ),
    },
    { key: 'duration', header: t('services.columns.duration'), sortKey: 'default_duration_minutes', className: 'whitespace-nowrap', cell: (service) => formatMinutes(service.default_duration_minutes) },
    { key: 'bill', header: t('services.columns.billRate'), sortKey: 'bill_rate_cents', className: 'text-right tabular-nums', cell: (service) => formatMoney(service.bill_rate_cents, locale) },
    { key: 'pay', header: t('services.columns.payRate'), sortKey: 'pay_rate_cents', className: 'text-right tabular-nums', cell: (service) => formatMoney(service.pay_rate_cents, locale) },
    { key: 'status', header: t('services.columns.status'), cell: (service) => <ActiveBadge active={service.active} /> },
    {
      key: 'actions',
      header: <span className="sr-only">{t('services.columns.actions')}</span>,
      className: 'text-right whitespace-nowrap',
      cell: (service) => (
        <span className="inline-flex items-center gap-1">
          {canEdit && <IconButton icon={PencilIcon} label={t('services.edit', { name: service.name })} onClick={() => record.open(service.id)} />}
          {canDelete && (
            <IconButton
              icon={TrashIcon}
              label={t('services.delete', { name: service.name })}
              onClick={() => {
                remove.reset()
                setDeleting(service)
              }}
            />
          )}
        </span>
      ),
    },
  ]

  return (
    <>
      <RecordTable
        caption={t('services.caption')}
        columns={columns}
        rowKey={(service) => service.id}
        sorts={['name', 'default_duration_minutes', 'bill_rate_cents', 'pay_rate_cents', 'created_at']}
        defaultSort="name"
        search={t('services.search')}
        filters={{
          active: {
            label: t('services.filterStatus'),
            all: t('status.all'),
            options: [
              { value: 'true', label: t('status.active') },
              { value: 'false', label: t('status.inactive') },
            ],
          },
        }}
        useRows={useServiceList}
        labels={{
          loading: t('services.loading'),
          empty: t('pages.services.empty'),
          noMatch: t('services.noMatch'),
          unavailable: t('services.unavailable'),
          pages: t('services.pages'),
        }}
      />
      {deleting && (
        <ConfirmDialog
          open
          title={t('services.deleteTitle', { name: deleting.name })}
          confirmLabel={t('actions.delete')}
          pending={remove.isPending}
          error={remove.error && errorText(remove.error)}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
          onClose={() => setDeleting(null)}
        >
          {t('services.deleteText')}
        </ConfirmDialog>
      )}
    </>
  )
}
