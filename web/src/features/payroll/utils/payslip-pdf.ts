import { documentLogoFormat, fitDocumentLogo, fontSafeText } from '@rota/core'
import boldUrl from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf?url'
import regularUrl from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?url'
import type { PayslipText } from './payslip-rows.ts'

let fonts: Promise<[Uint8Array, Uint8Array]> | null = null
/**
 * The documents' font (Noto Sans, as on the server's invoices) in both weights, fetched from
 * the app's assets on the first PDF and kept; fetched again next time if it failed.
 */
function fontBytes(): Promise<[Uint8Array, Uint8Array]> {
  const bytes = async (url: string) => {
    const response = await fetch(url)
    if (!response.ok) throw new Error(`The PDF's font did not load (${response.status})`)
    return new Uint8Array(await response.arrayBuffer())
  }
  fonts ??= Promise.all([bytes(regularUrl), bytes(boldUrl)]).catch((error: unknown) => {
    fonts = null
    throw error
  })
  return fonts
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
 * A payslip as a PDF file (US Letter, Noto Sans), from the same words the page shows, with the
 * business's logo at its head when it has one in PNG or JPEG. pdf-lib, its font engine and the
 * font are loaded only when someone asks for a PDF, so the app's pages never carry them. The
 * font is embedded as the subset of letters the payslip uses; what it cannot draw follows
 * {@link fontSafeText}, as on the invoice.
 * @example
 * const bytes = await payslipPdf(payslipText(slip, t, 'fr'), await fetchLogo(logoUrl))
 */
export async function payslipPdf(text: PayslipText, logo: Uint8Array | null = null): Promise<Uint8Array> {
  const [{ PDFDocument, rgb }, { fontkit }, [regularBytes, boldBytes]] = await Promise.all([import('pdf-lib'), import('./pdf-fontkit.ts'), fontBytes()])
  const document = await PDFDocument.create()
  document.setTitle(`${text.title} — ${text.person} — ${text.period}`)
  document.setProducer('Rota')
  document.registerFontkit(fontkit)
  const regular = await document.embedFont(regularBytes, { subset: true })
  const bold = await document.embedFont(boldBytes, { subset: true })
  const inBold = new Set(bold.getCharacterSet())
  const drawable = new Set(regular.getCharacterSet().filter((codePoint) => inBold.has(codePoint)))
  const safe = (value: string) => fontSafeText(value, (codePoint) => drawable.has(codePoint))
  const [width, height] = [612, 792]
  const margin = 56
  let page = document.addPage([width, height])
  let y = height - margin
  const grey = rgb(0.35, 0.38, 0.45)
  const write = (value: string, x: number, size: number, font = regular, colour = rgb(0.06, 0.09, 0.16)) => page.drawText(safe(value), { x, y, size, font, color: colour })
  const right = (value: string, size: number, font = regular) => write(value, width - margin - font.widthOfTextAtSize(safe(value), size), size, font)
  // Above a line of 10 pt text drawn 18 pt under the last: clear of its accents (9.3 pt up) and the last one's descenders (2.4 pt down).
  const rule = () => page.drawLine({ start: { x: margin, y: y + 12.5 }, end: { x: width - margin, y: y + 12.5 }, thickness: 0.5, color: rgb(0.85, 0.87, 0.9) })
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
  for (const line of text.employer) {
    next(13)
    write(line, indent, 9, regular, grey)
  }
  next(32)
  write(text.person, margin, 12, bold)
  next(14)
  write(text.email, margin, 10, regular, grey)
  next(28)
  write(text.heading.line, margin, 9, regular, grey)
  right(text.heading.amount, 9)
  next(18)
  // A label too long for its line (a holiday's name in French) goes on over the next ones, never cut.
  const wrapped = (value: string, room: number) => {
    const lines: string[] = []
    let current = ''
    for (const word of safe(value).split(' ')) {
      const longer = current ? `${current} ${word}` : word
      if (current && regular.widthOfTextAtSize(longer, 10) > room) {
        lines.push(current)
        current = word
      } else current = longer
    }
    return [...lines, current]
  }
  for (const line of text.lines) {
    rule()
    const [first, ...rest] = wrapped(line.label, width - 2 * margin - regular.widthOfTextAtSize(safe(line.amount), 10) - 16)
    write(first!, margin, 10)
    right(line.amount, 10)
    for (const more of rest) {
      next(13)
      write(more, margin, 10)
    }
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
