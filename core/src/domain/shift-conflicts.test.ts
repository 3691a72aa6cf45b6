import { describe, expect, it } from 'vitest'
import type { ShiftConflict } from '../contract/schedule.ts'
import { conflictsOfEach, shiftConflicts, type ConflictContext, type ShiftSpan } from './shift-conflicts.ts'
import { instantAt, localDateOf } from './time.ts'
import { businessWeek } from './week.ts'

const tz = 'America/Toronto'
const at = (date: string, time: string) => instantAt(date, time, tz)
let next = 0
const shift = (date: string, start: string, end: string, overrides: Partial<ShiftSpan> = {}): ShiftSpan => {
  const starts_at = at(date, start)
  let ends_at = at(date, end)
  if (ends_at <= starts_at) ends_at = at(new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), end)
  return { id: `shift-${++next}`, starts_at, ends_at, break_minutes: 0, service_id: 'cleaning', ...overrides }
}
const context = (overrides: Partial<ConflictContext> = {}): ConflictContext => ({
  others: [],
  timeOff: [],
  availability: null,
  maxWeeklyMinutes: null,
  serviceIds: [],
  minRestMinutes: 480,
  timeZone: tz,
  weekStart: 1,
  ...overrides,
})
const kinds = (list: { kind: string; severity: string; minutes: number | null }[]) => list.map((c) => `${c.kind}/${c.severity}/${c.minutes}`)

describe('shift conflicts', () => {
  it('refuses the same person twice at once, naming the other shift', () => {
    const monday = shift('2026-03-09', '09:00', '17:00')
    const other = shift('2026-03-09', '16:00', '20:00')
    expect(shiftConflicts(monday, context({ others: [other] }))).toEqual([
      { kind: 'overlap', severity: 'error', shift_id: other.id, minutes: null },
      // overlapping shifts also leave no rest at all between them: the overlap says it all
    ])
  })

  it('lets one shift end as the next begins, then warns of the rest missing', () => {
    const first = shift('2026-03-09', '09:00', '17:00')
    const second = shift('2026-03-09', '17:00', '21:00')
    expect(kinds(shiftConflicts(second, context({ others: [first] })))).toEqual(['rest/warning/480'])
  })

  it('refuses a shift inside approved time off', () => {
    const monday = shift('2026-03-09', '09:00', '17:00')
    expect(kinds(shiftConflicts(monday, context({ timeOff: [{ from: at('2026-03-09', '12:00'), to: at('2026-03-10', '00:00') }] })))).toEqual(['time_off/error/null'])
  })

  it('warns of too little rest before and after, by how much', () => {
    const night = shift('2026-03-09', '22:00', '06:00')
    const morning = shift('2026-03-10', '10:00', '14:00')
    const evening = shift('2026-03-10', '18:00', '23:00')
    const found = shiftConflicts(morning, context({ others: [night, evening] }))
    expect(found).toEqual([
      { kind: 'rest', severity: 'warning', shift_id: night.id, minutes: 240 },
      { kind: 'rest', severity: 'warning', shift_id: evening.id, minutes: 240 },
    ])
  })

  it('counts paid hours in the business week the shift starts in, a week of 167 hours included', () => {
    // The week of the March change in Toronto (Monday 2 to Sunday 8), five 8-hour days and the Sunday night.
    const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'].map((day) => shift(day, '09:00', '17:00'))
    const sunday = shift('2026-03-08', '00:00', '08:00', { break_minutes: 30 }) // 7 h on the clock across the change, 6.5 paid
    const nextMonday = shift('2026-03-09', '09:00', '17:00')
    const found = shiftConflicts(sunday, context({ others: [...days, nextMonday], maxWeeklyMinutes: 44 * 60 }))
    expect(kinds(found)).toEqual([`weekly_hours/warning/${40 * 60 + 390 - 44 * 60}`])
    expect(kinds(shiftConflicts(nextMonday, context({ others: [...days, sunday], maxWeeklyMinutes: 44 * 60 })))).toEqual([])
  })

  it('checks availability: weekly windows, windows across midnight, and dated exceptions', () => {
    const weekdays = { windows: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })), exceptions: [] }
    expect(kinds(shiftConflicts(shift('2026-03-09', '09:00', '17:00'), context({ availability: weekdays })))).toEqual([])
    expect(kinds(shiftConflicts(shift('2026-03-09', '07:00', '17:00'), context({ availability: weekdays })))).toEqual(['availability/warning/null'])
    expect(kinds(shiftConflicts(shift('2026-03-14', '09:00', '17:00'), context({ availability: weekdays })))).toEqual(['availability/warning/null'])

    const nights = { windows: [{ weekday: 1, start: '22:00', end: '00:00' }, { weekday: 2, start: '00:00', end: '07:00' }], exceptions: [] }
    expect(kinds(shiftConflicts(shift('2026-03-09', '22:00', '06:00'), context({ availability: nights })))).toEqual([])

    const away = { ...weekdays, exceptions: [{ date: '2026-03-10', available: false, start: null, end: null }] }
    expect(kinds(shiftConflicts(shift('2026-03-10', '09:00', '17:00'), context({ availability: away })))).toEqual(['availability/warning/null'])
    const morningOnly = { ...weekdays, exceptions: [{ date: '2026-03-10', available: true, start: '08:00', end: '12:00' }] }
    expect(kinds(shiftConflicts(shift('2026-03-10', '09:00', '11:00'), context({ availability: morningOnly })))).toEqual([])
    expect(kinds(shiftConflicts(shift('2026-03-10', '09:00', '13:00'), context({ availability: morningOnly })))).toEqual(['availability/warning/null'])
  })

  it('takes no weekly window as any time', () => {
    expect(shiftConflicts(shift('2026-03-15', '03:00', '23:00'), context({ availability: { windows: [], exceptions: [] } }))).toEqual([])
  })

  it('warns of a service the person does not work, and not when they work any', () => {
    const monday = shift('2026-03-09', '09:00', '17:00', { service_id: 'windows' })
    expect(kinds(shiftConflicts(monday, context({ serviceIds: ['cleaning'] })))).toEqual(['service/warning/null'])
    expect(kinds(shiftConflicts(monday, context({ serviceIds: [] })))).toEqual([])
  })

  it('never counts the shift against itself', () => {
    const monday = shift('2026-03-09', '09:00', '17:00')
    expect(shiftConflicts(monday, context({ others: [monday] }))).toEqual([])
  })
})

