import { DOCUMENT_LOGO_BOX, fontSafeText, keepComposed, type InvoiceDocument } from '@rota/core'
import { create, type Font } from 'fontkit'
import { readFileSync } from 'node:fs'
import PDFDocument from 'pdfkit'
import { documentFonts } from '../paths.ts'

let fonts: { regular: Font; bold: Font; canDraw: (codePoint: number) => boolean } | undefined
/**
 * The documents' font in both weights, and what both can draw: opened on the first invoice
 * and kept (the standard PDF fonts write Windows-1252 only, so a name in Polish or
 * Vietnamese, or with an emoji, came out as garbled bytes).
 */
function documentFont() {
  if (!fonts) {
    const open = (path: string) => keepComposed(create(readFileSync(path)) as Font)
    const [regular, bold] = [open(documentFonts.regular), open(documentFonts.bold)]
    const inBold = new Set(bold.characterSet)
    const drawable = new Set(regular.characterSet.filter((codePoint) => inBold.has(codePoint)))
    fonts = { regular, bold, canDraw: (codePoint) => drawable.has(codePoint) }
  }
  return fonts
}

const MARGIN = 50
const WIDTH = 612 - 2 * MARGIN
const COLUMNS = { quantity: 300, unitPrice: 380, amount: 470 }

/**
 * An invoice document as a PDF (US Letter, Noto Sans): the same words and figures as the
 * web's preview, from the same {@link InvoiceDocument}, with the business's logo above its name
 * when it has one the PDF can carry (`documentLogo`) and its address below. The font is embedded as the subset of
 * letters the invoice uses; what it cannot draw follows {@link fontSafeText}, as on the payslip.
 * Not compressed, so its text can be read back by a test (an invoice is a page or two).
 */
export function invoicePdf(document: InvoiceDocument, logo: Buffer | null = null): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'LETTER', margin: MARGIN, compress: false, info: { Title: `${document.title} ${document.number}`, Author: document.issuer.name }, lang: document.locale })
  const chunks: Buffer[] = []
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })
  const font = documentFont()
  // pdfkit takes a font fontkit has opened (its types know only bytes and paths).
  pdf.registerFont('regular', font.regular as unknown as Buffer)
  pdf.registerFont('bold', font.bold as unknown as Buffer)
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    pdf.text(fontSafeText(value, font.canDraw), x, y, options)

  let top = MARGIN
  if (logo) {
    // Fitted in the documents' logo box, its proportions kept, the name below the box.
    pdf.image(logo, MARGIN, MARGIN, { fit: [DOCUMENT_LOGO_BOX.width, DOCUMENT_LOGO_BOX.height] })
    top += DOCUMENT_LOGO_BOX.height + 8
  }
  pdf.font('bold').fontSize(18)
  text(document.issuer.name, MARGIN, top, { width: WIDTH / 2 })
  pdf.font('regular').fontSize(9)
  for (const line of document.issuer.address) text(line, MARGIN, pdf.y + 2, { width: WIDTH / 2 })
  for (const line of document.issuer.registrations) text(line, MARGIN, pdf.y + 2, { width: WIDTH / 2 })
  const issuerBottom = pdf.y

  pdf.font('bold').fontSize(20)
  text(`${document.title} ${document.number}`, MARGIN + WIDTH / 2, MARGIN, { width: WIDTH / 2, align: 'right' })
  pdf.font('regular').fontSize(10)
  for (const fact of document.facts) text(`${fact.label}${document.colon}${fact.value}`, MARGIN + WIDTH / 2, pdf.y + 2, { width: WIDTH / 2, align: 'right' })
  if (document.stamp) {
    pdf.font('bold').fontSize(12).fillColor('#b91c1c')
    text(document.stamp.toUpperCase(), MARGIN + WIDTH / 2, pdf.y + 4, { width: WIDTH / 2, align: 'right' })
    pdf.fillColor('black')
  }

  let y = Math.max(issuerBottom, pdf.y) + 24
  pdf.font('bold').fontSize(10)
  text(document.billTo.label, MARGIN, y)
  pdf.font('regular')
  for (const line of document.billTo.lines) text(line, MARGIN, pdf.y + 1)

  y = pdf.y + 24
  pdf.font('bold').fontSize(9)
  text(document.columns.description, MARGIN, y, { width: COLUMNS.quantity - MARGIN - 8 })
  text(document.columns.quantity, COLUMNS.quantity, y, { width: 72, align: 'right' })
  text(document.columns.unitPrice, COLUMNS.unitPrice, y, { width: 82, align: 'right' })
  text(document.columns.amount, COLUMNS.amount, y, { width: MARGIN + WIDTH - COLUMNS.amount, align: 'right' })
  y = pdf.y + 4
  pdf.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).lineWidth(0.5).stroke()
  pdf.font('regular').fontSize(9)
  for (const line of document.lines) {
    y += 6
    if (y > 700) {
      pdf.addPage()
      y = MARGIN
    }
    text(line.mark ? `${line.description} ${line.mark}` : line.description, MARGIN, y, { width: COLUMNS.quantity - MARGIN - 8 })
    const bottom = pdf.y
    text(line.quantity, COLUMNS.quantity, y, { width: 72, align: 'right' })
    text(line.unitPrice, COLUMNS.unitPrice, y, { width: 82, align: 'right' })
    text(line.amount, COLUMNS.amount, y, { width: MARGIN + WIDTH - COLUMNS.amount, align: 'right' })
    y = Math.max(bottom, pdf.y)
  }
  y += 6
  pdf.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).stroke()
  if (document.footnote) {
    pdf.fontSize(8)
    text(document.footnote, MARGIN, y + 4, { width: WIDTH })
    y = pdf.y
  }

  y += 8
  for (const total of document.totals) {
    if (y > 720) {
      pdf.addPage()
      y = MARGIN
    }
    pdf.font(total.strong ? 'bold' : 'regular').fontSize(total.strong ? 11 : 9)
    text(total.label, MARGIN + 120, y, { width: COLUMNS.amount - MARGIN - 128, align: 'right' })
    const bottom = pdf.y
    text(total.value, COLUMNS.amount, y, { width: MARGIN + WIDTH - COLUMNS.amount, align: 'right' })
    y = Math.max(bottom, pdf.y) + 4
  }

  pdf.fontSize(9)
  for (const block of [document.notes, document.terms]) {
    if (!block) continue
    pdf.font('bold')
    text(block.label, MARGIN, y + 12)
    pdf.font('regular')
    text(block.text, MARGIN, pdf.y + 2, { width: WIDTH })
    y = pdf.y
  }
  pdf.end()
  return done
}
