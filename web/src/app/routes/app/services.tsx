import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useOpenRecord } from '../../../components/records/use-open-record.ts'
import { PlusIcon } from '../../../components/ui/action-icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { ImportActions } from '../../../features/imports/components/import-actions.tsx'
import { servicesKey } from '../../../features/services/api/list-services.ts'
import { ServicePanel } from '../../../features/services/components/service-panel.tsx'
import { ServicesTable } from '../../../features/services/components/services-table.tsx'
import { useCan } from '../../../lib/permissions.ts'

/** The services offered at clients' locations: the list, the service open in its panel, a new service, and CSV import. */
export function ServicesPage() {
  const { t } = useTranslation('app')
  const queryClient = useQueryClient()
  const record = useOpenRecord()
  const canCreate = useCan('services', 'create')
  const canUpdate = useCan('services', 'update')
  const canImport = canCreate && canUpdate
  return (
    <>
      <PageHeading
        title={t('pages.services.title')}
        description={t('pages.services.description')}
        actions={
          <>
            {canImport && <ImportActions kind="services" onImported={() => void queryClient.invalidateQueries({ queryKey: servicesKey })} />}
            {canCreate && (
              <Button onClick={record.openNew}>
                <PlusIcon className="size-4" />
                {t('services.add')}
              </Button>
            )}
          </>
        }
      />
      <ServicesTable />
      <ServicePanel />
    </>
  )
}
