import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PlusIcon, UploadIcon } from '../../../components/ui/action-icons.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { ImportDialog } from '../../../features/imports/components/import-dialog.tsx'
import { TemplateButton } from '../../../features/imports/components/template-button.tsx'
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
  const [importing, setImporting] = useState(false)
  return (
    <>
      <PageHeading
        title={t('pages.services.title')}
        description={t('pages.services.description')}
        actions={
          <>
            {canImport && (
              <>
                <TemplateButton kind="services" variant="ghost" />
                <Button variant="secondary" onClick={() => setImporting(true)}>
                  <UploadIcon className="size-4" />
                  {t('imports.open')}
                </Button>
              </>
            )}
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
      {importing && <ImportDialog kind="services" onClose={() => setImporting(false)} onImported={() => void queryClient.invalidateQueries({ queryKey: servicesKey })} />}
    </>
  )
}
