import { PDFDocument } from 'pdf-lib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchLogo, payslipPdf, pdfSafe } from './payslip-pdf.ts'
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

/** A 2 × 1 red PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4z8AARAAI/gH/xp559wAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00')
const images = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes).match(/\/Subtype \/Image/g)?.length ?? 0

afterEach(() => vi.unstubAllGlobals())

describe('payslipPdf', () => {
  it('draws the business\'s logo at its head when there is one it can carry', async () => {
    expect(images(await payslipPdf(text, PNG))).toBe(1)
    expect(images(await payslipPdf(text))).toBe(0)
    expect(images(await payslipPdf(text, GIF))).toBe(0)
  })

  it('fetches the logo from where the page shows it, and does without when it is missing or not PNG or JPEG', async () => {
    const answers: Record<string, () => Promise<Response>> = {
      '/api/v1/file/png': async () => new Response(PNG),
      '/api/v1/file/gif': async () => new Response(GIF),
      '/api/v1/file/gone': async () => new Response('Not found', { status: 404 }),
      '/api/v1/file/offline': () => Promise.reject(new TypeError('Failed to fetch')),
    }
    vi.stubGlobal('fetch', (url: string) => answers[url]!())
    expect(await fetchLogo('/api/v1/file/png')).toEqual(PNG)
    expect(await fetchLogo('/api/v1/file/gif')).toBeNull()
    expect(await fetchLogo('/api/v1/file/gone')).toBeNull()
    expect(await fetchLogo('/api/v1/file/offline')).toBeNull()
    expect(await fetchLogo(null)).toBeNull()
  })

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
