import { AreaPage } from '../../../components/layouts/area-page.tsx'
import { ShieldIcon } from '../../../components/ui/area-icons.tsx'

/** The audit trail: who changed what, and when. */
export function AuditLogsPage() {
  return <AreaPage page="auditLogs" icon={ShieldIcon} />
}
