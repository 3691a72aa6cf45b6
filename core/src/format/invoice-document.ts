import type { Province } from '../contract/account.ts'
import type { Locale } from '../contract/common.ts'
import type { Invoice, InvoiceTax } from '../contract/invoice.ts'
import { canadianSalesTax, type TaxCode } from '../domain/tax-rates.ts'
import { addressLines } from './address.ts'
import { formatMinutes } from './duration.ts'
import { formatMoney } from './money.ts'

/** The words of an invoice document, in the business's language. */
interface Labels {
  invoice: string
  draft: string
  /** A draft voided before it was sent never had a number. */
  unnumbered: string
  void: string
  paid: string
  issue_date: string
  due_date: string
  period: string
  bill_to: string
  description: string
  quantity: string
  unit_price: string
  amount: string
  subtotal: string
  discount: string
  total: string
  paid_to_date: string
  balance_due: string
  notes: string
  terms: string
  gst_hst_number: string
  qst_number: string
  registration: string
  /** Before the business's phone number under its address. */
  phone: string
  /** Between a label and its value: "Due: …", « Échéance : … ». */
  colon: string
  taxes: Record<InvoiceTax['label'], string>
  /** The footnote of the lines exempt from the province's own sales tax, by that tax. */
  exempt_from: Record<ProvincialTax, string>
}

/** A province's own sales tax: what a line exempt from the provincial part escapes (HST's provincial part). */
type ProvincialTax = Exclude<TaxCode, 'GST'>

const labels: Record<Locale, Labels> = {
  en: {
    invoice: 'Invoice',
    draft: 'Draft',
    unnumbered: '(no number)',
    void: 'Void',
    paid: 'Paid',
    issue_date: 'Date',
    due_date: 'Due',
    period: 'Period',
    bill_to: 'Bill to',
    description: 'Description',
    quantity: 'Quantity',
    unit_price: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Discount',
    total: 'Total',
    paid_to_date: 'Paid',
    balance_due: 'Balance due',
    notes: 'Notes',
    terms: 'Terms',
    gst_hst_number: 'GST/HST No.',
    qst_number: 'QST No.',
    registration: 'No.',
    phone: 'Tel.',
    colon: ': ',
    taxes: { gst: 'GST', hst: 'HST', hst_federal_part: 'HST (federal part)', qst: 'QST', pst: 'PST', rst: 'RST' },
    exempt_from: { HST: 'Exempt from the provincial part of HST', QST: 'Exempt from QST', PST: 'Exempt from PST', RST: 'Exempt from RST' },
  },
  fr: {
    invoice: 'Facture',
    draft: 'Brouillon',
    unnumbered: '(sans numéro)',
    void: 'Annulée',
    paid: 'Payée',
    issue_date: 'Date',
    due_date: 'Échéance',
    period: 'Période',
    bill_to: 'Facturer à',
    description: 'Description',
    quantity: 'Quantité',
    unit_price: 'Prix unitaire',
    amount: 'Montant',
    subtotal: 'Sous-total',
    discount: 'Remise',
    total: 'Total',
    paid_to_date: 'Payé',
    balance_due: 'Solde dû',
    notes: 'Notes',
    terms: 'Conditions',
    gst_hst_number: 'No de TPS/TVH',
    qst_number: 'No de TVQ',
    registration: 'No',
    phone: 'Tél.',
    colon: '\u00a0: ',
    taxes: { gst: 'TPS', hst: 'TVH', hst_federal_part: 'TVH (partie fédérale)', qst: 'TVQ', pst: 'TVP', rst: 'TVD' },
    exempt_from: { HST: 'Exonéré de la partie provinciale de la TVH', QST: 'Exonéré de la TVQ', PST: 'Exonéré de la TVP', RST: 'Exonéré de la TVD' },
  },
  es: {
    invoice: 'Factura',
    draft: 'Borrador',
    unnumbered: '(sin número)',
    void: 'Anulada',
    paid: 'Pagada',
    issue_date: 'Fecha',
    due_date: 'Vencimiento',
    period: 'Periodo',
    bill_to: 'Facturar a',
    description: 'Descripción',
    quantity: 'Cantidad',
    unit_price: 'Precio unitario',
    amount: 'Importe',
    subtotal: 'Subtotal',
    discount: 'Descuento',
    total: 'Total',
    paid_to_date: 'Pagado',
    balance_due: 'Saldo pendiente',
    notes: 'Notas',
    terms: 'Condiciones',
    gst_hst_number: 'N.º GST/HST',
    qst_number: 'N.º QST',
    registration: 'N.º',
    phone: 'Tel.',
    colon: ': ',
    taxes: { gst: 'GST', hst: 'HST', hst_federal_part: 'HST (parte federal)', qst: 'QST', pst: 'PST', rst: 'RST' },
    exempt_from: { HST: 'Exento de la parte provincial del HST', QST: 'Exento del QST', PST: 'Exento del PST', RST: 'Exento del RST' },
  },
}

