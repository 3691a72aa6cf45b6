import type { InvoiceDocument } from '@rota/core'
import { useImageUrl } from '../../../lib/image-url.ts'

/**
 * An invoice as a document: the same words and figures, in the same order, as its PDF (both
 * drawn from core's `invoiceDocument`), the business's logo above its name and its address
 * below. On paper it is all that prints (`.invoice-print` hides the rest of the page), so the
 * browser's Print gives the PDF's page.
 * @example
 * <InvoiceDocumentView document={invoiceDocument(invoice)} />
 */
export function InvoiceDocumentView({ document }: { document: InvoiceDocument }) {
  const logo = useImageUrl()(document.issuer.logo, 96)
  return (
    <article lang={document.locale} aria-label={`${document.title} ${document.number}`} className="invoice-print rounded-xl bg-white p-6 text-sm text-slate-800 shadow-sm ring-1 ring-slate-200 sm:p-10 print:shadow-none print:ring-0">
      <header className="flex flex-col gap-6 sm:flex-row sm:justify-between">
        <div>
          {logo && <img src={logo} alt="" className="mb-2 h-12 max-w-[10rem] object-contain object-left" />}
          <p className="text-xl font-bold text-slate-900">{document.issuer.name}</p>
          {document.issuer.address.length > 0 && (
            <address className="mb-1 not-italic">
              {document.issuer.address.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </address>
          )}
          {document.issuer.registrations.map((line) => (
            <p key={line} className="text-xs text-slate-600">
              {line}
            </p>
          ))}
        </div>
        <div className="sm:text-right">
          <h2 className="text-2xl font-bold text-slate-900">
            {document.title} {document.number}
          </h2>
          <dl className="mt-1 space-y-0.5">
            {document.facts.map((fact) => (
              <div key={fact.label}>
                <dt className="inline">
                  {fact.label}
                  {document.colon}
                </dt>
                <dd className="inline">{fact.value}</dd>
              </div>
            ))}
          </dl>
          {document.stamp && <p className="mt-2 font-bold tracking-wide text-red-700 uppercase">{document.stamp}</p>}
        </div>
      </header>

      <section className="mt-8">
        <h3 className="font-semibold text-slate-900">{document.billTo.label}</h3>
        {document.billTo.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>

      <div className="mt-8 overflow-x-auto">
        <table className="w-full text-left">
          <thead className="border-b border-slate-300 text-xs font-semibold text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-4">
                {document.columns.description}
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                {document.columns.quantity}
              </th>
              <th scope="col" className="py-2 pr-4 text-right">
                {document.columns.unitPrice}
              </th>
              <th scope="col" className="py-2 text-right">
                {document.columns.amount}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {document.lines.map((line, index) => (
              <tr key={index}>
                <td className="py-2 pr-4">
                  {line.description}
                  {line.mark && <span className="ml-1 text-slate-500">{line.mark}</span>}
                </td>
                <td className="py-2 pr-4 text-right whitespace-nowrap">{line.quantity}</td>
                <td className="py-2 pr-4 text-right whitespace-nowrap">{line.unitPrice}</td>
                <td className="py-2 text-right whitespace-nowrap">{line.amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {document.footnote && <p className="mt-2 text-xs text-slate-600">{document.footnote}</p>}
      </div>

      <dl className="mt-4 ml-auto max-w-md space-y-1 border-t border-slate-300 pt-3">
        {document.totals.map((total) => (
          <div key={total.label} className={`flex justify-between gap-4 ${total.strong ? 'text-base font-bold text-slate-900' : ''}`}>
            <dt>{total.label}</dt>
            <dd className="whitespace-nowrap">{total.value}</dd>
          </div>
        ))}
      </dl>

      {[document.notes, document.terms].map(
        (block) =>
          block && (
            <section key={block.label} className="mt-6">
              <h3 className="font-semibold text-slate-900">{block.label}</h3>
              <p className="whitespace-pre-line">{block.text}</p>
            </section>
          ),
      )}
    </article>
  )
}
