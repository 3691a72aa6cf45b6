import { useTranslation } from 'react-i18next'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { AuditEntryPanel } from '../../../features/audit-log/components/audit-entry-panel.tsx'
import { AuditLogTable } from '../../../features/audit-log/components/audit-log-table.tsx'

/** The audit trail: who changed what, and when; one row opens in the panel (`?entry=…`). */
export function AuditLogsPage() {
  const { t } = useTranslation('app')
  return (
    <>
      <PageHeading title={t('pages.auditLogs.title')} description={t('pages.auditLogs.description')} />
      <AuditLogTable />
      <AuditEntryPanel />
    </>
  )
}
