import { IconButton } from '../../../components/ui/icon-button.tsx'
import { CANADIAN_PROVINCES, type Location } from '@rota/core'
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
import { useCan } from '../../../lib/permissions.ts'
import { useListQuery } from '../../../lib/use-list-query.ts'
import { useDeleteLocation } from '../api/delete-location.ts'
import { useLocations } from '../api/list-locations.ts'
import { LocationDialog } from './location-dialog.tsx'


/**
 * The clients: search, filter by status and province, sort, page; each one's address and
 * contact, changed in a dialog or deleted after asking (refused while schedules use it).
 * @example
 * <LocationsTable />
 */
export function LocationsTable() {
  const { t } = useTranslation('app')
  const list = useListQuery({ sorts: ['name', 'city', 'province', 'created_at'], defaultSort: 'name', filters: { active: ['true', 'false'], province: CANADIAN_PROVINCES } })
  const locations = useLocations(list.request)
  const remove = useDeleteLocation()
  const canEdit = useCan('locations', 'update')
  const canDelete = useCan('locations', 'delete')
  const [editing, setEditing] = useState<Location | null>(null)
  const [deleting, setDeleting] = useState<Location | null>(null)

  const columns: Column<Location>[] = [
    {
      key: 'name',
      header: t('locations.columns.client'),
      primary: true,
      sortKey: 'name',
      cell: (location) => (
        <span className="block sm:min-w-40">
          {canEdit ? (
            <button type="button" onClick={() => setEditing(location)} className="text-left font-semibold text-slate-900 hover:text-primary-800 hover:underline">
              {location.name}
            </button>
          ) : (
            <span className="font-semibold text-slate-900">{location.name}</span>
          )}
          {location.contact_person && <span className="block text-xs text-slate-500">{location.contact_person}</span>}
        </span>
      ),
    },
    {
      key: 'city',
      header: t('locations.columns.address'),
      sortKey: 'city',
      cell: (location) => (
        <span className="block sm:min-w-48">
          <span className="block">{location.street}</span>
          <span className="block text-xs text-slate-500">
            {location.city}, {location.province} {location.postal_code}
          </span>
        </span>
      ),
    },
    {
      key: 'contact',
      header: t('locations.columns.contact'),
      cell: (location) => (
        <span className="block">
          {location.phone && <span className="block whitespace-nowrap">{location.phone}</span>}
          {location.email && <span className="block text-xs text-slate-500">{location.email}</span>}
          {!location.phone && !location.email && '—'}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('locations.columns.status'),
      cell: (location) => (location.active ? <Badge tone="green">{t('status.active')}</Badge> : <Badge>{t('status.inactive')}</Badge>),
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('locations.columns.actions')}</span>,
      className: 'text-right whitespace-nowrap',
      cell: (location) => (
        <span className="inline-flex items-center gap-1">
          {canEdit && (
            <IconButton icon={PencilIcon} label={t('locations.edit', { name: location.name })} onClick={() => setEditing(location)} />
          )}
          {canDelete && (
            <IconButton
              icon={TrashIcon}
              label={t('locations.delete', { name: location.name })}
              onClick={() => {
                remove.reset()
                setDeleting(location)
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
        <SearchField label={t('locations.search')} value={list.q} onSearch={list.setQ} />
        <FilterSelect
          label={t('locations.filterStatus')}
          value={list.filter('active')}
          onChange={(value) => list.setFilter('active', value)}
          options={[
            { value: '', label: t('status.all') },
            { value: 'true', label: t('status.active') },
            { value: 'false', label: t('status.inactive') },
          ]}
        />
        <FilterSelect
          label={t('locations.filterProvince')}
          value={list.filter('province')}
          onChange={(value) => list.setFilter('province', value)}
          options={[{ value: '', label: t('locations.allProvinces') }, ...CANADIAN_PROVINCES.map((code) => ({ value: code, label: t(`provinces.${code}`) }))]}
        />
      </div>
      {locations.isError ? (
        <Alert tone="error" title={t('locations.unavailable')}>
          {errorText(locations.error)}
        </Alert>
      ) : (
        <DataTable
          caption={t('locations.caption')}
          columns={columns}
          rows={locations.data?.rows ?? []}
          rowKey={(location) => location.id}
          sort={list.sort}
          onSort={list.toggleSort}
          loading={locations.isFetching}
          loadingLabel={t('locations.loading')}
          empty={<p className="text-sm text-slate-600">{list.narrowed ? t('locations.noMatch') : t('pages.locations.empty')}</p>}
        />
      )}
      <Pagination page={list.page} pageSize={list.pageSize} count={locations.data?.count ?? 0} onPage={list.setPage} label={t('locations.pages')} />
      {editing && <LocationDialog location={editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          open
          title={t('locations.deleteTitle', { name: deleting.name })}
          confirmLabel={t('actions.delete')}
          pending={remove.isPending}
          error={remove.error && errorText(remove.error)}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
          onClose={() => setDeleting(null)}
        >
          {t('locations.deleteText')}
        </ConfirmDialog>
      )}
    </>
  )
}
