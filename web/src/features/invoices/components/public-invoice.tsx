import { invoiceDocument } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { DownloadIcon } from '../../../components/ui/action-icons.tsx'
import { DocumentIcon } from '../../../components/ui/area-icons.tsx'
import { Button, buttonClass } from '../../../components/ui/button.tsx'
import { EmptyState } from '../../../components/ui/empty-state.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { currentLocale } from '../../../lib/i18n.ts'
import { usePublicInvoice } from '../api/invoices.ts'
import { InvoiceDocumentView } from './invoice-document.tsx'

/**
 * An invoice a client opens from its e-mail, without signing in: the document in the
 * reader's language (the page's language menu changes both it and the PDF), the PDF to
 * download and a print button. A wrong, revoked or void link shows only that it is not valid.
 * @example
 * <PublicInvoiceView credentials={params.credentials} id={params.id} />
 */
export function PublicInvoiceView({ credentials, id }: { credentials: string; id: string }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const invoice = usePublicInvoice(credentials, id)
  if (invoice.isPending) return <Spinner className="mx-auto my-12 size-6 text-primary-700" label={t('publicInvoice.loading')} />
  if (invoice.isError || !invoice.data) return <EmptyState heading={1} icon={DocumentIcon} title={t('publicInvoice.invalidTitle')} description={t('publicInvoice.invalidText')} />
  const data = invoice.data
  const pdfUrl = `${data.pdf_url}?lang=${locale}`
  const document = invoiceDocument(data, locale)
  return (
    <div className="space-y-4">
      {/* The page's own heading, for those who find their way by headings; the document's is its second level. */}
      <h1 className="sr-only">{`${document.title} ${document.number} — ${document.issuer.name}`}</h1>
      <div className="flex flex-wrap items-center justify-end gap-2 print:hidden">
        <a href={pdfUrl} download className={buttonClass('primary')}>
          <DownloadIcon className="size-4" />
          {t('publicInvoice.download')}
        </a>
        <Button variant="secondary" onClick={() => window.print()}>
          {t('publicInvoice.print')}
        </Button>
      </div>
      <InvoiceDocumentView document={document} />
    </div>
  )
}
