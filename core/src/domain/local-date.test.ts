import { describe, expect, it } from 'vitest'
import {
  addLocalDays,
  isLocalDate,
  isLocalTime,
  lastDayOfLocalMonth,
  localDateParts,
  localDaysBetween,
  localTimeParts,
  localWeekday,
} from './local-date.ts'

describe('isLocalDate', () => {
  it.each(['2026-03-08', '2028-02-29', '2000-02-29', '1999-12-31'])('accepts %s', (date) => {
    expect(isLocalDate(date)).toBe(true)
  })

  it.each(['2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-3-8', '2026-03-08T00:00', ''])(
    'refuses %j',
    (date) => {
      expect(isLocalDate(date)).toBe(false)
    },
  )
})

describe('isLocalTime', () => {
  it.each(['00:00', '07:30', '23:59'])('accepts %s', (time) => {
    expect(isLocalTime(time)).toBe(true)
  })

  it.each(['24:00', '7:30', '07:60', '07:30:00', ''])('refuses %j', (time) => {
    expect(isLocalTime(time)).toBe(false)
  })
})

describe('parts', () => {
  it('reads a date and a time', () => {
    expect(localDateParts('2026-03-08')).toEqual({ year: 2026, month: 3, day: 8 })
    expect(localTimeParts('22:05')).toEqual({ hours: 22, minutes: 5 })
  })

  it('throws a RangeError for text that is not a date or a time', () => {
    expect(() => localDateParts('2026-02-30')).toThrow(RangeError)
    expect(() => localTimeParts('25:00')).toThrow(RangeError)
    expect(() => addLocalDays('March 8', 1)).toThrow(RangeError)
  })
})

describe('calendar arithmetic', () => {
  it.each([
    ['2026-02-27', 2, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-03-07', 1, '2026-03-08'],
    ['2026-11-01', 7, '2026-11-08'],
    ['2026-03-08', 0, '2026-03-08'],
  ])('%s + %i days is %s', (date, days, expected) => {
    expect(addLocalDays(date, days)).toBe(expected)
  })

  it('counts calendar days, whatever the clocks do in between', () => {
    expect(localDaysBetween('2026-03-01', '2026-03-15')).toBe(14)
    expect(localDaysBetween('2026-03-15', '2026-03-01')).toBe(-14)
    expect(localDaysBetween('2025-12-31', '2027-01-01')).toBe(366)
  })

  it('knows the day of the week and the end of the month', () => {
    expect(localWeekday('2026-03-08')).toBe(0)
    expect(localWeekday('2026-03-09')).toBe(1)
    expect(lastDayOfLocalMonth('2028-02-10')).toBe('2028-02-29')
    expect(lastDayOfLocalMonth('2026-02-01')).toBe('2026-02-28')
    expect(lastDayOfLocalMonth('2026-12-31')).toBe('2026-12-31')
  })

  it('adding n days then counting gives n back, every day of a long run', () => {
    for (let days = -399; days <= 399; days += 7) {
      const date = addLocalDays('2026-03-08', days)
      expect(isLocalDate(date)).toBe(true)
      expect(localDaysBetween('2026-03-08', date)).toBe(days)
      expect(localWeekday(date)).toBe(0)
    }
  })
})
