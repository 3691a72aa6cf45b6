import { AreaPage } from '../../../components/layouts/area-page.tsx'
import { InfoIcon } from '../../../components/ui/icons.tsx'

/** Frequently asked questions. */
export function FaqPage() {
  return <AreaPage page="faq" icon={InfoIcon} />
}
