import { IconButton } from '../../../components/ui/icon-button.tsx'
import { formatMoney, type Service } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PencilIcon, TrashIcon } from '../../../components/ui/action-icons.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { Badge } from '../../../components/ui/badge.tsx'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { DataTable, type Column } from '../../../components/ui/data-table.tsx'
import { Pagination } from '../../../components/ui/pagination.tsx'
import { FilterSelect, SearchField } from '../../../components/ui/search-field.tsx'
import { errorText } from '../../../lib/error-text.ts'
import { formatMinutes } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useListQuery } from '../../../lib/use-list-query.ts'
import { useDeleteService } from '../api/delete-service.ts'
import { useServiceList } from '../api/list-services.ts'
import { ServiceDialog } from './service-dialog.tsx'


/**
 * The services: search, filter by status, sort by name, length or rates, page; each one
 * with its colour and hourly rates, changed in a dialog or deleted after asking.
 * @example
 * <ServicesTable />
 */
export function ServicesTable() {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const list = useListQuery({ sorts: ['name', 'default_duration_minutes', 'bill_rate_cents', 'pay_rate_cents', 'created_at'], defaultSort: 'name', filters: { active: ['true', 'false'] } })
  const services = useServiceList(list.request)
  const remove = useDeleteService()
  const canEdit = useCan('services', 'update')
  const canDelete = useCan('services', 'delete')
  const [editing, setEditing] = useState<Service | null>(null)
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
            {canEdit ? (
              <button type="button" onClick={() => setEditing(service)} className="text-left font-semibold text-slate-900 hover:text-primary-800 hover:underline">
                {service.name}
              </button>
            ) : (
              <span className="font-semibold text-slate-900">{service.name}</span>
            )}
            {service.description && <span className="block max-w-md truncate text-xs text-slate-500">{service.description}</span>}
          </span>
        </span>
      ),
    },
    { key: 'duration', header: t('services.columns.duration'), sortKey: 'default_duration_minutes', className: 'whitespace-nowrap', cell: (service) => formatMinutes(service.default_duration_minutes) },
    { key: 'bill', header: t('services.columns.billRate'), sortKey: 'bill_rate_cents', className: 'text-right tabular-nums', cell: (service) => formatMoney(service.bill_rate_cents, locale) },
    { key: 'pay', header: t('services.columns.payRate'), sortKey: 'pay_rate_cents', className: 'text-right tabular-nums', cell: (service) => formatMoney(service.pay_rate_cents, locale) },
    {
      key: 'status',
      header: t('services.columns.status'),
      cell: (service) => (service.active ? <Badge tone="green">{t('status.active')}</Badge> : <Badge>{t('status.inactive')}</Badge>),
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('services.columns.actions')}</span>,
      className: 'text-right whitespace-nowrap',
      cell: (service) => (
        <span className="inline-flex items-center gap-1">
          {canEdit && (
            <IconButton icon={PencilIcon} label={t('services.edit', { name: service.name })} onClick={() => setEditing(service)} />
          )}
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
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <SearchField label={t('services.search')} value={list.q} onSearch={list.setQ} />
        <FilterSelect
          label={t('services.filterStatus')}
          value={list.filter('active')}
          onChange={(value) => list.setFilter('active', value)}
          options={[
            { value: '', label: t('status.all') },
            { value: 'true', label: t('status.active') },
            { value: 'false', label: t('status.inactive') },
          ]}
        />
      </div>
      {services.isError ? (
        <Alert tone="error" title={t('services.unavailable')}>
          {errorText(services.error)}
        </Alert>
      ) : (
        <DataTable
          caption={t('services.caption')}
          columns={columns}
          rows={services.data?.rows ?? []}
          rowKey={(service) => service.id}
          sort={list.sort}
          onSort={list.toggleSort}
          loading={services.isFetching}
          loadingLabel={t('services.loading')}
          empty={<p className="text-sm text-slate-600">{list.narrowed ? t('services.noMatch') : t('pages.services.empty')}</p>}
        />
      )}
      <Pagination page={list.page} pageSize={list.pageSize} count={services.data?.count ?? 0} onPage={list.setPage} label={t('services.pages')} />
      {editing && <ServiceDialog service={editing} onClose={() => setEditing(null)} />}
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
