/**
 * The text an uncompressed PDF written with the standard fonts shows, one string per text
 * operation (`[<hex> kerning <hex>] TJ` or `<hex> Tj`), decoded from Windows-1252: what a
 * person reading the page sees, enough for a test to check the words and figures.
 */
export function pdfText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1')
  const decoder = new TextDecoder('windows-1252')
  const shown: string[] = []
  for (const match of source.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?\d+(?:\.\d+)?)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
    const hexes = match[1] !== undefined ? [...match[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]!) : [match[2]!]
    shown.push(hexes.map((hex) => decoder.decode(Buffer.from(hex, 'hex'))).join(''))
  }
  return shown
}
