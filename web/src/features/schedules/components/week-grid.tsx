import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core'
import type { LocalDate, Shift, TimeoffCalendarEntry } from '@rota/core'
import { memo, useMemo, useRef, useState, type CSSProperties, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { PlusIcon } from '../../../components/ui/action-icons.tsx'
import { useBoardRowsVirtualizer } from '../hooks/use-board-rows-virtualizer.ts'
import type { ShiftWords } from '../hooks/use-shift-words.ts'
import { useCopyModifier } from '../hooks/use-copy-modifier.ts'
import { useGridArrows } from '../hooks/use-grid-arrows.ts'
import { useDragWords } from '../hooks/use-drag-words.ts'
import { wholeDay, type AwayByRow } from '../utils/away.ts'
import type { BoardRow, RowsBy, Totals } from '../utils/board-rows.ts'
import { cellKeyboardCoordinates } from '../utils/cell-keyboard.ts'
import { AwayChip } from './away-chip.tsx'
import { ShiftCard, ShiftCardFace } from './shift-card.tsx'
import { GhostCard, useGhosts } from './fill-bar.tsx'
import { shiftColours } from './shift-colour.ts'

/** Where a card was dropped: a row (`open`, `staff:{id}`, `client:{id}`) and a day. */
export interface Drop {
  shift: Shift
  rowKey: string
  date: LocalDate
  /** Alt was held: a copy is made and the original stays. */
  copy: boolean
}

interface GridProps {
  rows: readonly BoardRow[]
  dates: readonly LocalDate[]
  by: RowsBy
  today: LocalDate
  days: ReadonlyMap<LocalDate, Totals>
  week: Totals
  words: ShiftWords
  caption: string
  /** Time off by row and day: a band on the day (a request not yet decided marked as such), and no drops on a whole day off. */
  away?: AwayByRow
  /** The statutory holidays of the week, named: marked on their day. */
  holidays?: ReadonlyMap<LocalDate, string>
  onOpen: (shift: Shift) => void
  onCreate: (place: { rowKey: string; date: LocalDate }) => void
  onDrop: (drop: Drop) => void
}

const cellId = (rowKey: string, date: LocalDate) => `${rowKey}|${date}`

// The pointer's cell when there is a pointer; the keyboard's card lands by its rectangle.
const collisions: CollisionDetection = (args) => {
  const under = pointerWithin(args)
  return under.length > 0 ? under : rectIntersection(args)
}

/**
 * The week board: a row per person (the open shifts first) or per client, a column per
 * business day, each row's hours and cost at its end and each day's at the foot. Rows are
 * drawn as they scroll into view. Cards are dragged to another day or row (Alt: copied);
 * an empty cell is clicked, or its + button pressed, to add a shift there. Arrow keys move
 * between cells.
 * @example
 * <WeekGrid rows={rows} dates={week.dates} by="staff" … onDrop={move} />
 */
export function WeekGrid({ rows, dates, by, today, days, week, words, caption, away, holidays, onOpen, onCreate, onDrop }: GridProps) {
  const { t } = useTranslation('app')
  const scrollRef = useRef<HTMLDivElement>(null)
  const { items, before, after, measure } = useBoardRowsVirtualizer(rows, scrollRef, (row) => estimateHeight(row, away?.get(row.key)))
  // A mouse drags once it moves a little; a finger must rest a moment first, so that it can still scroll the board.
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: cellKeyboardCoordinates, keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] } }),
  )
  const [carried, setCarried] = useState<Shift | null>(null)
  const copy = useCopyModifier(carried !== null)
  const rowLabel = (row: BoardRow) => (row.kind === 'open' ? t('schedules.board.openShifts') : row.label)
  const accessibility = useDragWords({ words, copying: copy.held })
  // Every row is a grid of its own: its columns must not depend on what it holds, or rows would not line up.
  const columns = useMemo(() => gridColumns(dates.length), [dates.length])
  const arrows = useGridArrows(scrollRef, dates, rows.length, () => carried !== null)

  const start = (event: DragStartEvent) => {
    copy.begin(event.activatorEvent)
    setCarried((event.active.data.current as { shift: Shift }).shift)
  }
  const end = (event: DragEndEvent) => {
    const shift = carried
    const copying = copy.held()
    setCarried(null)
    const target = event.over?.data.current as { rowKey: string; date: LocalDate } | undefined
    if (!shift || !target) return
    const from = by === 'client' ? `client:${shift.location.id}` : shift.staff ? `staff:${shift.staff.id}` : 'open'
    if (!copying && cellId(from, shift.date) === cellId(target.rowKey, target.date)) return
    onDrop({ shift, rowKey: target.rowKey, date: target.date, copy: copying })
  }

  return (
    <DndContext sensors={sensors} collisionDetection={collisions} onDragStart={start} onDragEnd={end} onDragCancel={() => setCarried(null)} accessibility={accessibility}>
      <div
        ref={scrollRef}
        role="table"
        aria-label={caption}
        onKeyDown={arrows}
        aria-rowcount={rows.length + 2}
        className="relative max-h-[calc(100dvh-8rem)] min-h-72 overflow-auto overscroll-contain rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      >
        <div role="rowgroup" className="sticky top-0 z-20">
          <div role="row" aria-rowindex={1} className="grid w-full border-b border-slate-200 bg-slate-50 text-xs font-semibold text-slate-700" style={columns}>
            <div role="columnheader" className="sticky left-0 z-10 border-r border-slate-200 bg-slate-50 px-3 py-2">
              {by === 'staff' ? t('schedules.board.staffColumn') : t('schedules.board.clientColumn')}
            </div>
            {dates.map((date) => (
              <div key={date} role="columnheader" aria-current={date === today ? 'date' : undefined} className={`px-2 py-2 ${date === today ? 'bg-primary-50 text-primary-900' : ''}`}>
                <span className="block">{words.day(date, { weekday: 'short' })}</span>
                <span className="block text-base font-bold text-slate-900">{words.day(date, { month: 'short', day: 'numeric' })}</span>
                {holidays?.has(date) && (
                  <span className="mt-0.5 block font-medium break-words text-amber-800">
                    <span className="sr-only">{t('schedules.board.holiday')} </span>
                    {holidays.get(date)}
                  </span>
                )}
              </div>
            ))}
            <div role="columnheader" className="px-3 py-2">
              {t('schedules.board.rowTotal')}
            </div>
          </div>
        </div>
        <div role="rowgroup">
          {before > 0 && <div aria-hidden="true" style={{ height: before }} />}
          {rows.length === 0 && (
            <div role="row" className="px-4 py-10 text-center text-sm text-slate-600">
              <span role="cell">{t('schedules.board.noRows')}</span>
            </div>
          )}
          {items.map((item) => {
            const row = rows[item.index]!
            return (
              <BoardRowView
                key={item.key}
                index={item.index}
                measure={measure}
                row={row}
                label={rowLabel(row)}
                dates={dates}
                columns={columns}
                today={today}
                by={by}
                words={words}
                away={away?.get(row.key)}
                onOpen={onOpen}
                onCreate={onCreate}
              />
            )
          })}
          {after > 0 && <div aria-hidden="true" style={{ height: after }} />}
        </div>
        <div role="rowgroup" className="sticky bottom-0 z-20">
          <div role="row" aria-rowindex={rows.length + 2} className="grid w-full border-t border-slate-200 bg-slate-50 text-xs text-slate-700 tabular-nums" style={columns}>
            <div role="rowheader" className="sticky left-0 z-10 border-r border-slate-200 bg-slate-50 px-3 py-2 font-semibold">
              {t('schedules.board.dayTotal')}
            </div>
            {dates.map((date) => (
              <div key={date} role="cell" className="px-2 py-2">
                <TotalsText totals={days.get(date)!} words={words} />
              </div>
            ))}
            <div role="cell" className="px-3 py-2 font-semibold">
              <TotalsText totals={week} words={words} />
            </div>
          </div>
        </div>
      </div>
      <DragOverlay dropAnimation={null}>
        {carried && (
          <div style={shiftColours(carried.service.colour, carried.status)} className="relative w-40 rounded-md border border-l-4 px-2 py-1 text-xs text-slate-900 shadow-lg">
            <ShiftCardFace shift={carried} by={by} words={words} />
            {copy.shown && <span className="absolute -top-2 -right-2 rounded-full bg-primary-700 px-1.5 py-0.5 text-[0.65rem] font-bold text-white">{t('schedules.board.copyMark')}</span>}
          </div>
        )}
      </DragOverlay>
    </DndContext>
  )
}

