import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react'
import type { LocalDate, Shift, TimeoffCalendarEntry } from '@rota/core'
import { useTranslation } from 'react-i18next'
import { PlusIcon } from '../../../components/ui/action-icons.tsx'
import { ChevronRightIcon } from '../../../components/ui/icons.tsx'
import type { ShiftWords } from '../hooks/use-shift-words.ts'
import type { AwayByRow } from '../utils/away.ts'
import { totalsOf, type BoardRow, type RowsBy, type Totals } from '../utils/board-rows.ts'
import { AwayChip } from './away-chip.tsx'
import { ShiftCardFace } from './shift-card.tsx'
import { shiftColours } from './shift-colour.ts'
import { TotalsText } from './week-grid.tsx'

interface PhoneBoardProps {
  /** The week's rows, as the grid has them. */
  rows: readonly BoardRow[]
  /** The week's days, for the day picker. */
  dates: readonly LocalDate[]
  /** The day shown. */
  date: LocalDate
  today: LocalDate
  /** Each day's totals, for the picker's counts. */
  days: ReadonlyMap<LocalDate, Totals>
  by: RowsBy
  words: ShiftWords
  away?: AwayByRow
  /** The week's statutory holidays, named. */
  holidays?: ReadonlyMap<LocalDate, string>
  onDate: (date: LocalDate) => void
  onOpen: (shift: Shift) => void
  onCreate: (place: { rowKey: string; date: LocalDate }) => void
}

/**
 * The board on a phone: a day at a time, picked among the week's days, listing the open shifts
 * and then each person (or client) working that day with their shifts, which open in the panel
 * when tapped; a shift is added from a row, or from the list of those without one that day.
 * What the week's grid does by dragging is done in the panel here.
 * @example
 * <PhoneBoard rows={rows} dates={week.dates} date={date} … onDate={(day) => place.go({ date: day })} />
 */
export function PhoneBoard({ rows, dates, date, today, days, by, words, away, holidays, onDate, onOpen, onCreate }: PhoneBoardProps) {
  const { t } = useTranslation('app')
  const label = (row: BoardRow) => (row.kind === 'open' ? t('schedules.board.openShifts') : row.label)
  const shiftsOf = (row: BoardRow) => row.cells.get(date) ?? []
  const working = rows.filter((row) => row.kind === 'open' || shiftsOf(row).length > 0)
  const free = rows.filter((row) => row.kind !== 'open' && shiftsOf(row).length === 0)
  const day = words.longDay(date)
  return (
    <div className="space-y-4">
      <div role="group" aria-label={t('schedules.phone.days')} className="grid grid-cols-7 gap-1">
        {dates.map((one) => {
          const count = days.get(one)?.count ?? 0
          const chosen = one === date
          return (
            <button
              key={one}
              type="button"
              aria-pressed={chosen}
              aria-current={one === today ? 'date' : undefined}
              onClick={() => onDate(one)}
              className={`flex min-h-14 flex-col items-center justify-center rounded-lg px-0.5 py-1 text-xs focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none ${chosen ? 'bg-primary-700 text-white' : one === today ? 'bg-primary-50 text-primary-900 ring-1 ring-primary-200' : 'bg-white text-slate-700 ring-1 ring-slate-200'}`}
            >
              <span>{words.day(one, { weekday: 'short' })}</span>
              <span className="text-base font-bold">{words.day(one, { day: 'numeric' })}</span>
              <span className={`tabular-nums ${chosen ? 'text-primary-100' : 'text-slate-500'}`}>
                <span aria-hidden="true">{count}</span>
                <span className="sr-only">{t('schedules.phone.shiftCount', { count })}</span>
              </span>
            </button>
          )
        })}
      </div>
      <h2 className="text-lg font-semibold text-slate-900">{day}</h2>
      {holidays?.has(date) && <p className="-mt-3 text-sm font-medium text-amber-800">{t('schedules.board.holidayNote', { name: holidays.get(date) })}</p>}
      {working.map((row) => (
        <RowOfDay key={row.key} row={row} label={label(row)} date={date} by={by} words={words} away={away?.get(row.key)?.get(date) ?? []} onOpen={onOpen} onCreate={onCreate} />
      ))}
      {working.every((row) => shiftsOf(row).length === 0) && <p className="text-sm text-slate-600">{t('schedules.phone.emptyDay')}</p>}
      {free.length > 0 && (
        <Disclosure as="section" aria-label={t('schedules.phone.free', { day, count: free.length })} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <DisclosureButton className="group flex w-full items-center justify-between gap-2 rounded-2xl px-4 py-3 text-left text-sm font-semibold text-slate-900 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none">
            {t('schedules.phone.free', { day, count: free.length })}
            <ChevronRightIcon className="size-4 shrink-0 transition-transform group-data-open:rotate-90" />
          </DisclosureButton>
          <DisclosurePanel as="ul" className="divide-y divide-slate-100 border-t border-slate-100">
            {free.map((row) => (
              <li key={row.key} className="flex items-center justify-between gap-3 px-4 py-2">
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-slate-900">{label(row)}</span>
                  {row.detail && <span className="block truncate text-xs text-slate-500">{row.detail}</span>}
                </span>
                <AddButton who={label(row)} day={day} onClick={() => onCreate({ rowKey: row.key, date })} />
              </li>
            ))}
          </DisclosurePanel>
        </Disclosure>
      )}
    </div>
  )
}

