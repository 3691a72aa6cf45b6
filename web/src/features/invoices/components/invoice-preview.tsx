import { ApiError, formatMoney, Id, invoiceDocument, localDateOf, type Invoice } from '@rota/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'wouter'
import { HistoryTab, type HistoryField } from '../../../components/records/history-tab.tsx'
import { RecordActions, type RecordEventOptions } from '../../../components/records/record-actions.tsx'
import { StatusBadge } from '../../../components/records/status-badge.tsx'
import { CopyIcon, DownloadIcon, PencilIcon, RefreshIcon } from '../../../components/ui/action-icons.tsx'
import { Alert } from '../../../components/ui/alert.tsx'
import { BackLink } from '../../../components/ui/back-link.tsx'
import { Button, buttonClass } from '../../../components/ui/button.tsx'
import { Panel } from '../../../components/ui/panel.tsx'
import { Spinner } from '../../../components/ui/spinner.tsx'
import { paths } from '../../../config/paths.ts'
import { errorText } from '../../../lib/error-text.ts'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { formatInstant, useBusinessTimeZone } from '../../../lib/format.ts'
import { currentLocale } from '../../../lib/i18n.ts'
import { useCan } from '../../../lib/permissions.ts'
import { useInvoiceLink, useInvoiceRecord, useRenewInvoiceLink, useSendInvoiceEvent } from '../api/invoices.ts'
import { shortDay, shownStatus } from '../utils/dates.ts'
import { InvoiceDocumentView } from './invoice-document.tsx'
import { PaymentDialog } from './payment-dialog.tsx'

/**
 * One invoice (/finances/invoices/preview/{id}): the document exactly as the PDF and the
 * client show it, the lifecycle's buttons (send, record a payment, void), editing a draft,
 * the client's link (copy, replace), the PDF, print, the payments and the history.
 * @example
 * <InvoicePreview id={params.id} />
 */
export function InvoicePreview({ id }: { id: string }) {
  const { t } = useTranslation('app')
  return (
    <>
      <div className="print:hidden">
        <BackLink href={paths.invoices.href()}>{t('invoices.back')}</BackLink>
      </div>
      {/* An address whose id is no id names no invoice: said so without asking the server. */}
      {Id.safeParse(id).success ? <InvoiceAt id={id} /> : <Alert tone="error" title={t('invoices.unavailable')}>{t('invoices.notFound')}</Alert>}
    </>
  )
}

function InvoiceAt({ id }: { id: string }) {
  const { t } = useTranslation('app')
  const invoice = useInvoiceRecord(id)
  if (invoice.isError) {
    return (
      <Alert tone="error" title={t('invoices.unavailable')}>
        {invoice.error instanceof ApiError && invoice.error.status === 404 ? t('invoices.notFound') : errorText(invoice.error)}
      </Alert>
    )
  }
  if (!invoice.data) return <Spinner className="mx-auto my-8 size-6 text-primary-700" label={t('invoices.loading')} />
  return <LoadedPreview invoice={invoice.data} onReload={() => void invoice.refetch()} />
}