/** A grid's columns: the row's name, one per day, the row's totals. */
function gridColumns(days: number): CSSProperties {
  return { gridTemplateColumns: `10rem repeat(${days}, minmax(0, 1fr)) 6rem`, minWidth: `${10 + days * 7 + 6}rem` }
}

// What a cell's parts measure as drawn (px), for a row's height before it is measured: the
// cell's padding and its + button's strip, a card of four lines, the gap between, a time-off band.
const CELL_FRAME = 30
const CELL_MIN = 64
const CARD = 88
const GAP = 4
const BAND = 22

/**
 * A row's height as its busiest day will draw it. Rows are measured once drawn, but a good
 * guess means the rows that fill the screen are the ones drawn first, with no second pass.
 */
function estimateHeight(row: BoardRow, away: ReadonlyMap<LocalDate, readonly TimeoffCalendarEntry[]> | undefined): number {
  let tallest = CELL_MIN
  for (const [date, shifts] of row.cells) {
    const bands = away?.get(date)?.length ?? 0
    const parts = shifts.length + bands
    tallest = Math.max(tallest, CELL_FRAME + shifts.length * CARD + bands * BAND + Math.max(0, parts - 1) * GAP)
  }
  return tallest + 1
}

interface RowProps {
  index: number
  measure: (element: HTMLElement | null) => void
  row: BoardRow
  label: string
  dates: readonly LocalDate[]
  columns: CSSProperties
  today: LocalDate
  by: RowsBy
  words: ShiftWords
  away: ReadonlyMap<LocalDate, readonly TimeoffCalendarEntry[]> | undefined
  onOpen: (shift: Shift) => void
  onCreate: (place: { rowKey: string; date: LocalDate }) => void
}