/**
 * The rules read literally, one shift at a time (how `shiftConflicts` first worked): the oracle that
 * `conflictsOfEach`, which sorts a person's shifts once for all of them, must agree with exactly.
 */
function literally(shift: ShiftSpan, context: ConflictContext): ShiftConflict[] {
  const conflicts: ShiftConflict[] = []
  const others = context.others.filter((other) => other.id === null || other.id !== shift.id)
  const start = shift.starts_at.getTime()
  const end = shift.ends_at.getTime()
  for (const other of others) {
    if (other.starts_at.getTime() < end && other.ends_at.getTime() > start) conflicts.push({ kind: 'overlap', severity: 'error', shift_id: other.id, minutes: null })
  }
  if (context.timeOff.some((off) => off.from.getTime() < end && off.to.getTime() > start)) conflicts.push({ kind: 'time_off', severity: 'error', shift_id: null, minutes: null })
  const rest = context.minRestMinutes * 60_000
  const before = others.filter((o) => o.ends_at.getTime() <= start).sort((a, b) => b.ends_at.getTime() - a.ends_at.getTime())[0]
  const after = others.filter((o) => o.starts_at.getTime() >= end).sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime())[0]
  for (const [neighbour, gap] of [
    [before, before ? start - before.ends_at.getTime() : Infinity],
    [after, after ? after.starts_at.getTime() - end : Infinity],
  ] as const) {
    if (neighbour && gap < rest) conflicts.push({ kind: 'rest', severity: 'warning', shift_id: neighbour.id, minutes: Math.round((rest - gap) / 60_000) })
  }
  if (context.maxWeeklyMinutes !== null) {
    const week = businessWeek(localDateOf(shift.starts_at, context.timeZone), context.timeZone, context.weekStart)
    const paid = (span: ShiftSpan) => Math.max(0, Math.round((span.ends_at.getTime() - span.starts_at.getTime()) / 60_000) - span.break_minutes)
    const total = [shift, ...others].filter((span) => span.starts_at >= week.from && span.starts_at < week.to).reduce((sum, span) => sum + paid(span), 0)
    if (total > context.maxWeeklyMinutes) conflicts.push({ kind: 'weekly_hours', severity: 'warning', shift_id: null, minutes: total - context.maxWeeklyMinutes })
  }
  const [alone] = conflictsOfEach([shift], { ...context, others: [], timeOff: [], maxWeeklyMinutes: null, minRestMinutes: 0 })
  return [...conflicts, ...alone!]
}

describe('conflicts of many shifts at once', () => {
  // A small deterministic generator (no flakiness): weeks across the March change, shifts that touch, tie and overlap.
  let seed = 7
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648)
  const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const days = ['2026-03-01', '2026-03-02', '2026-03-05', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10', '2026-03-15']
  const times = ['00:00', '02:30', '06:00', '07:00', '09:00', '13:00', '17:00', '21:00', '22:00', '23:30']

  it('answers what asking shift by shift answers, in the same order', () => {
    for (let round = 0; round < 150; round++) {
      const spans = Array.from({ length: 1 + Math.floor(random() * 14) }, (_, index) => {
        const start = pick(times)
        let end = pick(times)
        if (end === start) end = '23:59'
        return shift(pick(days), start, end, { id: random() < 0.1 ? null : `r${round}-${index % 11}`, break_minutes: pick([0, 0, 30, 60]), service_id: pick(['cleaning', 'windows']) })
      })
      const ctx = context({
        others: spans.filter(() => random() < 0.8),
        timeOff: random() < 0.3 ? [{ from: at(pick(days), '08:00'), to: at(pick(days), '20:00') }] : [],
        maxWeeklyMinutes: pick([null, 600, 2400]),
        serviceIds: pick([[], ['cleaning']]),
        availability: pick([null, { windows: [], exceptions: [] }, { windows: [{ weekday: 1, start: '06:00', end: '22:00' }], exceptions: [] }]),
        minRestMinutes: pick([0, 480, 720]),
        weekStart: pick([0, 1] as const),
      })
      expect(conflictsOfEach(spans, ctx)).toEqual(spans.map((span) => literally(span, ctx)))
    }
  })
})