function LoadedPreview({ invoice, onReload }: { invoice: Invoice; onReload: () => void }) {
  const { t, i18n } = useTranslation('app')
  const locale = currentLocale(i18n)
  const send = useSendInvoiceEvent()
  const canUpdate = useCan('invoices', 'update')
  const timeZone = useBusinessTimeZone()
  const [paying, setPaying] = useState(false)
  const shared = invoice.status !== 'draft' && invoice.status !== 'void'
  const link = useInvoiceLink(invoice.id, shared)
  const renew = useRenewInvoiceLink()
  const [copied, setCopied] = useState(false)
  const [renewing, setRenewing] = useState(false)
  const document = invoiceDocument(invoice, locale)
  const fields = useInvoiceFields()

  const options: Record<string, RecordEventOptions> = {
    'invoice.send': {
      tone: 'primary',
      confirm: {
        title: t('invoices.send.title'),
        text: invoice.client.email ? t('invoices.send.text', { email: invoice.client.email }) : t('invoices.send.noEmail'),
        confirmLabel: t('records.events.invoice.send'),
      },
    },
    'invoice.void': { reason: { label: t('invoices.void.reason'), hint: invoice.number === null ? t('invoices.void.hintDraft') : t('invoices.void.hint') } },
  }

  const copy = async (url: string) => {
    await navigator.clipboard?.writeText(url)
    setCopied(true)
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4 print:hidden">
        <div>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold text-slate-900">
            {t('invoices.previewTitle', { number: invoice.number ?? (invoice.status === 'draft' ? t('invoices.draftNumber') : t('invoices.unnumbered')) })}
            <StatusBadge lifecycle="invoice" status={shownStatus(invoice)} />
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            {invoice.client.name} · {t('invoices.balanceOf', { balance: formatMoney(invoice.balance_cents, locale) })}
          </p>
          {invoice.viewed_at && <p className="mt-1 text-sm text-slate-600">{t('invoices.viewed', { when: formatInstant(invoice.viewed_at, locale, timeZone), count: invoice.view_count })}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {invoice.status === 'draft' && canUpdate && (
            <Link href={paths.invoicesEdit.href({ id: invoice.id })} className={buttonClass('secondary')}>
              <PencilIcon className="size-4" />
              {t('invoices.edit')}
            </Link>
          )}
          {invoice.allowed_events.includes('invoice.payment') && (
            <Button variant="secondary" onClick={() => setPaying(true)}>
              {t('records.events.invoice.payment')}
            </Button>
          )}
          {link.data && (
            <a href={`${link.data.pdf_url}?lang=${locale}`} download className={buttonClass('secondary')}>
              <DownloadIcon className="size-4" />
              {t('invoices.downloadPdf')}
            </a>
          )}
          <Button variant="secondary" onClick={() => window.print()}>
            {t('invoices.print')}
          </Button>
        </div>
      </div>

      <div className="print:hidden">
        <RecordActions
          allowed={invoice.allowed_events.filter((type) => type !== 'invoice.payment' && type !== 'invoice.payment_reverse')}
          options={options}
          onReload={onReload}
          send={(type, payload) => send.mutateAsync({ id: invoice.id, body: { type, version: invoice.version, ...payload } as never })}
        />
      </div>

      {shared && link.data && (
        <Panel title={t('invoices.link.title')} description={t('invoices.link.description')}>
          <div className="flex flex-wrap items-center gap-2">
            <input readOnly aria-label={t('invoices.link.title')} value={link.data.url} className="min-w-0 flex-1 rounded-lg px-3 py-2 text-sm ring-1 ring-slate-300 ring-inset" />
            <Button variant="secondary" onClick={() => void copy(link.data.url)}>
              <CopyIcon className="size-4" />
              {copied ? t('invoices.link.copied') : t('invoices.link.copy')}
            </Button>
            {canUpdate && (
              <Button variant="secondary" loading={renew.isPending} onClick={() => setRenewing(true)}>
                <RefreshIcon className="size-4" />
                {t('invoices.link.renew')}
              </Button>
            )}
          </div>
        </Panel>
      )}

      {renewing && (
        // The client's link stops working at once: asked first, saying so.
        <ConfirmDialog
          open
          tone="danger"
          title={t('invoices.link.renewTitle')}
          confirmLabel={t('invoices.link.renew')}
          pending={renew.isPending}
          error={renew.error && errorText(renew.error)}
          onConfirm={() => void renew.mutateAsync(invoice.id).then(() => (setCopied(false), setRenewing(false)))}
          onClose={() => setRenewing(false)}
        >
          {t('invoices.link.renewText')}
        </ConfirmDialog>
      )}

      <InvoiceDocumentView document={document} />

      {invoice.payments.length > 0 && (
        <div className="print:hidden">
          <Panel title={t('invoices.payments.title')}>
            <ul className="divide-y divide-slate-100 text-sm">
              {invoice.payments.map((payment) => (
                <li key={payment.id} className="space-y-1 py-2">
                  <div className="flex flex-wrap justify-between gap-2">
                    <span className={payment.reversed ? 'text-slate-500 line-through' : ''}>
                      {shortDay(payment.paid_on, locale)} · {t(`invoices.methods.${payment.method}`)}
                      {payment.reference ? ` · ${payment.reference}` : ''}
                    </span>
                    <span className={`font-semibold ${payment.reversed ? 'text-slate-500 line-through' : ''}`}>{formatMoney(payment.amount_cents, locale)}</span>
                  </div>
                  {payment.reversed ? (
                    <p className="text-slate-600">{t('invoices.payments.reversed', { reason: payment.reversed.reason })}</p>
                  ) : (
                    // A payment recorded in error is taken back, saying why; it stays listed, struck through.
                    <RecordActions
                      allowed={invoice.allowed_events.filter((type) => type === 'invoice.payment_reverse')}
                      options={{
                        'invoice.payment_reverse': {
                          tone: 'danger',
                          confirm: { title: t('invoices.payments.reverseTitle', { amount: formatMoney(payment.amount_cents, locale) }), text: t('invoices.payments.reverseText') },
                          reason: { label: t('invoices.payments.reverseReason') },
                        },
                      }}
                      onReload={onReload}
                      send={(type, payload) => send.mutateAsync({ id: invoice.id, body: { type, version: invoice.version, payment_id: payment.id, ...payload } as never })}
                    />
                  )}
                </li>
              ))}
            </ul>
          </Panel>
        </div>
      )}

      <div className="print:hidden">
        <Panel title={t('invoices.history')}>
          <HistoryTab route="invoiceHistory" id={invoice.id} fields={fields} actions={{ send: t('invoices.historyActions.send'), payment: t('invoices.historyActions.payment'), payment_reverse: t('invoices.historyActions.paymentReverse'), void: t('invoices.historyActions.void'), renew_link: t('invoices.historyActions.renewLink') }} />
        </Panel>
      </div>

      {paying && <PaymentDialog invoice={invoice} today={localDateOf(new Date(), timeZone)} open onClose={() => setPaying(false)} />}
    </div>
  )
}

/** How an invoice's history names its fields and reads their values. */
function useInvoiceFields(): Record<string, HistoryField> {
  const { t } = useTranslation('app')
  return {
    number: { label: t('invoices.columns.number') },
    status: { label: t('invoices.columns.status'), format: (status) => <StatusBadge lifecycle="invoice" status={String(status) as Invoice['status']} /> },
    period_from: { label: t('invoices.fields.periodFrom'), format: 'date' },
    period_to: { label: t('invoices.fields.periodTo'), format: 'date' },
    issue_date: { label: t('invoices.fields.issueDate'), format: 'date' },
    due_date: { label: t('invoices.fields.dueDate'), format: 'date' },
    due_on_terms: { label: t('invoices.fields.dueOnTerms'), format: 'boolean' },
    per_shift: { label: t('invoices.form.perShift'), format: 'boolean' },
    subtotal_cents: { label: t('invoices.fields.subtotal'), format: 'money' },
    discount_cents: { label: t('invoices.fields.discount'), format: 'money' },
    tax_cents: { label: t('invoices.fields.tax'), format: 'money' },
    total_cents: { label: t('invoices.columns.total'), format: 'money' },
    paid_cents: { label: t('invoices.fields.paid'), format: 'money' },
    notes: { label: t('invoices.fields.notes') },
    terms: { label: t('invoices.fields.terms') },
    void_reason: { label: t('invoices.void.reason') },
  }
}