/** One row of the totals: a label, an amount, and whether it is the one that matters. */
export interface DocumentTotal {
  label: string
  value: string
  strong: boolean
}

/**
 * An invoice laid out as a document, every word and figure already written in the
 * business's language: what the web's preview and the PDF both draw, so they say the same.
 */
export interface InvoiceDocument {
  locale: Locale
  title: string
  number: string
  /** A stamp for a draft, a void or a paid invoice. */
  stamp: string | null
  /**
   * `logo`: the business's logo as stored (an image id), which each rendering fetches its own way;
   * `address`: the lines under its name (its postal address, then its phone), none when it has not given one.
   */
  issuer: { name: string; logo: string | null; address: string[]; registrations: string[] }
  facts: { label: string; value: string }[]
  /** What separates a fact's label from its value in this language. */
  colon: string
  billTo: { label: string; lines: string[] }
  columns: { description: string; quantity: string; unitPrice: string; amount: string }
  /** `mark`: the footnote's mark on a line exempt from the province's own sales tax, else null. */
  lines: { description: string; quantity: string; unitPrice: string; amount: string; mark: string | null }[]
  /** What the mark means ("* Exempt from PST"), when a line bears it. */
  footnote: string | null
  totals: DocumentTotal[]
  notes: { label: string; text: string } | null
  terms: { label: string; text: string } | null
}

/**
 * A calendar day written out: "March 9, 2026", "9 mars 2026", "9 de marzo de 2026".
 * @example
 * formatLongDate('2026-03-09', 'fr') // '9 mars 2026'
 */
export function formatLongDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(`${locale}-CA`, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
}

/**
 * A decimal (a quantity, a tax's percent) in the language's way: "1.5" or "1,5".
 * @example
 * formatDecimal('9.975', 'fr') // '9,975'
 */
export function formatDecimal(quantity: string, locale: Locale): string {
  return locale === 'en' ? quantity : quantity.replace('.', ',')
}

/** A tax's line: "QST (9.975 %) — No. 1234567890 TQ0001". */
function taxLabel(tax: InvoiceTax, words: Labels, locale: Locale): string {
  const percent = `${formatDecimal(tax.percent, locale)} %`
  const name = `${words.taxes[tax.label]} (${percent})`
  return tax.registration_number ? `${name} — ${words.registration} ${tax.registration_number}` : name
}

/**
 * The sales tax a province levies besides GST, if any. Which tax that is has not changed in
 * the table's span (only rates have), so any of the province's rows tells it, whatever the
 * invoice's date: a draft has none yet.
 */
function provincialTaxOf(province: Province): ProvincialTax | null {
  const components = canadianSalesTax.find((row) => row.province === province)?.components ?? []
  return (components.find((component) => component.code !== 'GST')?.code as ProvincialTax | undefined) ?? null
}

const EXEMPT_MARK = '*'

/** What an invoice document must know of the invoice. */
export type DocumentSource = Pick<
  Invoice,
  | 'number'
  | 'status'
  | 'issuer'
  | 'client'
  | 'issue_date'
  | 'due_date'
  | 'period_from'
  | 'period_to'
  | 'lines'
  | 'subtotal_cents'
  | 'discount_cents'
  | 'taxes'
  | 'total_cents'
  | 'paid_cents'
  | 'balance_cents'
  | 'notes'
  | 'terms'
