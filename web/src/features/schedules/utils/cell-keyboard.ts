import type { ClientRect, KeyboardCoordinateGetter } from '@dnd-kit/core'

const STEPS: Readonly<Record<string, readonly [x: number, y: number]>> = {
  ArrowRight: [1, 0],
  ArrowLeft: [-1, 0],
  ArrowDown: [0, 1],
  ArrowUp: [0, -1],
}

const centre = (rect: ClientRect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 })

/**
 * Keyboard dragging on the board moves a card a whole cell per arrow key — to the next day
 * or the next row — rather than a few pixels: the nearest cell that way, in the same row
 * (left, right) or the same day (up, down). At the edge the card stays.
 * @example
 * useSensor(KeyboardSensor, { coordinateGetter: cellKeyboardCoordinates })
 */
export const cellKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const step = STEPS[event.code]
  const { collisionRect, droppableRects, droppableContainers } = context
  if (!step || !collisionRect) return undefined
  event.preventDefault()
  const from = centre(collisionRect)
  const [dx, dy] = step
  let best: { x: number; y: number; distance: number } | null = null
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id)
    if (!rect) continue
    const to = centre(rect)
    const along = dx !== 0 ? (to.x - from.x) * dx : (to.y - from.y) * dy
    const across = dx !== 0 ? Math.abs(to.y - from.y) < rect.height / 2 : Math.abs(to.x - from.x) < rect.width / 2
    if (along <= 1 || !across) continue
    if (!best || along < best.distance) best = { ...to, distance: along }
  }
  if (!best) return currentCoordinates
  return { x: currentCoordinates.x + best.x - from.x, y: currentCoordinates.y + best.y - from.y }
}
