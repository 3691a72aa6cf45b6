import type { Font } from 'fontkit'
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream, type PDFRef } from 'pdf-lib'

/*
 * Reading back the PDFs Rota writes, for tests only (`@rota/core/testing/pdf-text`):
 * the server's invoices (pdfkit) and the web app's payslips (pdf-lib), in unit and
 * browser tests alike. Nothing of the product imports it.
 */

/**
 * The text each `<hex> Tj` or `[<hex> kerning <hex>] TJ` of the PDF shows, page by page
 * (pdf-lib's payslips and pdfkit's invoices alike), read through its font: an
 * embedded font's glyphs through the Unicode map (ToUnicode) the PDF carries for it, a
 * standard font's bytes as Windows-1252. Composed (NFC): the font draws some accented
 * letters as a letter and a mark ("ị" as "i" and a dot below), which read back apart.
 */
export async function shownText(bytes: Uint8Array): Promise<string[]> {
  const read = await PDFDocument.load(bytes)
  const latin1 = new TextDecoder('latin1')
  const stream = (value: unknown) => latin1.decode(decodePDFRawStream(read.context.lookup(value as PDFRef) as PDFRawStream).decode())
  const shown: string[] = []
  for (const page of read.getPages()) {
    const fonts = new Map<string, Map<number, string> | null>()
    for (const [name, ref] of page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict).entries()) {
      const toUnicode = read.context.lookup(ref, PDFDict).get(PDFName.of('ToUnicode'))
      fonts.set(name.decodeText(), toUnicode ? unicodeMap(stream(toUnicode)) : null)
    }
    const contents = page.node.Contents()!
    let font: Map<number, string> | null = null
    for (const part of contents instanceof PDFArray ? contents.asArray() : [page.node.get(PDFName.of('Contents'))]) {
      for (const [, name, array, single] of stream(part).matchAll(/\/(\S+)\s+[\d.]+\s+Tf|\[((?:<[0-9a-fA-F\s]*>|\s|-?\d+(?:\.\d+)?)*)\]\s*TJ|<([0-9a-fA-F\s]*)>\s*Tj/g)) {
        if (name !== undefined) {
          font = fonts.get(name) ?? null
          continue
        }
        // pdfkit writes a kerned line as [<hex> kerning <hex>] TJ, pdf-lib one <hex> Tj.
        const hex = (array !== undefined ? [...array.matchAll(/<([0-9a-fA-F\s]*)>/g)].map((piece) => piece[1]!).join('') : single!).replace(/\s/g, '')
        shown.push(font ? (hex.match(/.{4}/g) ?? []).map((code) => font!.get(parseInt(code, 16)) ?? '\u0000').join('') : new TextDecoder('windows-1252').decode(Uint8Array.from(hex.match(/../g) ?? [], (byte) => parseInt(byte, 16))))
      }
    }
  }
  return shown.map((line) => line.normalize('NFC'))
}

/** A ToUnicode CMap as glyph code → text: its `bfchar` entries (pdf-lib writes these) and `bfrange` ones (pdfkit's). */
function unicodeMap(cmap: string): Map<number, string> {
  const utf16 = (hex: string) => String.fromCharCode(...(hex.replace(/\s/g, '').match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)))
  const map = new Map<number, string>()
  for (const [, block] of cmap.matchAll(/beginbfchar([^]*?)endbfchar/g)) {
    for (const [, code, value] of block!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]*)>/g)) map.set(parseInt(code!, 16), utf16(value!))
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([^]*?)endbfrange/g)) {
    for (const [, low, high, list, first] of block!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:\[([^\]]*)\]|<([0-9a-fA-F\s]*)>)/g)) {
      const from = parseInt(low!, 16)
      const values = list !== undefined ? [...list.matchAll(/<([0-9a-fA-F\s]*)>/g)].map((value) => utf16(value[1]!)) : null
      for (let code = from; code <= parseInt(high!, 16); code++) map.set(code, values ? values[code - from]! : String.fromCodePoint(utf16(first!).codePointAt(0)! + code - from))
    }
  }
  return map
}

/**
 * Each glyph the PDF's embedded fonts carry, with the text it stands for and whether it has an
 * outline to draw: a broken subset keeps the text (copied or searched, the PDF reads right)
 * while its letters print blank, which only this tells.
 */
export async function embeddedGlyphs(bytes: Uint8Array): Promise<{ text: string; drawn: boolean }[]> {
  const { create } = await import('fontkit')
  const read = await PDFDocument.load(bytes)
  const latin1 = new TextDecoder('latin1')
  const decoded = (value: unknown) => decodePDFRawStream(read.context.lookup(value as PDFRef) as PDFRawStream).decode()
  const glyphs: { text: string; drawn: boolean }[] = []
  for (const [, ref] of read.getPages()[0]!.node.Resources()!.lookup(PDFName.of('Font'), PDFDict).entries()) {
    const dict = read.context.lookup(ref, PDFDict)
    const descendant = read.context.lookup(dict.lookup(PDFName.of('DescendantFonts'), PDFArray).get(0), PDFDict)
    const file = descendant.lookup(PDFName.of('FontDescriptor'), PDFDict).get(PDFName.of('FontFile2'))
    const font = create(decoded(file) as Buffer) as Font
    for (const [code, text] of unicodeMap(latin1.decode(decoded(dict.get(PDFName.of('ToUnicode')))))) {
      if (text.trim()) glyphs.push({ text, drawn: font.getGlyph(code).path.commands.length > 0 })
    }
  }
  return glyphs
}

/**
 * Where pdf-lib put each line of text (its baseline and size) and each horizontal rule, page by
 * page: enough to tell whether a rule crosses the letters above or below it.
 */
export async function textAndRules(bytes: Uint8Array): Promise<{ texts: { y: number; size: number }[]; rules: number[] }[]> {
  const read = await PDFDocument.load(bytes)
  const latin1 = new TextDecoder('latin1')
  return read.getPages().map((page) => {
    const contents = page.node.Contents()!
    const parts = contents instanceof PDFArray ? contents.asArray() : [page.node.get(PDFName.of('Contents'))]
    const source = parts.map((part) => latin1.decode(decodePDFRawStream(read.context.lookup(part as PDFRef) as PDFRawStream).decode())).join('\n')
    return {
      texts: [...source.matchAll(/\s([\d.]+)\s+Tf[^]*?1 0 0 1 [\d.-]+ ([\d.-]+) Tm/g)].map(([, size, y]) => ({ y: Number(y), size: Number(size) })),
      rules: [...source.matchAll(/[\d.-]+ ([\d.-]+) m\s+[\d.-]+ ([\d.-]+) l/g)].filter(([, from, to]) => from === to).map(([, y]) => Number(y)),
    }
  })
}
