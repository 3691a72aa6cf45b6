import type { KeyboardEvent, RefObject } from 'react'

const STEPS: Record<string, { rows: number; days: number }> = {
  ArrowUp: { rows: -1, days: 0 },
  ArrowDown: { rows: 1, days: 0 },
  ArrowLeft: { rows: 0, days: -1 },
  ArrowRight: { rows: 0, days: 1 },
}

const FOCUSABLE = 'button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])'

/**
 * Arrow keys move between the board's cells, as in a spreadsheet: up and down to the same day of
 * the row above or below, left and right to the day before or after, focus landing on the cell's
 * first card (or its + button). A row not drawn yet (the board draws the rows in view) is scrolled
 * to first. Nothing moves while a card is carried by the keyboard: the arrows move the card then.
 * Cells carry `data-date`, rows `data-index` (their place among the rows).
 * @example
 * const arrows = useGridArrows(scrollRef, dates, rows.length, () => carried !== null)
 * <div ref={scrollRef} role="table" onKeyDown={arrows}>
 */
export function useGridArrows(container: RefObject<HTMLElement | null>, dates: readonly string[], rowCount: number, carrying: () => boolean) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const step = STEPS[event.key]
    if (!step || carrying() || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[role="cell"][data-date]')
    const row = cell?.closest<HTMLElement>('[role="row"][data-index]')
    if (!cell || !row) return
    const index = Number(row.dataset['index']) + step.rows
    const day = dates.indexOf(cell.dataset['date']!) + step.days
    if (index < 0 || index >= rowCount || day < 0 || day >= dates.length) return
    event.preventDefault()
    const land = () => {
      const target = container.current?.querySelector<HTMLElement>(`[role="row"][data-index="${index}"] [role="cell"][data-date="${dates[day]}"]`)
      if (!target) return false
      const focusable = target.querySelector<HTMLElement>(FOCUSABLE)
      focusable?.focus()
      focusable?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
      return true
    }
    if (land()) return
    // The row is not drawn yet: bring it into view, then land once it is.
    container.current?.scrollBy({ top: step.rows * row.offsetHeight })
    requestAnimationFrame(() => requestAnimationFrame(() => void land()))
  }
}
