import { AreaPage } from '../../../components/layouts/area-page.tsx'
import { BriefcaseIcon } from '../../../components/ui/area-icons.tsx'

/** The services offered at clients' locations. */
export function ServicesPage() {
  return <AreaPage page="services" icon={BriefcaseIcon} />
}
