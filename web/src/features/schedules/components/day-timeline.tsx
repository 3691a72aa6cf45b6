import { addLocalDays, localTimeParts, type InstantRange, type LocalDate, type LocalTime, type Shift } from '@rota/core'
import { useRef, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { PlusIcon } from '../../../components/ui/action-icons.tsx'
import { useBoardRowsVirtualizer } from '../hooks/use-board-rows-virtualizer.ts'
import type { ShiftWords } from '../hooks/use-shift-words.ts'
import type { AwayByRow } from '../utils/away.ts'
import type { BoardRow, RowsBy } from '../utils/board-rows.ts'
import { partsOfDay, totalsWithin, type DayPart } from '../utils/day-parts.ts'
import { AwayChip } from './away-chip.tsx'
import { ConflictBadges } from './conflict-badges.tsx'
import { shiftColours } from './shift-colour.ts'
import { TotalsText } from './week-grid.tsx'

const DAY_MINUTES = 24 * 60
const HOURS = Array.from({ length: 12 }, (_, index) => index * 2)
/** A faint line every two hours behind the shifts. */
const HOUR_LINES = { backgroundImage: 'repeating-linear-gradient(to right, transparent 0, transparent calc(100% / 12 - 1px), #e2e8f0 calc(100% / 12 - 1px), #e2e8f0 calc(100% / 12))' }

const minutesOf = (time: LocalTime) => {
  const { hours, minutes } = localTimeParts(time)
  return hours * 60 + minutes
}

/**
 * Where a shift sits on the day's line, in percent: a night past midnight runs to the end of
 * the line on its first day, and from its start on the next.
 */
function placeOf({ shift, continued }: DayPart): { left: number; width: number } {
  const start = continued ? 0 : minutesOf(shift.start_time)
  const end = !continued && shift.end_time <= shift.start_time ? DAY_MINUTES : minutesOf(shift.end_time)
  return { left: (start / DAY_MINUTES) * 100, width: Math.max(((end - start) / DAY_MINUTES) * 100, 2) }
}

/** Shifts of one row that overlap go one under the other. */
function lanesOf(parts: readonly DayPart[]): DayPart[][] {
  const lanes: DayPart[][] = []
  for (const part of parts) {
    const { starts_at, ends_at } = part.shift
    const lane = lanes.find((taken) => taken.every(({ shift: other }) => other.ends_at <= starts_at || other.starts_at >= ends_at))
    if (lane) lane.push(part)
    else lanes.push([part])
  }
  return lanes.length > 0 ? lanes : [[]]
}

interface TimelineProps {
  /** The rows of the day and of the day before, whose nights past midnight the day shows too. */
  rows: readonly BoardRow[]
  date: LocalDate
  /** The day's instants on the business's clock (23 or 25 hours when the clocks change). */
  day: InstantRange
  away?: AwayByRow | undefined
  by: RowsBy
  words: ShiftWords
  caption: string
  /** The day's statutory holiday, named, if it is one. */
  holiday?: string | undefined
  onOpen: (shift: Shift) => void
  onCreate: (place: { rowKey: string; date: LocalDate; start?: LocalTime }) => void
}

/**
 * One business day as a timeline: a line of 24 hours per row with each shift where it falls
 * on the business's clock, a night begun the day before from midnight (marked so), and each
 * row's time off; clicking the line adds a shift from that hour. A row's total counts the
 * time that falls on this day.
 * @example
 * <DayTimeline rows={rows} date="2026-03-09" day={localDay('2026-03-09', tz)} by="staff" words={words} … />
 */
export function DayTimeline({ rows, date, day, away, by, words, caption, holiday, onOpen, onCreate }: TimelineProps) {
  const { t } = useTranslation('app')
  const scrollRef = useRef<HTMLDivElement>(null)
  const { items, before, after, measure } = useBoardRowsVirtualizer(rows, scrollRef, () => 72)
  const label = (row: BoardRow) => (row.kind === 'open' ? t('schedules.board.openShifts') : row.label)
  const eve = addLocalDays(date, -1)
  const clickLine = (row: BoardRow) => (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return
    const box = event.currentTarget.getBoundingClientRect()
    const hour = box.width > 0 ? Math.min(23, Math.max(0, Math.floor(((event.clientX - box.left) / box.width) * 24))) : 9
    onCreate({ rowKey: row.key, date, start: `${String(hour).padStart(2, '0')}:00` })
  }
  return (
    <section aria-label={caption} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {holiday && <p className="border-b border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">{t('schedules.board.holidayNote', { name: holiday })}</p>}
      <div ref={scrollRef} className="max-h-[calc(100dvh-8rem)] min-h-72 overflow-auto overscroll-contain">
        <div className="sticky top-0 z-10 grid min-w-[48rem] grid-cols-[12rem_1fr_7rem] border-b border-slate-200 bg-slate-50 text-xs text-slate-600" aria-hidden="true">
          <span className="px-3 py-2 font-semibold">{by === 'staff' ? t('schedules.board.staffColumn') : t('schedules.board.clientColumn')}</span>
          <span className="relative h-8">
            {HOURS.map((hour) => (
              <span key={hour} className="absolute top-2 -translate-x-1/2 tabular-nums" style={{ left: `${(hour / 24) * 100}%` }}>
                {String(hour).padStart(2, '0')}
              </span>
            ))}
          </span>
          <span className="px-3 py-2 font-semibold">{t('schedules.board.rowTotal')}</span>
        </div>
        {rows.length === 0 && <p className="px-4 py-10 text-center text-sm text-slate-600">{t('schedules.board.noRows')}</p>}
        <ul className="min-w-[48rem]">
          {before > 0 && <li aria-hidden="true" style={{ height: before }} />}
          {items.map((item) => {
            const row = rows[item.index]!
            const parts = partsOfDay(row.cells, date, eve, day)
            const awayToday = away?.get(row.key)?.get(date) ?? []
            return (
              <li key={item.key} ref={measure} data-index={item.index} className="grid grid-cols-[12rem_1fr_7rem] border-b border-slate-100" aria-label={label(row)}>
                <div className="flex items-start justify-between gap-2 border-r border-slate-200 px-3 py-2">
                  <span className="min-w-0">
                    <span className={`block truncate text-sm font-semibold ${row.kind === 'open' ? 'text-primary-800' : 'text-slate-900'}`}>{label(row)}</span>
                    {row.detail && <span className="block truncate text-xs text-slate-500">{row.detail}</span>}
                    {awayToday.map((entry) => (
                      <AwayChip key={entry.id} entry={entry} className="mt-1 px-1.5 py-0.5 text-[0.7rem]" />
                    ))}
                  </span>
                  <button
                    type="button"
                    onClick={() => onCreate({ rowKey: row.key, date })}
                    className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none"
                  >
                    <PlusIcon className="size-4" />
                    <span className="sr-only">{t('schedules.board.addHere', { who: label(row), day: words.longDay(date) })}</span>
                  </button>
                </div>
                <div className="space-y-1 py-1.5">
                  {lanesOf(parts).map((lane, index) => (
                    <div
                      key={index}
                      onClick={clickLine(row)}
                      className="relative h-11 cursor-copy"
                      style={HOUR_LINES}
                    >
                      {lane.map((part) => {
                        const { shift, continued } = part
                        const { left, width } = placeOf(part)
                        return (
                          <button
                            key={shift.id}
                            type="button"
                            onClick={() => onOpen(shift)}
                            title={continued ? t('schedules.board.continued', { day: words.longDay(shift.date) }) : undefined}
                            style={{ ...shiftColours(shift.service.colour, shift.status), left: `${left}%`, width: `${width}%` }}
                            className={`absolute inset-y-0 overflow-hidden border px-1.5 text-left text-xs text-slate-900 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none ${continued ? 'rounded-r-md border-l-0' : 'rounded-md border-l-4'}`}
                          >
                            <span className="flex items-center gap-1 font-semibold tabular-nums">
                              {continued && <span aria-hidden="true">←</span>}
                              {words.time(shift)} <ConflictBadges conflicts={shift.conflicts} words={words} />
                              {continued && <span className="sr-only">{t('schedules.board.continued', { day: words.longDay(shift.date) })}</span>}
                            </span>
                            <span className="block truncate">
                              {by === 'client' ? (shift.staff?.name ?? t('schedules.card.open')) : shift.location.name} · {shift.service.name}
                            </span>
                            <span className="sr-only">{words.status(shift.status)}</span>
                          </button>
                        )
                      })}
                    </div>
                  ))}
                </div>
                <div className="px-3 py-2 text-xs text-slate-700 tabular-nums">
                  <TotalsText totals={totalsWithin(parts.map((part) => part.shift), day)} words={words} />
                </div>
              </li>
            )
          })}
          {after > 0 && <li aria-hidden="true" style={{ height: after }} />}
        </ul>
      </div>
    </section>
  )
}
