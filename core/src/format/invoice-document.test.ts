import { describe, expect, it } from 'vitest'
import type { DocumentSource } from './invoice-document.ts'
import { invoiceDocument } from './invoice-document.ts'

const invoice: DocumentSource = {
  number: 'FAC-000042',
  status: 'partially_paid',
  issuer: {
    name: 'Nettoyage Plus',
    logo: null,
    address: { street: '12 rue Saint-Denis', city: 'Montréal', province: 'QC', postal_code: 'H2X 3K8', phone: '514-555-0142' },
    gst_hst_number: '123456789 RT0001',
    qst_number: '1234567890 TQ0001',
    locale: 'fr',
  },
  client: { id: '00000000-0000-4000-8000-000000000001', name: 'Tour du Port', contact_person: 'Anne Roy', email: 'anne@example.com', street: '1 rue Principale', city: 'Montréal', province: 'QC', postal_code: 'H2X 1Y4' },
  issue_date: '2026-03-09',
  due_date: '2026-04-08',
  period_from: '2026-03-01',
  period_to: '2026-03-07',
  lines: [{ kind: 'hours', service_id: null, description: 'Entretien', minutes: 750, quantity: '12.5', unit_price_cents: 6000, amount_cents: 75000, provincial_exempt: false }],
  subtotal_cents: 75000,
  discount_cents: 5000,
  taxes: [
    { code: 'GST', label: 'gst', percent: '5', base_cents: 70000, amount_cents: 3500, registration_number: '123456789 RT0001' },
    { code: 'QST', label: 'qst', percent: '9.975', base_cents: 70000, amount_cents: 6983, registration_number: '1234567890 TQ0001' },
  ],
  total_cents: 80483,
  paid_cents: 30000,
  balance_cents: 50483,
  notes: null,
  terms: 'Net 30',
}

describe('invoiceDocument', () => {
  it('writes the invoice in the business\'s language, each tax its own line with its number', () => {
    const document = invoiceDocument(invoice)
    expect(document.title).toBe('Facture')
    expect(document.number).toBe('FAC-000042')
    expect(document.stamp).toBeNull()
    expect(document.issuer.registrations).toEqual(['No de TPS/TVH 123456789 RT0001', 'No de TVQ 1234567890 TQ0001'])
    expect(document.facts[0]).toEqual({ label: 'Date', value: '9 mars 2026' })
    expect(document.colon).toBe('\u00a0: ')
    expect(document.lines).toEqual([{ description: 'Entretien', quantity: '12 h 30 min', unitPrice: '60,00\u00a0$', amount: '750,00\u00a0$', mark: null }])
    expect(document.footnote).toBeNull()
    expect(document.totals.map((total) => [total.label, total.value.replace(/\s/g, ' ')])).toEqual([
      ['Sous-total', '750,00 $'],
      ['Remise', '-50,00 $'],
      ['TPS (5 %) — No 123456789 RT0001', '35,00 $'],
      ['TVQ (9,975 %) — No 1234567890 TQ0001', '69,83 $'],
      ['Total', '804,83 $'],
      ['Payé', '-300,00 $'],
      ['Solde dû', '504,83 $'],
    ])
    expect(document.terms).toEqual({ label: 'Conditions', text: 'Net 30' })
  })

  it('writes it in English or Spanish when asked, a draft stamped as one', () => {
    const english = invoiceDocument({ ...invoice, status: 'draft', number: null, paid_cents: 0 }, 'en')
    expect([english.title, english.number, english.stamp]).toEqual(['Invoice', 'Draft', 'Draft'])
    expect(english.totals.at(-1)).toMatchObject({ label: 'Total', value: '$804.83' })
    const spanish = invoiceDocument({ ...invoice, status: 'void' }, 'es')
    expect([spanish.title, spanish.stamp, spanish.billTo.label]).toEqual(['Factura', 'Anulada', 'Facturar a'])
  })

  it('marks the lines exempt from the province\'s own sales tax and says which tax in a footnote', () => {
    const care = { ...invoice.lines[0]!, description: 'Home care', provincial_exempt: true }
    const bc = { ...invoice, client: { ...invoice.client, province: 'BC' as const }, lines: [...invoice.lines, care] }
    const english = invoiceDocument(bc, 'en')
    expect(english.lines.map((line) => [line.description, line.mark])).toEqual([
      ['Entretien', null],
      ['Home care', '*'],
    ])
    expect(english.footnote).toBe('* Exempt from PST')
    expect(invoiceDocument(bc, 'fr').footnote).toBe('* Exonéré de la TVP')
    expect(invoiceDocument({ ...bc, client: { ...bc.client, province: 'QC' } }, 'es').footnote).toBe('* Exento del QST')
    expect(invoiceDocument({ ...bc, client: { ...bc.client, province: 'ON' } }, 'en').footnote).toBe('* Exempt from the provincial part of HST')
    // Alberta charges GST alone: nothing to be exempt from.
    const alberta = invoiceDocument({ ...bc, client: { ...bc.client, province: 'AB' } }, 'en')
    expect([alberta.footnote, ...alberta.lines.map((line) => line.mark)]).toEqual([null, null, null])
  })

  it('writes the business\'s address and phone under its name, in the document\'s language', () => {
    expect(invoiceDocument(invoice).issuer.address).toEqual(['12 rue Saint-Denis', 'Montréal QC H2X 3K8', 'Tél. 514-555-0142'])
    expect(invoiceDocument(invoice, 'en').issuer.address.at(-1)).toBe('Tel. 514-555-0142')
  })

  it('writes no address lines for a business that has not given its address, and only the parts it gave', () => {
    const none = { street: null, city: null, province: null, postal_code: null, phone: null }
    expect(invoiceDocument({ ...invoice, issuer: { ...invoice.issuer, address: none } }).issuer.address).toEqual([])
    const cityOnly = { ...none, city: 'Montréal', province: 'QC' as const }
    expect(invoiceDocument({ ...invoice, issuer: { ...invoice.issuer, address: cityOnly } }).issuer.address).toEqual(['Montréal QC'])
  })

  it('prints the QST number only on an invoice that charges QST', () => {
    const ontario = invoiceDocument({ ...invoice, client: { ...invoice.client, province: 'ON' }, taxes: [{ code: 'HST', label: 'hst', percent: '13', base_cents: 70000, amount_cents: 9100, registration_number: '123456789 RT0001' }] }, 'en')
    expect(ontario.issuer.registrations).toEqual(['GST/HST No. 123456789 RT0001'])
  })
})
