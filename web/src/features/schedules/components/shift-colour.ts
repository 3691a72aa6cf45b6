import type { CSSProperties } from 'react'

/**
 * A card in its service's colour: the colour as its border and a pale wash of it behind the
 * text, so dark text stays readable whatever colour was picked. A draft's border is dashed,
 * a published shift's solid; a cancelled one is greyed.
 * @example
 * <div style={shiftColours('#0d9488', 'draft')} />
 */
export function shiftColours(colour: string, status: string): CSSProperties {
  const muted = status === 'cancelled'
  return {
    borderColor: muted ? '#94a3b8' : colour,
    borderStyle: status === 'draft' ? 'dashed' : 'solid',
    backgroundColor: muted ? '#f8fafc' : `color-mix(in srgb, ${colour} 12%, white)`,
  }
}
