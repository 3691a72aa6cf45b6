import { LanguageSelect } from '../../components/language-select.tsx'
import { Logo } from '../../components/ui/logo.tsx'
import { PublicInvoiceView } from '../../features/invoices/components/public-invoice.tsx'

/** /frontend/invoice/{credentials}/{id}: an invoice a client opens from its e-mail, without signing in. */
export function PublicInvoicePage({ params }: { params: { credentials: string; id: string } }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-6 py-4 print:hidden">
        <Logo />
        <LanguageSelect />
      </header>
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-6">
        <PublicInvoiceView credentials={params.credentials} id={params.id} />
      </main>
    </div>
  )
}
