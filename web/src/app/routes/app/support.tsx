import { useTranslation } from 'react-i18next'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { SupportScreen } from '../../../features/support/components/support-screen.tsx'

/** Support: how to get help. */
export function SupportPage() {
  const { t } = useTranslation('app')
  return (
    <>
      <PageHeading title={t('pages.support.title')} description={t('pages.support.description')} />
      <SupportScreen />
    </>
  )
}
