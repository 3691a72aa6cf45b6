import { DOCUMENT_LOGO_BOX, type InvoiceDocument } from '@rota/core'
import PDFDocument from 'pdfkit'

/**
 * The standard PDF fonts write Windows-1252: narrow no-break spaces (French money,
 * "1 234,50 $") become no-break spaces, which it has, rather than missing glyphs.
 */
const printable = (text: string) => text.replace(/\u202f/g, '\u00a0').replace(/[‐-―]/g, (dash) => (dash === '—' || dash === '–' ? dash : '-'))

const MARGIN = 50
const WIDTH = 612 - 2 * MARGIN
const COLUMNS = { quantity: 300, unitPrice: 380, amount: 470 }

/**
 * An invoice document as a PDF (US Letter, Helvetica): the same words and figures as the
 * web's preview, from the same {@link InvoiceDocument}, with the business's logo above its name
 * when it has one the PDF can carry (`documentLogo`). Not compressed, so its text can be
 * read back by a test (an invoice is a page or two: the size hardly matters).
 */
export function invoicePdf(document: InvoiceDocument, logo: Buffer | null = null): Promise<Buffer> {
  const pdf = new PDFDocument({ size: 'LETTER', margin: MARGIN, compress: false, info: { Title: `${document.title} ${document.number}`, Author: document.issuer.name }, lang: document.locale })
  const chunks: Buffer[] = []
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) => pdf.text(printable(value), x, y, options)

  let top = MARGIN
  if (logo) {
    // Fitted in the documents' logo box, its proportions kept, the name below the box.
    pdf.image(logo, MARGIN, MARGIN, { fit: [DOCUMENT_LOGO_BOX.width, DOCUMENT_LOGO_BOX.height] })
    top += DOCUMENT_LOGO_BOX.height + 8
  }
  pdf.font('Helvetica-Bold').fontSize(18)
  text(document.issuer.name, MARGIN, top, { width: WIDTH / 2 })
  pdf.font('Helvetica').fontSize(9)
  for (const line of document.issuer.registrations) text(line, MARGIN, pdf.y + 2, { width: WIDTH / 2 })
  const issuerBottom = pdf.y

  pdf.font('Helvetica-Bold').fontSize(20)
  text(`${document.title} ${document.number}`, MARGIN + WIDTH / 2, MARGIN, { width: WIDTH / 2, align: 'right' })
  pdf.font('Helvetica').fontSize(10)
  for (const fact of document.facts) text(`${fact.label}${document.colon}${fact.value}`, MARGIN + WIDTH / 2, pdf.y + 2, { width: WIDTH / 2, align: 'right' })
  if (document.stamp) {
    pdf.font('Helvetica-Bold').fontSize(12).fillColor('#b91c1c')
    text(document.stamp.toUpperCase(), MARGIN + WIDTH / 2, pdf.y + 4, { width: WIDTH / 2, align: 'right' })
    pdf.fillColor('black')
  }

  let y = Math.max(issuerBottom, pdf.y) + 24
  pdf.font('Helvetica-Bold').fontSize(10)
  text(document.billTo.label, MARGIN, y)
  pdf.font('Helvetica')
  for (const line of document.billTo.lines) text(line, MARGIN, pdf.y + 1)

  y = pdf.y + 24
  pdf.font('Helvetica-Bold').fontSize(9)
  text(document.columns.description, MARGIN, y, { width: COLUMNS.quantity - MARGIN - 8 })
  text(document.columns.quantity, COLUMNS.quantity, y, { width: 72, align: 'right' })
  text(document.columns.unitPrice, COLUMNS.unitPrice, y, { width: 82, align: 'right' })
  text(document.columns.amount, COLUMNS.amount, y, { width: MARGIN + WIDTH - COLUMNS.amount, align: 'right' })
  y = pdf.y + 4
  pdf.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).lineWidth(0.5).stroke()
  pdf.font('Helvetica').fontSize(9)
  for (const line of document.lines) {
    y += 6
    if (y > 700) {
      pdf.addPage()
      y = MARGIN
    }
    text(line.description, MARGIN, y, { width: COLUMNS.quantity - MARGIN - 8 })
    const bottom = pdf.y
    text(line.quantity, COLUMNS.quantity, y, { width: 72, align: 'right' })
    text(line.unitPrice, COLUMNS.unitPrice, y, { width: 82, align: 'right' })
    text(line.amount, COLUMNS.amount, y, { width: MARGIN + WIDTH - COLUMNS.amount, align: 'right' })
    y = Math.max(bottom, pdf.y)
  }
  y += 6
  pdf.moveTo(MARGIN, y).lineTo(MARGIN + WIDTH, y).stroke()

  y += 8
  for (const total of document.totals) {
    if (y > 720) {
      pdf.addPage()
      y = MARGIN
    }
    pdf.font(total.strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(total.strong ? 11 : 9)
    text(total.label, MARGIN + 120, y, { width: COLUMNS.amount - MARGIN - 128, align: 'right' })
    const bottom = pdf.y
    text(total.value, COLUMNS.amount, y, { width: MARGIN + WIDTH - COLUMNS.amount, align: 'right' })
    y = Math.max(bottom, pdf.y) + 4
  }

  pdf.fontSize(9)
  for (const block of [document.notes, document.terms]) {
    if (!block) continue
    pdf.font('Helvetica-Bold')
    text(block.label, MARGIN, y + 12)
    pdf.font('Helvetica')
    text(block.text, MARGIN, pdf.y + 2, { width: WIDTH })
    y = pdf.y
  }
  pdf.end()
  return done
}
