/** The image formats a PDF carries as they are (PNG, and JPEG through the DCT filter). */
export type DocumentLogoFormat = 'png' | 'jpeg'

/**
 * Whether a business's logo can go on a PDF document (an invoice, a payslip), by its first
 * bytes: PNG and JPEG can; GIF, WebP or anything else cannot without re-encoding, and the
 * document then shows the business's name alone, as it does without a logo.
 * @example
 * documentLogoFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) // 'png'
 * documentLogoFormat(new TextEncoder().encode('GIF89a'))                              // null
 */
export function documentLogoFormat(bytes: Uint8Array): DocumentLogoFormat | null {
  const starts = (...signature: number[]) => bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte)
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png'
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg'
  return null
}

/** The box a logo is drawn in at the head of a document, in PDF points (72 to the inch). */
export const DOCUMENT_LOGO_BOX = { width: 120, height: 48 } as const

/**
 * A logo's drawn size: as large as fits the document's logo box, its proportions kept.
 * @example
 * fitDocumentLogo(400, 100) // { width: 120, height: 30 }
 * fitDocumentLogo(50, 100)  // { width: 24, height: 48 }
 */
export function fitDocumentLogo(width: number, height: number, box: { width: number; height: number } = DOCUMENT_LOGO_BOX): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 }
  const scale = Math.min(box.width / width, box.height / height)
  return { width: width * scale, height: height * scale }
}
