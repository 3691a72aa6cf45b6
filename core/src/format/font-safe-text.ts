/** What a PDF shows for a run of letters its font cannot draw (U+FFFD, the replacement character). */
export const UNDRAWABLE_MARK = '\ufffd'

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u
const LINE_BREAK = /^[\n\r\u2028\u2029]+$/
const SPACE = /^[\t \u00a0\u2000-\u200a\u202f\u205f\u3000]$/

/**
 * Text as a PDF's font can draw it, by one rule for every PDF Rota writes (the invoice on
 * the server, the payslip in the browser), given what the font has (`canDraw`). Letters are
 * composed first (NFC), so "e" + combining accents draws as "ệ". A character the font lacks
 * never comes out as garbled bytes or a question mark per letter: an emoji (a picture, a
 * flag, a family) is left out with the space beside it, since it only decorates a name;
 * a run of other letters (Chinese, Arabic…) becomes one {@link UNDRAWABLE_MARK}, so the
 * reader sees something is there. Line breaks stay; invisible joiners and variation
 * selectors the font lacks go.
 * @example
 * fontSafeText('Ménage Étoile 🧹 Cleaning', (c) => c < 0x2000) // 'Ménage Étoile Cleaning'
 * fontSafeText('Wang (王小明)', (c) => c < 0x2000) // 'Wang (\ufffd)'
 */
export function fontSafeText(text: string, canDraw: (codePoint: number) => boolean): string {
  const kept: string[] = []
  let after: 'emoji' | 'mark' | null = null
  for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
    if (LINE_BREAK.test(segment)) {
      if (after === 'emoji') while (SPACE.test(kept.at(-1) ?? '')) kept.pop()
      kept.push(segment)
      after = null
      continue
    }
    const points = [...segment]
    if (points.every((point) => canDraw(point.codePointAt(0)!) || INVISIBLE.test(point))) {
      const drawn = points.filter((point) => canDraw(point.codePointAt(0)!)).join('')
      if (SPACE.test(segment) && after === 'emoji' && (kept.length === 0 || SPACE.test(kept.at(-1)!) || LINE_BREAK.test(kept.at(-1)!))) continue
      if (drawn) kept.push(drawn)
      after = null
    } else if (EMOJI.test(segment)) {
      after = 'emoji'
    } else if (SPACE.test(segment)) {
      kept.push(' ')
      after = null
    } else {
      if (after !== 'mark') kept.push(UNDRAWABLE_MARK)
      after = 'mark'
    }
  }
  if (after === 'emoji') while (SPACE.test(kept.at(-1) ?? '')) kept.pop()
  const safe = kept.join('')
  return safe.trim() === '' && text.trim() !== '' ? UNDRAWABLE_MARK : safe
}

/** A font as fontkit opens it: what {@link keepComposed} needs of it. */
interface LaidOutFont {
  layout(text: string, features?: string[] | Record<string, boolean>, ...rest: never[]): unknown
}

/**
 * A font (fontkit's, as pdfkit and pdf-lib both use) that lays text out without glyph
 * composition (the OpenType feature ccmp), for every PDF Rota writes. Noto Sans's ccmp draws
 * "ẹ ị ọ ụ" as a letter and a dot below, and the dot carries no text, so "Nguyễn Thị" copied
 * or searched in the PDF read "Nguyễn Thi"; {@link fontSafeText} composes text (NFC) first, so
 * each such letter has a glyph of its own. The option is given afresh on every call: fontkit
 * writes the features it applied into the object it is given, which a shared one would keep.
 * @example
 * pdf.registerFont('regular', keepComposed(fontkit.create(bytes)))
 */
export function keepComposed<F extends LaidOutFont>(font: F): F {
  const layout = font.layout.bind(font) as (text: string, features: Record<string, boolean>, ...rest: never[]) => unknown
  font.layout = (text, features, ...rest) => layout(text, { ...(Array.isArray(features) ? Object.fromEntries(features.map((tag) => [tag, true])) : features), ccmp: false }, ...rest)
  return font
}
