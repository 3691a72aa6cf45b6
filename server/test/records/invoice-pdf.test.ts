import { invoiceDocument, type DocumentSource } from '@rota/core'
import { describe, expect, it } from 'vitest'
import { invoicePdf } from '../../src/records/invoice-pdf.ts'
import { embeddedGlyphs, shownText } from '@rota/core/testing/pdf-text'

/** An invoice whose names come from anywhere: Polish, Vietnamese, Greek, Cyrillic, Chinese, and emoji. */
const invoice: DocumentSource = {
  number: 'INV-000042',
  status: 'sent',
  issuer: {
    name: 'Ménage Étoile 🧹 Cleaning',
    logo: null,
    address: { street: '12 rue Saint-Denis', city: 'Montréal', province: 'QC', postal_code: 'H2X 3K8', phone: '514-555-0142' },
    gst_hst_number: '123456789 RT0001',
    qst_number: null,
    locale: 'en',
  },
  client: { id: '00000000-0000-4000-8000-000000000001', name: 'Łukasz Wróbel — Nguyễn Thị Phước', contact_person: '王小明', email: 'lw@example.com', street: '1 Main St', city: 'Montréal', province: 'QC', postal_code: 'H2X 1Y4' },
  issue_date: '2026-03-09',
  due_date: '2026-04-08',
  period_from: '2026-03-01',
  period_to: '2026-03-07',
  lines: [
    { kind: 'hours', service_id: null, description: 'Entretien ménager', minutes: 750, quantity: '12.5', unit_price_cents: 6000, amount_cents: 75000, provincial_exempt: false },
    { kind: 'item', service_id: null, description: 'Supplies 🧽 Ελένη’s kit, Жанна', minutes: null, quantity: '1', unit_price_cents: 4000, amount_cents: 4000, provincial_exempt: false },
  ],
  subtotal_cents: 79000,
  discount_cents: 0,
  taxes: [{ code: 'HST', label: 'hst', percent: '13', base_cents: 79000, amount_cents: 10270, registration_number: null }],
  total_cents: 89270,
  paid_cents: 0,
  balance_cents: 89270,
  notes: 'Merci! 🙏\nCảm ơn — 1 234,50 € ‘net’',
  terms: 'Net 30',
}

describe('the invoice PDF', () => {
  it('prints names in any Latin, Greek, Cyrillic or Vietnamese letters as they are written, in regular and bold', async () => {
    const shown = await shownText(await invoicePdf(invoiceDocument(invoice, 'en')))
    expect(shown).toContain('Łukasz Wróbel — Nguyễn Thị Phước')
    expect(shown).toContain('Supplies Ελένη’s kit, Жанна')
    expect(shown).toContain('Cảm ơn — 1 234,50 € ‘net’')
    expect(shown).toContain('Montréal QC H2X 1Y4')
    expect(shown.join('\n')).not.toMatch(/[\u0000?]/)
  })

  it('prints the business\'s address and phone under its name, above its registration number', async () => {
    const shown = await shownText(await invoicePdf(invoiceDocument(invoice, 'fr')))
    const at = (line: string) => shown.indexOf(line)
    expect(at('12 rue Saint-Denis')).toBeGreaterThan(at('Ménage Étoile Cleaning'))
    expect(at('Montréal QC H2X 3K8')).toBeGreaterThan(at('12 rue Saint-Denis'))
    expect(at('Tél. 514-555-0142')).toBeGreaterThan(at('Montréal QC H2X 3K8'))
    expect(at('No de TPS/TVH 123456789 RT0001')).toBeGreaterThan(at('Tél. 514-555-0142'))
  })

  it('leaves out the emoji its font cannot draw, and puts one visible mark for a run of other letters it lacks', async () => {
    const shown = await shownText(await invoicePdf(invoiceDocument(invoice, 'en')))
    expect(shown).toContain('Ménage Étoile Cleaning')
    expect(shown).toContain('Merci!')
    expect(shown).toContain('\ufffd')
    expect(shown).not.toContain('王小明')
  })

  it('embeds a subset of its font that draws every letter it uses, so a page of names weighs tens of kilobytes, not the whole font', async () => {
    const pdf = await invoicePdf(invoiceDocument(invoice, 'fr'))
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Bold\b/)
    expect(pdf.length).toBeLessThan(120_000)
    const glyphs = await embeddedGlyphs(pdf)
    expect(glyphs.map((glyph) => glyph.text).join('')).toContain('ễ')
    expect(glyphs.filter((glyph) => !glyph.drawn)).toEqual([])
    expect(await shownText(pdf)).toContain('Facture INV-000042')
  })
})
