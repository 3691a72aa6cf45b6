import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addLocalDays, localWeekday } from './local-date.ts'
import { minutesBetween } from './time.ts'
import { businessWeek, businessWeekAt, firstDayOfWeek, weekStartFor } from './week.ts'

const toronto = 'America/Toronto'

describe('weekStartFor', () => {
  it.each([
    ['fr', 0, 1],
    ['fr', 1, 1],
    ['fr-CA', 0, 1],
    ['FR_ca', 0, 1],
    ['en', 0, 0],
    ['en', 1, 1],
    ['es', 0, 0],
    ['frr', 0, 0],
  ] as const)('%s with the setting %i starts on %i', (locale, setting, expected) => {
    expect(weekStartFor(locale, setting)).toBe(expected)
  })
})

describe('firstDayOfWeek', () => {
  it.each([
    ['2026-03-08', 1, '2026-03-02'],
    ['2026-03-08', 0, '2026-03-08'],
    ['2026-03-09', 1, '2026-03-09'],
    ['2026-03-09', 0, '2026-03-08'],
    ['2026-01-01', 1, '2025-12-29'],
  ] as const)('the week of %s starting on day %i begins %s', (date, weekStart, expected) => {
    expect(firstDayOfWeek(date, weekStart)).toBe(expected)
  })
})

describe('businessWeek', () => {
  it('lists the seven days from the week start, as instants in the business zone', () => {
    const week = businessWeek('2026-03-05', toronto, 1)
    expect(week.dates).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08'])
    expect([week.firstDay, week.lastDay]).toEqual(['2026-03-02', '2026-03-08'])
    expect(week.from.toISOString()).toBe('2026-03-02T05:00:00.000Z')
    expect(week.to.toISOString()).toBe('2026-03-09T04:00:00.000Z')
  })

  it.each([
    ['the spring-forward week', '2026-03-08', 0, 167],
    ['the fall-back week', '2026-11-01', 0, 169],
    ['the fall-back week from Monday', '2026-11-01', 1, 169],
    ['an ordinary week', '2026-06-10', 1, 168],
  ] as const)('%s lasts %i hours', (_, date, weekStart, hours) => {
    const week = businessWeek(date, toronto, weekStart)
    expect(minutesBetween(week.from, week.to)).toBe(hours * 60)
  })

  it('places an instant in the week of its local date, not its UTC date', () => {
    const sundayEvening = '2026-03-09T03:30:00Z'
    expect(businessWeekAt(sundayEvening, toronto, 1).firstDay).toBe('2026-03-02')
    expect(businessWeekAt(sundayEvening, 'UTC', 1).firstDay).toBe('2026-03-09')
  })

  it('always holds its date, starts on the week start, and the next week starts where it ends', () => {
    fc.assert(
      fc.property(fc.integer({ min: -800, max: 800 }), fc.constantFrom(0 as const, 1 as const), (days, weekStart) => {
        const date = addLocalDays('2026-03-08', days)
        const week = businessWeek(date, toronto, weekStart)
        expect(week.dates).toContain(date)
        expect(week.dates).toHaveLength(7)
        expect(localWeekday(week.firstDay)).toBe(weekStart)
        expect(businessWeek(addLocalDays(week.lastDay, 1), toronto, weekStart).from).toEqual(week.to)
        expect([167, 168, 169]).toContain(minutesBetween(week.from, week.to) / 60)
      }),
    )
  })
})
