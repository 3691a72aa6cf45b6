import { PDFDocument } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { payslipPdf, pdfSafe } from './payslip-pdf.ts'
import type { PayslipText } from './payslip-rows.ts'

const text: PayslipText = {
  business: 'Érable Ménage',
  title: 'Bulletin de paie',
  number: 'Paie 4',
  period: '2 mars 2026 – 15 mars 2026',
  person: 'Théo Roy',
  email: 'theo@maple.test',
  heading: { line: 'Ligne', amount: 'Montant' },
  lines: Array.from({ length: 40 }, (_, i) => ({ id: String(i), label: `Heures normales · 44,00 h à 25,50 $ (${i})`, amount: '1\u202f122,00\u00a0$' })),
  totals: [
    { key: 'gross', label: 'Brut', amount: '1 405,56 $' },
    { key: 'reimbursements', label: 'Remboursements', amount: '45,20 $' },
    { key: 'deductions', label: 'Retenues', amount: '\u2212 15,00 $' },
    { key: 'net', label: 'Net', amount: '1 435,76 $' },
  ],
  note: 'Avant les retenues obligatoires (RPC/RRQ, AE, impôt).',
}

describe('payslipPdf', () => {
  it('writes a PDF a reader opens, on as many pages as its lines need, titled with the person and period', async () => {
    const bytes = await payslipPdf(text)
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    const read = await PDFDocument.load(bytes)
    expect(read.getPageCount()).toBe(2)
    expect(read.getTitle()).toBe('Bulletin de paie — Théo Roy — 2 mars 2026 – 15 mars 2026')
  })

  it('keeps accents and dashes the standard fonts have, and replaces what they lack', () => {
    expect(pdfSafe('Théo · 1\u202f122,00\u00a0$ \u2212 15 – ok')).toBe('Théo · 1 122,00\u00a0$ - 15 – ok')
    expect(pdfSafe('日本')).toBe('??')
  })
})
