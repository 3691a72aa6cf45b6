import type { InstantRange, LocalDate, Shift } from '@rota/core'
import type { Totals } from './board-rows.ts'

/** A shift as one day shows it: whether it began the day before (a night carried past midnight). */
export interface DayPart {
  shift: Shift
  continued: boolean
}

/** The share of a shift's time that falls within a day (0 when none does). */
export function shareWithin(shift: Pick<Shift, 'starts_at' | 'ends_at'>, day: InstantRange): number {
  const start = Date.parse(shift.starts_at)
  const end = Date.parse(shift.ends_at)
  const within = Math.min(end, day.to.getTime()) - Math.max(start, day.from.getTime())
  return end > start && within > 0 ? within / (end - start) : 0
}

/**
 * What a day shows of a row: its own shifts, and those of the day before that run past
 * midnight into it (marked `continued`), in time order.
 * @example
 * partsOfDay(row.cells, '2026-11-01', localDay('2026-11-01', tz)) // [{ shift: saturdayNight, continued: true }]
 */
export function partsOfDay(cells: ReadonlyMap<LocalDate, readonly Shift[]>, date: LocalDate, eve: LocalDate, day: InstantRange): DayPart[] {
  const carried = (cells.get(eve) ?? []).filter((shift) => shareWithin(shift, day) > 0).map((shift) => ({ shift, continued: true }))
  return [...carried, ...(cells.get(date) ?? []).map((shift) => ({ shift, continued: false }))]
}

/**
 * What shifts add up to within one day: each counts the share of its paid minutes, cost and
 * value that falls on that day, so a night from 22:00 to 06:00 counts 2 hours on its first
 * day and the rest on the next. Cancelled shifts are left out, as in every total.
 * @example
 * totalsWithin(shifts, localDay('2026-11-01', 'America/Toronto')).minutes // 420 for 00:00–06:00 across the clock change
 */
export function totalsWithin(shifts: readonly Shift[], day: InstantRange): Totals {
  const totals: Totals = { minutes: 0, cost: 0, value: 0, count: 0 }
  for (const shift of shifts) {
    const share = shift.status === 'cancelled' ? 0 : shareWithin(shift, day)
    if (share === 0) continue
    totals.minutes += Math.round(shift.paid_minutes * share)
    totals.cost += Math.round(shift.cost_cents * share)
    totals.value += Math.round(shift.value_cents * share)
    totals.count += 1
  }
  return totals
}
