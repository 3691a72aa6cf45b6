import { AreaPage } from '../../../components/layouts/area-page.tsx'
import { BuildingIcon } from '../../../components/ui/area-icons.tsx'

/** The locations page, labelled Clients (SPEC.md §2). */
export function LocationsPage() {
  return <AreaPage page="locations" icon={BuildingIcon} />
}
