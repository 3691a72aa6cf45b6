import { useVirtualizer } from '@tanstack/react-virtual'
import type { RefObject } from 'react'
import type { BoardRow } from '../utils/board-rows.ts'

/**
 * Only the rows in view (and a few either side) are drawn, so a board of 200 people stays
 * quick to draw and to drag on; rows are measured as they appear, since a busy day makes one
 * taller. `before` and `after` are the heights standing in for the rows not drawn.
 * @example
 * const { items, before, after, measure } = useBoardRowsVirtualizer(rows, scrollRef)
 */
export function useBoardRowsVirtualizer(rows: readonly BoardRow[], scrollRef: RefObject<HTMLElement | null>, estimate = 92) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 8,
  })
  const items = virtualizer.getVirtualItems()
  const before = items[0]?.start ?? 0
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0
  return { items, before, after: Math.max(0, after), measure: virtualizer.measureElement }
}
