import { useTranslation } from 'react-i18next'
import { PageHeading } from '../../../components/ui/page-heading.tsx'
import { FaqScreen } from '../../../features/faq/components/faq-screen.tsx'

/** Frequently asked questions, read by everyone, written by administrators. */
export function FaqPage() {
  const { t } = useTranslation('app')
  return (
    <>
      <PageHeading title={t('pages.faq.title')} description={t('pages.faq.description')} />
      <FaqScreen />
    </>
  )
}
