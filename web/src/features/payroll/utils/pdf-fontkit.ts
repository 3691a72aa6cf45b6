import { keepComposed } from '@rota/core'
import { create, type Font } from 'fontkit'
import type { PDFDocument } from 'pdf-lib'

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0]

/**
 * fontkit 2, the font engine pdfkit writes the server's invoices with, in the shape pdf-lib
 * takes (`registerFontkit`). pdf-lib's own fork (@pdf-lib/fontkit 1.1, unmaintained) writes a
 * broken subset of a font with long glyph offsets, as Noto Sans has: some letters come out
 * blank. The one difference pdf-lib sees: it reads a subset as a stream (`encodeStream`),
 * fontkit 2 hands it over whole (`encode`). Text is laid out as on the invoice ({@link keepComposed}).
 * @example
 * document.registerFontkit(fontkit)
 */
export const fontkit: Fontkit = {
  create(bytes) {
    const font = keepComposed(create(bytes as Buffer) as Font)
    const createSubset = font.createSubset.bind(font)
    font.createSubset = () => {
      const subset = createSubset()
      return Object.assign(subset, { encodeStream: () => streamOf(subset.encode()) })
    }
    return font as unknown as ReturnType<Fontkit['create']>
  },
}

/** Bytes as the stream pdf-lib listens to: one 'data', then 'end', after it has listened. */
function streamOf(bytes: Uint8Array) {
  const stream = {
    on(event: string, listener: (data?: Uint8Array) => unknown) {
      if (event === 'data') queueMicrotask(() => listener(bytes))
      if (event === 'end') queueMicrotask(() => listener())
      return stream
    },
  }
  return stream
}