>

/**
 * An invoice as a document in `locale` (the business's language by default).
 * @example
 * invoiceDocument(invoice, 'fr').title // 'Facture'
 */
export function invoiceDocument(invoice: DocumentSource, locale: Locale = invoice.issuer.locale): InvoiceDocument {
  const words = labels[locale]
  const money = (cents: number) => formatMoney(cents, locale)
  const client = invoice.client
  const { address } = invoice.issuer
  const registrations = [
    invoice.issuer.gst_hst_number ? `${words.gst_hst_number} ${invoice.issuer.gst_hst_number}` : null,
    // QST is Quebec's: its number only on an invoice that charges it.
    invoice.issuer.qst_number && invoice.taxes.some((tax) => tax.code === 'QST') ? `${words.qst_number} ${invoice.issuer.qst_number}` : null,
  ].filter((line): line is string => line !== null)
  // Where GST is the only tax there is nothing to be exempt from, and no line is marked.
  const provincialTax = provincialTaxOf(client.province)
  const marked = provincialTax !== null && invoice.lines.some((line) => line.provincial_exempt)
  const stamp = invoice.status === 'draft' ? words.draft : invoice.status === 'void' ? words.void : invoice.status === 'paid' ? words.paid : null
  const totals: DocumentTotal[] = [
    { label: words.subtotal, value: money(invoice.subtotal_cents), strong: false },
    ...(invoice.discount_cents > 0 ? [{ label: words.discount, value: money(-invoice.discount_cents), strong: false }] : []),
    ...invoice.taxes.map((tax) => ({ label: taxLabel(tax, words, locale), value: money(tax.amount_cents), strong: false })),
    { label: words.total, value: money(invoice.total_cents), strong: true },
    ...(invoice.paid_cents > 0 ? [{ label: words.paid_to_date, value: money(-invoice.paid_cents), strong: false }] : []),
    ...(invoice.status !== 'void' && invoice.status !== 'draft' ? [{ label: words.balance_due, value: money(invoice.balance_cents), strong: true }] : []),
  ]
  return {
    locale,
    title: words.invoice,
    number: invoice.number ?? (invoice.status === 'draft' ? words.draft : words.unnumbered),
    stamp,
    issuer: {
      name: invoice.issuer.name,
      logo: invoice.issuer.logo,
      address: [...addressLines(address), ...(address.phone ? [`${words.phone} ${address.phone}`] : [])],
      registrations,
    },
    colon: words.colon,
    facts: [
      ...(invoice.issue_date ? [{ label: words.issue_date, value: formatLongDate(invoice.issue_date, locale) }] : []),
      { label: words.due_date, value: formatLongDate(invoice.due_date, locale) },
      { label: words.period, value: `${formatLongDate(invoice.period_from, locale)} – ${formatLongDate(invoice.period_to, locale)}` },
    ],
    billTo: {
      label: words.bill_to,
      lines: [client.name, ...(client.contact_person ? [client.contact_person] : []), ...addressLines(client)],
    },
    columns: { description: words.description, quantity: words.quantity, unitPrice: words.unit_price, amount: words.amount },
    lines: invoice.lines.map((line) => ({
      description: line.description,
      // Hours exactly (46 h 10 min): the amount is on the minutes, and hours to the hundredth times the rate would not give it.
      quantity: line.kind === 'hours' && line.minutes !== null ? formatMinutes(line.minutes) : formatDecimal(line.quantity, locale),
      unitPrice: money(line.unit_price_cents),
      amount: money(line.amount_cents),
      mark: marked && line.provincial_exempt ? EXEMPT_MARK : null,
    })),
    footnote: marked ? `${EXEMPT_MARK} ${words.exempt_from[provincialTax]}` : null,
    totals,
    notes: invoice.notes ? { label: words.notes, text: invoice.notes } : null,
    terms: invoice.terms ? { label: words.terms, text: invoice.terms } : null,
  }
}
