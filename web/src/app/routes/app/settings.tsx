import { AreaPage } from '../../../components/layouts/area-page.tsx'
import { SettingsIcon } from '../../../components/ui/area-icons.tsx'

/** The business's settings. */
export function SettingsPage() {
  return <AreaPage page="settings" icon={SettingsIcon} />
}
