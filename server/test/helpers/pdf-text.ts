import { create, type Font } from 'fontkit'
import { inflateSync } from 'node:zlib'

/**
 * The text a PDF shows, one string per text operation (`[<hex> kerning <hex>] TJ` or
 * `<hex> Tj`), page by page: what a person reading it sees, enough for a test to check the
 * words and figures. Each operation is read through its font: an embedded font's glyphs
 * through the Unicode map (ToUnicode) the PDF carries for it, a standard font's bytes as
 * Windows-1252. Streams may be plain or deflated. Composed (NFC): the font draws some
 * accented letters as a letter and a mark ("ị" as "i" and a dot below), which read back apart.
 */
export function pdfText(pdf: Buffer): string[] {
  const objects = pdfObjects(pdf)
  const fonts = new Map<string, Map<number, string> | null>()
  for (const { dict } of objects.values()) {
    for (const [, name, id] of dict.match(/\/Font\s*<<([^>]*)>>/)?.[1]?.matchAll(/\/(\S+)\s+(\d+) 0 R/g) ?? []) {
      const cmap = objects.get(Number(id))?.dict.match(/\/ToUnicode (\d+) 0 R/)?.[1]
      fonts.set(name!, cmap ? unicodeMap(objects.get(Number(cmap))!.stream!.toString('latin1')) : null)
    }
  }
  const kids = [...objects.values()].find(({ dict }) => /\/Type \/Pages\b/.test(dict))?.dict.match(/\/Kids \[([^\]]*)\]/)?.[1] ?? ''
  const contents = [...kids.matchAll(/(\d+) 0 R/g)].map(([, page]) => Number(objects.get(Number(page))!.dict.match(/\/Contents (\d+) 0 R/)![1]))
  const windows1252 = new TextDecoder('windows-1252')
  const shown: string[] = []
  for (const content of contents) {
    let font: Map<number, string> | null = null
    for (const match of objects.get(content)!.stream!.toString('latin1').matchAll(/\/(\S+)\s+[\d.]+\s+Tf|\[((?:<[0-9a-fA-F\s]*>|\s|-?\d+(?:\.\d+)?)*)\]\s*TJ|<([0-9a-fA-F\s]*)>\s*Tj/g)) {
      if (match[1] !== undefined) {
        font = fonts.get(match[1]) ?? null
        continue
      }
      const hexes = match[2] !== undefined ? [...match[2].matchAll(/<([0-9a-fA-F\s]*)>/g)].map((part) => part[1]!) : [match[3]!]
      const bytes = Buffer.from(hexes.join('').replace(/\s/g, ''), 'hex')
      shown.push(font ? Array.from({ length: bytes.length / 2 }, (_, i) => font!.get(bytes.readUInt16BE(i * 2)) ?? '\u0000').join('') : windows1252.decode(bytes))
    }
  }
  return shown.map((line) => line.normalize('NFC'))
}

/**
 * Each glyph the PDF's embedded fonts carry, with the text it stands for and whether it has an
 * outline to draw: a broken subset keeps the text (copied or searched, the PDF reads right)
 * while its letters print blank, which only this tells.
 */
export function embeddedGlyphs(pdf: Buffer): { text: string; drawn: boolean }[] {
  const objects = pdfObjects(pdf)
  const reference = (dict: string, key: string) => objects.get(Number(dict.match(new RegExp(`/${key} \\[?(\\d+) 0 R`))![1]))!
  const glyphs: { text: string; drawn: boolean }[] = []
  for (const { dict } of objects.values()) {
    if (!/\/Subtype \/Type0\b/.test(dict)) continue
    const descriptor = reference(reference(dict, 'DescendantFonts').dict, 'FontDescriptor')
    const font = create(reference(descriptor.dict, 'FontFile2').stream!) as Font
    for (const [code, text] of unicodeMap(reference(dict, 'ToUnicode').stream!.toString('latin1'))) {
      if (text.trim()) glyphs.push({ text, drawn: font.getGlyph(code).path.commands.length > 0 })
    }
  }
  return glyphs
}

/** The PDF's numbered objects: each one's dictionary and, for a stream, its (inflated) bytes. */
function pdfObjects(pdf: Buffer): Map<number, { dict: string; stream: Buffer | null }> {
  const source = pdf.toString('latin1')
  const objects = new Map<number, { dict: string; stream: Buffer | null }>()
  const object = /(\d+) 0 obj([^]*?)(stream\r?\n|endobj)/g
  for (let match = object.exec(source); match; match = object.exec(source)) {
    const dict = match[2]!
    let stream: Buffer | null = null
    if (match[3] !== 'endobj') {
      const start = match.index + match[0].length
      const length = Number(dict.match(/\/Length (\d+)/)![1])
      stream = pdf.subarray(start, start + length)
      if (/\/Filter \/FlateDecode/.test(dict)) stream = inflateSync(stream)
      object.lastIndex = start + length
    }
    objects.set(Number(match[1]), { dict, stream })
  }
  return objects
}

/** A ToUnicode CMap as glyph code → text (`bfchar` and `bfrange` entries, UTF-16BE). */
function unicodeMap(cmap: string): Map<number, string> {
  const text = (hex: string) => Buffer.from(hex.replace(/\s/g, ''), 'hex').swap16().toString('utf16le')
  const map = new Map<number, string>()
  for (const [, block] of cmap.matchAll(/beginbfchar([^]*?)endbfchar/g)) {
    for (const [, code, value] of block!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]*)>/g)) map.set(parseInt(code!, 16), text(value!))
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([^]*?)endbfrange/g)) {
    for (const [, low, high, list, first] of block!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:\[([^\]]*)\]|<([0-9a-fA-F\s]*)>)/g)) {
      const from = parseInt(low!, 16)
      const to = parseInt(high!, 16)
      const values = list !== undefined ? [...list.matchAll(/<([0-9a-fA-F\s]*)>/g)].map((value) => text(value[1]!)) : null
      for (let code = from; code <= to; code++) {
        map.set(code, values ? values[code - from]! : String.fromCodePoint(text(first!).codePointAt(0)! + code - from))
      }
    }
  }
  return map
}
