import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import { PlusIcon } from '../../../components/ui/action-icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { ImportActions } from '../../../features/imports/components/import-actions.tsx'
import { locationsKey } from '../../../features/locations/api/list-locations.ts'
import { LocationPanel } from '../../../features/locations/components/location-panel.tsx'
import { LocationsTable } from '../../../features/locations/components/locations-table.tsx'
import { useCan } from '../../../lib/permissions.ts'

/** The locations page, labelled Clients (SPEC.md §2): the list, the client open in its panel, a new client, and CSV import. */
export function LocationsPage() {
  const { t } = useTranslation('app')
  const queryClient = useQueryClient()
  const record = useOpenRecord()
  const canCreate = useCan('locations', 'create')
  const canUpdate = useCan('locations', 'update')
  const canImport = canCreate && canUpdate
  return (
    <>
      <PageHeading
        title={t('pages.locations.title')}
        description={t('pages.locations.description')}
        actions={
          <>
            {canImport && <ImportActions kind="locations" onImported={() => void queryClient.invalidateQueries({ queryKey: locationsKey })} />}
            {canCreate && (
              <Button onClick={record.openNew}>
                <PlusIcon className="size-4" />
                {t('locations.add')}
              </Button>
            )}
          </>
        }
      />
      <LocationsTable />
      <LocationPanel />
    </>
  )
}