interface RowOfDayProps {
  row: BoardRow
  label: string
  date: LocalDate
  by: RowsBy
  words: ShiftWords
  away: readonly TimeoffCalendarEntry[]
  onOpen: (shift: Shift) => void
  onCreate: (place: { rowKey: string; date: LocalDate }) => void
}

/** A person's (or client's, or the open shifts') day: their shifts, what they add up to, and a way to add one. */
function RowOfDay({ row, label, date, by, words, away, onOpen, onCreate }: RowOfDayProps) {
  const { t } = useTranslation('app')
  const shifts = row.cells.get(date) ?? []
  const heading = `phone-row-${row.key}`
  // Laid out and painted only near the view: a day of 200 people makes a long page.
  return (
    <section aria-labelledby={heading} className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 [contain-intrinsic-size:auto_14rem] [content-visibility:auto]">
      <header className="flex items-start justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <div className="min-w-0">
          <h3 id={heading} className={`truncate text-sm font-semibold ${row.kind === 'open' ? 'text-primary-800' : 'text-slate-900'}`}>
            {label}
          </h3>
          {row.detail && <p className="truncate text-xs text-slate-500">{row.detail}</p>}
        </div>
        <p className="shrink-0 text-right text-xs text-slate-700 tabular-nums">
          <TotalsText totals={totalsOf(shifts)} words={words} />
        </p>
      </header>
      <div className="space-y-2 p-3">
        {away.map((entry) => (
          <AwayChip key={entry.id} entry={entry} className="px-2 py-1 text-xs" />
        ))}
        {shifts.length > 0 && (
          <ul className="space-y-2">
            {shifts.map((shift) => (
              <li key={shift.id}>
                <button
                  type="button"
                  data-shift={shift.id}
                  onClick={() => onOpen(shift)}
                  style={shiftColours(shift.service.colour, shift.status)}
                  className={`block w-full rounded-lg border border-l-4 px-3 py-2 text-left text-sm text-slate-900 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none ${shift.status === 'cancelled' ? 'opacity-70' : ''}`}
                >
                  <ShiftCardFace shift={shift} by={by} words={words} />
                </button>
              </li>
            ))}
          </ul>
        )}
        <AddButton who={label} day={words.longDay(date)} onClick={() => onCreate({ rowKey: row.key, date })} />
      </div>
    </section>
  )
}

/** "Add a shift", named with whose day it adds to for those who hear it. */
function AddButton({ who, day, onClick }: { who: string; day: string; onClick: () => void }) {
  const { t } = useTranslation('app')
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t('schedules.board.addHere', { who, day })}
      className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg px-3 text-sm font-medium text-primary-800 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:outline-none"
    >
      <PlusIcon className="size-4" />
      {t('schedules.phone.add')}
    </button>
  )
}
