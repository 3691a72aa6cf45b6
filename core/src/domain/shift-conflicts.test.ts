import { describe, expect, it } from 'vitest'
import { shiftConflicts, type ConflictContext, type ShiftSpan } from './shift-conflicts.ts'
import { instantAt } from './time.ts'

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
