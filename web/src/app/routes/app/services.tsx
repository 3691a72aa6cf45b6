import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PlusIcon } from '../../../components/ui/action-icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { ImportActions } from '../../../features/imports/components/import-actions.tsx'
import { servicesKey } from '../../../features/services/api/list-services.ts'
import { ServiceDialog } from '../../../features/services/components/service-dialog.tsx'
import { ServicesTable } from '../../../features/services/components/services-table.tsx'
import { useCan } from '../../../lib/permissions.ts'

/** The services offered at clients' locations: the list, a new service, and CSV import. */
export function ServicesPage() {
  const { t } = useTranslation('app')
  const queryClient = useQueryClient()
  const canCreate = useCan('services', 'create')
  const canUpdate = useCan('services', 'update')
  const canImport = canCreate && canUpdate
  const [adding, setAdding] = useState(false)
  return (
    <>
      <PageHeading
        title={t('pages.services.title')}
        description={t('pages.services.description')}
        actions={
          <>
            {canImport && <ImportActions kind="services" onImported={() => void queryClient.invalidateQueries({ queryKey: servicesKey })} />}
            {canCreate && (
              <Button onClick={() => setAdding(true)}>
                <PlusIcon className="size-4" />
                {t('services.add')}
              </Button>
            )}
          </>
        }
      />
      <ServicesTable />
      {adding && <ServiceDialog service={null} onClose={() => setAdding(false)} />}
    </>
  )
}
