import { CANADIAN_PROVINCES, type Location } from '@rota/core'
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
import { useCan } from '../../../lib/permissions.ts'
import { useDeleteLocation } from '../api/delete-location.ts'
import { useLocations } from '../api/list-locations.ts'

/**
 * The clients: search, filter by status and province, sort, page; each one's address and
 * contact, opened in the record panel (LocationPanel) or deleted after asking (refused
 * while schedules use it).
 * @example
 * <LocationsTable />
 */
export function LocationsTable() {
  const { t } = useTranslation('app')
  const record = useOpenRecord()
  const remove = useDeleteLocation()
  const canEdit = useCan('locations', 'update')
  const canDelete = useCan('locations', 'delete')
  const [deleting, setDeleting] = useState<Location | null>(null)

  const columns: Column<Location>[] = [
    {
      key: 'name',
      header: t('locations.columns.client'),
      primary: true,
      sortKey: 'name',
      cell: (location) => (
        <span className="block sm:min-w-40">
          <RecordName onOpen={() => record.open(location.id)}>{location.name}</RecordName>
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
    { key: 'status', header: t('locations.columns.status'), cell: (location) => <ActiveBadge active={location.active} /> },
    {
      key: 'actions',
      header: <span className="sr-only">{t('locations.columns.actions')}</span>,
      className: 'text-right whitespace-nowrap',
      cell: (location) => (
        <span className="inline-flex items-center gap-1">
          {canEdit && <IconButton icon={PencilIcon} label={t('locations.edit', { name: location.name })} onClick={() => record.open(location.id)} />}
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
      <RecordTable
        caption={t('locations.caption')}
        columns={columns}
        rowKey={(location) => location.id}
        sorts={['name', 'city', 'province', 'created_at']}
        defaultSort="name"
        search={t('locations.search')}
        filters={{
          active: {
            label: t('locations.filterStatus'),
            all: t('status.all'),
            options: [
              { value: 'true', label: t('status.active') },
              { value: 'false', label: t('status.inactive') },
            ],
          },
          province: {
            label: t('locations.filterProvince'),
            all: t('locations.allProvinces'),
            options: CANADIAN_PROVINCES.map((code) => ({ value: code, label: t(`provinces.${code}`) })),
          },
        }}
        useRows={useLocations}
        labels={{
          loading: t('locations.loading'),
          empty: t('pages.locations.empty'),
          noMatch: t('locations.noMatch'),
          unavailable: t('locations.unavailable'),
          pages: t('locations.pages'),
        }}
      />
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
