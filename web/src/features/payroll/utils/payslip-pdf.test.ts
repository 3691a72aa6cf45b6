import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { PDFDocument } from 'pdf-lib'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { embeddedGlyphs, shownText, textAndRules } from '@rota/core/testing/pdf-text'
import { fetchLogo, payslipPdf } from './payslip-pdf.ts'
import type { PayslipText } from './payslip-rows.ts'

const text: PayslipText = {
  business: 'Érable Ménage',
  employer: [],
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

/** A payslip whose names come from anywhere: Polish, Vietnamese, Greek, Cyrillic, Chinese, and emoji. */
const world: PayslipText = {
  ...text,
  business: 'Ménage Étoile 🧹 Cleaning',
  person: 'Łucja Nguyễn Thị Phương (王小明)',
  lines: [
    { id: '1', label: 'Heures normales · 44,00 h à 25,50 $', amount: '1\u202f122,00\u00a0$' },
    { id: '2', label: 'Remboursement · Ελένη’s € taxi 🚕 — Жанна', amount: '45,20\u00a0$' },
  ],
  totals: [{ key: 'deductions', label: 'Retenues', amount: '\u2212 15,00\u00a0$' }],
}

/** A 2 × 1 red PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4z8AARAAI/gH/xp559wAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00')
const images = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes).match(/\/Subtype \/Image/g)?.length ?? 0

/** The fonts the PDF fetches, served from the package the build takes them from. */
const fontFile = (url: string) => createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans/${url.split('/noto-sans/')[1]?.split('?')[0]}`)
const serveFonts = (others: (url: string) => Promise<Response> = () => Promise.reject(new TypeError('Failed to fetch'))) =>
  vi.stubGlobal('fetch', async (url: string) => (String(url).endsWith('.ttf') ? new Response(await readFile(fontFile(String(url)))) : others(String(url))))

beforeEach(() => serveFonts())
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
    serveFonts((url) => answers[url]!())
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

  it('names the employer’s address under its name, as a wage statement must', async () => {
    const shown = await shownText(await payslipPdf({ ...text, employer: ['1200 Burrard St', 'Vancouver BC V6Z 2C7', 'Tél. 604-555-0199'] }))
    const name = shown.indexOf('Érable Ménage')
    expect(shown.slice(name, name + 6)).toEqual(['Érable Ménage', 'Paie 4', 'Bulletin de paie', '2 mars 2026 – 15 mars 2026', '1200 Burrard St', 'Vancouver BC V6Z 2C7'])
    expect(shown).toContain('Tél. 604-555-0199')
    expect(await shownText(await payslipPdf(text))).not.toContain('1200 Burrard St')
  })

  it('carries a label too long for its line over the next, whole, never cut', async () => {
    const long = 'Indemnité de jour férié · Journée nationale de la vérité et de la réconciliation, 30 sept. 2026'
    const lines = [{ id: 'h', label: long, amount: '191,11\u00a0$' }, ...text.lines.slice(0, 3)]
    const bytes = await payslipPdf({ ...text, lines })
    const shown = (await shownText(bytes)).join(' ')
    expect(shown).toContain('réconciliation, 30 sept. 2026')
    expect(shown).not.toContain('…')
    const pages = await textAndRules(bytes)
    for (const { texts, rules } of pages) {
      for (const rule of rules) expect(texts.filter((line) => rule > line.y - 0.24 * line.size - 0.5 && rule < line.y + 0.93 * line.size + 0.5)).toEqual([])
    }
  })

  it('rules its lines between them, clear of the accents above and the descenders below', async () => {
    const pages = await textAndRules(await payslipPdf(text))
    expect(pages.flatMap((page) => page.rules)).toHaveLength(text.lines.length)
    for (const { texts, rules } of pages) {
      for (const rule of rules) {
        // Noto Sans: "É" reaches 0.93 of the size above the baseline, "g" and "p" 0.24 below it; a hair's gap besides.
        const crossed = texts.filter((line) => rule > line.y - 0.24 * line.size - 0.5 && rule < line.y + 0.93 * line.size + 0.5)
        expect(crossed, `the rule at ${rule}`).toEqual([])
      }
    }
  })

  it('prints names in any Latin, Greek, Cyrillic or Vietnamese letters as they are written, in regular and bold', async () => {
    const shown = await shownText(await payslipPdf(world))
    expect(shown).toContain('Remboursement · Ελένη’s € taxi — Жанна')
    expect(shown).toContain('1\u202f122,00\u00a0$')
    expect(shown).toContain('\u2212 15,00\u00a0$')
    expect(shown.join('\n')).not.toMatch(/[\u0000?]/)
  })

  it('leaves out the emoji its font cannot draw, and puts one visible mark for a run of other letters it lacks', async () => {
    const shown = await shownText(await payslipPdf(world))
    expect(shown).toContain('Ménage Étoile Cleaning')
    expect(shown).toContain('Łucja Nguyễn Thị Phương (\ufffd)')
    const read = await PDFDocument.load(await payslipPdf(world))
    expect(read.getTitle()).toBe('Bulletin de paie — Łucja Nguyễn Thị Phương (王小明) — 2 mars 2026 – 15 mars 2026')
  })

  it('fetches its font again on the next PDF when it did not come', async () => {
    vi.resetModules()
    const fresh = await import('./payslip-pdf.ts')
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    await expect(fresh.payslipPdf(world)).rejects.toThrow('Failed to fetch')
    serveFonts()
    expect(await shownText(await fresh.payslipPdf(world))).toContain('Ménage Étoile Cleaning')
  })

  it('embeds a subset of its font that draws every letter it uses, so a payslip weighs tens of kilobytes, not the whole font', async () => {
    const bytes = await payslipPdf(world)
    expect(bytes.length).toBeLessThan(120_000)
    const glyphs = await embeddedGlyphs(bytes)
    expect(glyphs.map((glyph) => glyph.text).join('')).toContain('ễ')
    expect(glyphs.filter((glyph) => !glyph.drawn)).toEqual([])
  })
})