/** One row of the board, drawn again only when what it shows changes (a move redraws the two rows concerned). */
const BoardRowView = memo(function BoardRowView({ index, measure, row, label, dates, columns, today, by, words, away, onOpen, onCreate }: RowProps) {
  return (
    <div ref={measure} data-index={index} role="row" aria-rowindex={index + 2} className="grid w-full border-b border-slate-100" style={columns}>
      <div role="rowheader" className="sticky left-0 z-10 border-r border-slate-200 bg-white px-3 py-2">
        <span className={`block truncate text-sm font-semibold ${row.kind === 'open' ? 'text-primary-800' : 'text-slate-900'}`}>{label}</span>
        {row.detail && <span className="block truncate text-xs text-slate-500">{row.detail}</span>}
      </div>
      {dates.map((date) => (
        <BoardCell key={date} row={row} label={label} date={date} today={date === today} by={by} words={words} away={away?.get(date) ?? NOBODY_AWAY} onOpen={onOpen} onCreate={onCreate} />
      ))}
      <div role="cell" className="px-2 py-2 text-xs text-slate-700 tabular-nums">
        <TotalsText totals={row.totals} words={words} />
      </div>
    </div>
  )
})

/** Paid hours and cost, one under the other. */
export function TotalsText({ totals, words }: { totals: Totals; words: ShiftWords }) {
  const { t } = useTranslation('app')
  if (totals.count === 0) return <span className="text-slate-400">—</span>
  return (
    <>
      <span className="block font-semibold text-slate-800">{words.hours(totals.minutes)}</span>
      <span className="block">
        <span className="sr-only">{t('schedules.board.cost')} </span>
        {words.money(totals.cost)}
      </span>
    </>
  )
}

const NOBODY_AWAY: TimeoffCalendarEntry[] = []

interface CellProps {
  away: readonly TimeoffCalendarEntry[]
  row: BoardRow
  label: string
  date: LocalDate
  today: boolean
  by: RowsBy
  words: ShiftWords
  onOpen: (shift: Shift) => void
  onCreate: (place: { rowKey: string; date: LocalDate }) => void
}

/** One day of one row: its cards, a drop target, and a place to add a shift. */
function BoardCell({ row, label, date, today, by, words, away, onOpen, onCreate }: CellProps) {
  const { t } = useTranslation('app')
  const { setNodeRef, isOver } = useDroppable({ id: cellId(row.key, date), data: { rowKey: row.key, date, label }, disabled: wholeDay(away) })
  const shifts = row.cells.get(date) ?? []
  const ghosts = useGhosts()
  const create = () => onCreate({ rowKey: row.key, date })
  const clickedEmpty = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) create()
  }
  return (
    <div
      ref={setNodeRef}
      role="cell"
      data-date={date}
      onClick={clickedEmpty}
      className={`group relative flex min-h-16 min-w-0 flex-col gap-1 border-r border-slate-100 p-1.5 pb-6 ${today ? 'bg-primary-50/40' : ''} ${isOver ? 'bg-primary-100 ring-2 ring-primary-500 ring-inset' : ''}`}
    >
      {away.map((entry) => (
        <AwayChip key={entry.id} entry={entry} className="px-1.5 py-0.5 text-[0.7rem]" />
      ))}
      {shifts.map((shift) => {
        const proposed = ghosts?.byShift.get(shift.id)
        return proposed ? (
          <GhostCard key={shift.id} shift={shift} assignment={proposed} kept={ghosts!.kept.has(shift.id)} onToggle={() => ghosts!.toggle(shift.id)} words={words} />
        ) : (
          <ShiftCard key={shift.id} shift={shift} by={by} words={words} onOpen={onOpen} />
        )
      })}
      <button
        type="button"
        onClick={create}
        className="absolute right-1 bottom-1 flex size-5 items-center justify-center rounded text-slate-400 opacity-0 group-hover:opacity-100 hover:bg-slate-100 hover:text-slate-700 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none"
      >
        <PlusIcon className="size-4" />
        <span className="sr-only">{t('schedules.board.addHere', { who: label, day: words.longDay(date) })}</span>
      </button>
    </div>
  )
}
