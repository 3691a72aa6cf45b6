import { AreaPage } from '../../../components/layouts/area-page.tsx'
import { SupportIcon } from '../../../components/ui/area-icons.tsx'

/** Support: how to get help. */
export function SupportPage() {
  return <AreaPage page="support" icon={SupportIcon} />
}
