import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PlusIcon } from '../../../components/ui/action-icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { ImportActions } from '../../../features/imports/components/import-actions.tsx'
import { locationsKey } from '../../../features/locations/api/list-locations.ts'
import { LocationDialog } from '../../../features/locations/components/location-dialog.tsx'
import { LocationsTable } from '../../../features/locations/components/locations-table.tsx'
import { useCan } from '../../../lib/permissions.ts'

/** The locations page, labelled Clients (SPEC.md §2): the list, a new client, and CSV import. */
export function LocationsPage() {
  const { t } = useTranslation('app')
  const queryClient = useQueryClient()
  const canCreate = useCan('locations', 'create')
  const canUpdate = useCan('locations', 'update')
  const canImport = canCreate && canUpdate
  const [adding, setAdding] = useState(false)
  return (
    <>
      <PageHeading
        title={t('pages.locations.title')}
        description={t('pages.locations.description')}
        actions={
          <>
            {canImport && <ImportActions kind="locations" onImported={() => void queryClient.invalidateQueries({ queryKey: locationsKey })} />}
            {canCreate && (
              <Button onClick={() => setAdding(true)}>
                <PlusIcon className="size-4" />
                {t('locations.add')}
              </Button>
            )}
          </>
        }
      />
      <LocationsTable />
      {adding && <LocationDialog location={null} onClose={() => setAdding(false)} />}
    </>
  )
}
