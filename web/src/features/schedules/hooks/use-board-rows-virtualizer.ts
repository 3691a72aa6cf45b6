import { useVirtualizer } from '@tanstack/react-virtual'
import type { RefObject } from 'react'
import type { BoardRow } from '../utils/board-rows.ts'

/** Rows drawn beyond each edge of the view: a row holds a day's cards, so a few are a screen's worth. */
const OVERSCAN = 3

/**
 * Only the rows in view (and a few either side) are drawn, so a board of 200 people stays
 * quick to draw and to drag on; rows are measured as they appear, since a busy day makes one
 * taller, starting from `estimate`'s guess. `before` and `after` are the heights standing in
 * for the rows not drawn.
 * @example
 * const { items, before, after, measure } = useBoardRowsVirtualizer(rows, scrollRef, (row) => 92)
 */
export function useBoardRowsVirtualizer(rows: readonly BoardRow[], scrollRef: RefObject<HTMLElement | null>, estimate: (row: BoardRow) => number) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index] ? estimate(rows[index]) : 92),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: OVERSCAN,
  })
  const items = virtualizer.getVirtualItems()
  const before = items[0]?.start ?? 0
  const after = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0
  return { items, before, after: Math.max(0, after), measure: virtualizer.measureElement }
}
