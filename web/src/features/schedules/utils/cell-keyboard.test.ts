import type { ClientRect, SensorContext } from '@dnd-kit/core'
import { describe, expect, it } from 'vitest'
import { cellKeyboardCoordinates } from './cell-keyboard.ts'

const rect = (left: number, top: number, width = 100, height = 80): ClientRect => ({ left, top, width, height, right: left + width, bottom: top + height })

/** A board of two rows of three days, 100 × 80 each, with the card at the middle of the first row. */
function context(card: ClientRect): SensorContext {
  const cells = new Map<string, ClientRect>()
  for (const [row, top] of [['ana', 0], ['ben', 80]] as const) for (const [day, left] of [['mon', 0], ['tue', 100], ['wed', 200]] as const) cells.set(`${row}|${day}`, rect(left, top))
  return {
    collisionRect: card,
    droppableRects: cells,
    droppableContainers: { getEnabled: () => [...cells.keys()].map((id) => ({ id })) },
  } as unknown as SensorContext
}

const press = (code: string) => new KeyboardEvent('keydown', { code, cancelable: true })

describe('moving a card from the keyboard', () => {
  const card = rect(110, 10, 80, 60)
  const at = { x: 150, y: 40 }
  const move = (code: string) => cellKeyboardCoordinates(press(code), { active: 'shift', currentCoordinates: at, context: context(card) })

  it('jumps a whole cell per arrow: the next day or the next row', () => {
    expect(move('ArrowRight')).toEqual({ x: 250, y: 40 })
    expect(move('ArrowLeft')).toEqual({ x: 50, y: 40 })
    expect(move('ArrowDown')).toEqual({ x: 150, y: 120 })
  })

  it('stays at the edge of the board, and leaves other keys alone', () => {
    expect(move('ArrowUp')).toEqual(at)
    expect(move('KeyA')).toBeUndefined()
  })
})
