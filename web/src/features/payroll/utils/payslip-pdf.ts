import { documentLogoFormat, fitDocumentLogo } from '@rota/core'
import type { PayslipText } from './payslip-rows.ts'

/**
 * Text as the PDF's standard fonts can write it (Windows-1252): the minus sign becomes a
 * hyphen, narrow and other spaces plain spaces; anything else they lack, a question mark.
 */
export function pdfSafe(text: string): string {
  return text
    .replace(/\u2212/g, '-')
    .replace(/[\u2000-\u200b\u202f\u205f]/g, ' ')
    .replace(/[^\u0000-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]/g, '?')
}

/**
 * The business's logo as the PDF can carry it: its bytes from the address the page shows it
 * at, or null when there is none, it cannot be fetched, or it is neither PNG nor JPEG (the
 * payslip then has the name alone, as without a logo).
 * @example
 * const logo = await fetchLogo(imageSrc(slip.business.logo, 96))
 */
export async function fetchLogo(url: string | null): Promise<Uint8Array | null> {
  if (!url) return null
  try {
    const response = await fetch(url)
    if (!response.ok) return null
    const bytes = new Uint8Array(await response.arrayBuffer())
    return documentLogoFormat(bytes) ? bytes : null
  } catch {
    return null
  }
}

/**
 * A payslip as a PDF file (US Letter, Helvetica), from the same words the page shows, with the
 * business's logo at its head when it has one in PNG or JPEG. pdf-lib is loaded only when
 * someone asks for a PDF, so the app's pages never carry it.
 * @example
 * const bytes = await payslipPdf(payslipText(slip, t, 'fr'), await fetchLogo(logoUrl))
 */
export async function payslipPdf(text: PayslipText, logo: Uint8Array | null = null): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib')
  const document = await PDFDocument.create()
  document.setTitle(pdfSafe(`${text.title} — ${text.person} — ${text.period}`))
  document.setProducer('Rota')
  const regular = await document.embedFont(StandardFonts.Helvetica)
  const bold = await document.embedFont(StandardFonts.HelveticaBold)
  const [width, height] = [612, 792]
  const margin = 56
  let page = document.addPage([width, height])
  let y = height - margin
  const grey = rgb(0.35, 0.38, 0.45)
  const write = (value: string, x: number, size: number, font = regular, colour = rgb(0.06, 0.09, 0.16)) => page.drawText(pdfSafe(value), { x, y, size, font, color: colour })
  const right = (value: string, size: number, font = regular) => write(value, width - margin - font.widthOfTextAtSize(pdfSafe(value), size), size, font)
  const rule = () => page.drawLine({ start: { x: margin, y: y + 6 }, end: { x: width - margin, y: y + 6 }, thickness: 0.5, color: rgb(0.85, 0.87, 0.9) })
  const next = (gap: number) => {
    y -= gap
    if (y < margin + 40) {
      page = document.addPage([width, height])
      y = height - margin
    }
  }

  const format = logo ? documentLogoFormat(logo) : null
  let indent = margin
  if (logo && format) {
    const image = format === 'png' ? await document.embedPng(logo) : await document.embedJpg(logo)
    const size = fitDocumentLogo(image.width, image.height)
    page.drawImage(image, { x: margin, y: y + 12 - size.height, width: size.width, height: size.height })
    indent = margin + size.width + 12
  }
  write(text.business, indent, 16, bold)
  right(text.number, 10)
  next(16)
  write(text.title, indent, 10, regular, grey)
  right(text.period, 10)
  next(32)
  write(text.person, margin, 12, bold)
  next(14)
  write(text.email, margin, 10, regular, grey)
  next(28)
  write(text.heading.line, margin, 9, regular, grey)
  right(text.heading.amount, 9)
  next(18)
  for (const line of text.lines) {
    rule()
    write(line.label.length > 80 ? `${line.label.slice(0, 79)}…` : line.label, margin, 10)
    right(line.amount, 10)
    next(18)
  }
  next(6)
  for (const total of text.totals) {
    const font = total.key === 'net' ? bold : regular
    write(total.label, margin, total.key === 'net' ? 12 : 10, font)
    right(total.amount, total.key === 'net' ? 12 : 10, font)
    next(total.key === 'net' ? 22 : 16)
  }
  next(12)
  write(text.note, margin, 8, regular, grey)
  return document.save()
}
