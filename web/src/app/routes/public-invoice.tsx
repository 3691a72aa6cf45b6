import { useTranslation } from 'react-i18next'
import { LanguageSelect } from '../../components/language-select.tsx'
import { EmptyState } from '../../components/ui/empty-state.tsx'
import { DocumentIcon } from '../../components/ui/area-icons.tsx'
import { Logo } from '../../components/ui/logo.tsx'
import { PageHeading } from '../../components/ui/page-heading.tsx'

/** /frontend/invoice/{credentials}/{id}: an invoice a client opens from its e-mail, without signing in. */
export function PublicInvoicePage({ params }: { params: { credentials: string; id: string } }) {
  const { t } = useTranslation('app')
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-6 py-4">
        <Logo />
        <LanguageSelect />
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-6 py-10">
        <PageHeading title={t('pages.publicInvoice.title')} description={t('pages.publicInvoice.description')} />
        <EmptyState icon={DocumentIcon} title={t('publicInvoice.reference', { id: params.id })} description={t('pages.publicInvoice.empty')} />
      </main>
    </div>
  )
}
