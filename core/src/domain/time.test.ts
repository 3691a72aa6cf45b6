import { tzOffset } from '@date-fns/tz'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addLocalDays } from './local-date.ts'
import { instantAt, isTimeZone, localDateOf, localDay, localHoursOf, localTimeExists, localTimeOf, minutesBetween, shiftRange, toInstant } from './time.ts'

const toronto = 'America/Toronto'
const iso = (date: Date) => date.toISOString()
/** A wall-clock reading 'YYYY-MM-DD HH:mm' as minutes on a calendar without clock changes. */
const wallMinutes = (reading: string) => Date.parse(`${reading.replace(' ', 'T')}Z`) / 60_000

describe('toInstant', () => {
  it('takes a Date or a timestamp with its offset', () => {
    expect(iso(toInstant('2026-03-08T02:30:00-05:00'))).toBe('2026-03-08T07:30:00.000Z')
    expect(iso(toInstant('2026-03-08T07:30Z'))).toBe('2026-03-08T07:30:00.000Z')
    expect(iso(toInstant(new Date('2026-03-08T07:30:00.123Z')))).toBe('2026-03-08T07:30:00.123Z')
  })

  it('refuses a timestamp whose zone it would have to guess, and nonsense', () => {
    expect(() => toInstant('2026-03-08T07:30:00')).toThrow(RangeError)
    expect(() => toInstant('2026-03-08')).toThrow(RangeError)
    expect(() => toInstant('2026-02-30T07:30:00Z')).toThrow(RangeError)
    expect(() => toInstant(new Date(Number.NaN))).toThrow(RangeError)
  })
})

describe('isTimeZone', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('America/St_Johns')).toBe(true)
    expect(isTimeZone('Canada/Nowhere')).toBe(false)
    expect(() => localDateOf('2026-01-01T00:00:00Z', 'Canada/Nowhere')).toThrow(RangeError)
  })
})

describe('local date and time of an instant', () => {
  it.each([
    ['2026-03-08T04:59:00Z', '2026-03-07', '23:59'],
    ['2026-03-08T05:00:00Z', '2026-03-08', '00:00'],
    ['2026-03-08T06:59:00Z', '2026-03-08', '01:59'],
    ['2026-03-08T07:00:00Z', '2026-03-08', '03:00'],
    ['2026-11-01T05:30:00Z', '2026-11-01', '01:30'],
    ['2026-11-01T06:30:00Z', '2026-11-01', '01:30'],
    ['2026-11-01T07:00:00Z', '2026-11-01', '02:00'],
  ])('%s is %s %s in Toronto', (instant, date, time) => {
    expect(localDateOf(instant, toronto)).toBe(date)
    expect(localTimeOf(instant, toronto)).toBe(time)
  })

  it('follows the zone it is given', () => {
    expect(localDateOf('2026-01-01T04:30:00Z', 'America/Vancouver')).toBe('2025-12-31')
    expect(localDateOf('2026-01-01T04:30:00Z', 'America/Halifax')).toBe('2026-01-01')
    expect(localTimeOf('2026-01-01T04:30:00Z', 'America/St_Johns')).toBe('01:00')
  })

  it('writes a stretch as its wall-clock hours, across a clock change and past midnight', () => {
    expect(localHoursOf('2026-03-09T13:00:00Z', '2026-03-09T21:30:00Z', toronto)).toBe('09:00–17:30')
    expect(localHoursOf('2026-03-08T03:00:00Z', '2026-03-08T11:00:00Z', toronto)).toBe('22:00–07:00')
  })
})

describe('localTimeExists', () => {
  it('is false only for the times the clocks skip when they spring forward', () => {
    expect(localTimeExists('2026-03-08', '01:59', toronto)).toBe(true)
    expect(localTimeExists('2026-03-08', '02:00', toronto)).toBe(false)
    expect(localTimeExists('2026-03-08', '02:59', toronto)).toBe(false)
    expect(localTimeExists('2026-03-08', '03:00', toronto)).toBe(true)
    // Falling back, 01:30 shows twice: it exists.
    expect(localTimeExists('2026-11-01', '01:30', toronto)).toBe(true)
    expect(localTimeExists('2026-03-09', '02:30', toronto)).toBe(true)
  })
})

describe('instantAt', () => {
  it.each([
    ['ordinary winter time', '2026-01-15', '09:00', toronto, '2026-01-15T14:00:00.000Z'],
    ['ordinary summer time', '2026-07-15', '09:00', toronto, '2026-07-15T13:00:00.000Z'],
    ['just before the gap', '2026-03-08', '01:59', toronto, '2026-03-08T06:59:00.000Z'],
    ['in the gap: moved forward an hour', '2026-03-08', '02:30', toronto, '2026-03-08T07:30:00.000Z'],
    ['at the gap: 02:00 is 03:00', '2026-03-08', '02:00', toronto, '2026-03-08T07:00:00.000Z'],
    ['just after the gap', '2026-03-08', '03:00', toronto, '2026-03-08T07:00:00.000Z'],
    ['in the overlap: the earlier 01:30 (EDT)', '2026-11-01', '01:30', toronto, '2026-11-01T05:30:00.000Z'],
    ['at the overlap: the earlier 01:00', '2026-11-01', '01:00', toronto, '2026-11-01T05:00:00.000Z'],
    ['after the overlap', '2026-11-01', '02:00', toronto, '2026-11-01T07:00:00.000Z'],
    ['Newfoundland gap', '2026-03-08', '02:30', 'America/St_Johns', '2026-03-08T06:00:00.000Z'],
    ['Newfoundland overlap', '2026-11-01', '01:30', 'America/St_Johns', '2026-11-01T04:00:00.000Z'],
    ['London overlap', '2026-10-25', '01:30', 'Europe/London', '2026-10-25T00:30:00.000Z'],
    ['Sydney overlap', '2026-04-05', '02:30', 'Australia/Sydney', '2026-04-04T15:30:00.000Z'],
    ['Lord Howe half-hour gap', '2026-10-04', '02:15', 'Australia/Lord_Howe', '2026-10-03T15:45:00.000Z'],
    ['Lord Howe half-hour overlap', '2026-04-05', '01:45', 'Australia/Lord_Howe', '2026-04-04T14:45:00.000Z'],
    ['Regina has no daylight time', '2026-03-08', '02:30', 'America/Regina', '2026-03-08T08:30:00.000Z'],
  ])('%s', (_, date, time, timeZone, expected) => {
    expect(iso(instantAt(date, time, timeZone))).toBe(expected)
  })

  /** What instantAt promises for any date and time: the time asked, or in a gap the time moved forward by the gap; never a later repeat. */
  function expectPromisesKept(date: string, time: string, timeZone: string) {
    const instant = instantAt(date, time, timeZone)
    const shows = (at: Date) => `${localDateOf(at, timeZone)} ${localTimeOf(at, timeZone)}`
    const asked = `${date} ${time}`
    if (shows(instant) !== asked) {
      const gap = tzOffset(timeZone, instant) - tzOffset(timeZone, new Date(instant.getTime() - 86_400_000))
      expect(gap).toBeGreaterThan(0)
      expect(wallMinutes(shows(instant)) - wallMinutes(asked)).toBe(gap)
    }
    for (const back of [30, 60]) expect(shows(new Date(instant.getTime() - back * 60_000))).not.toBe(shows(instant))
  }

  const zones = ['America/Toronto', 'America/St_Johns', 'America/Vancouver', 'Europe/London', 'Australia/Lord_Howe']
  const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

  it.each([
    ['America/Toronto', '2026-03-08'],
    ['America/Toronto', '2026-11-01'],
    ['America/St_Johns', '2026-03-08'],
    ['America/St_Johns', '2026-11-01'],
    ['Europe/London', '2026-03-29'],
    ['Europe/London', '2026-10-25'],
    ['Australia/Lord_Howe', '2026-04-05'],
    ['Australia/Lord_Howe', '2026-10-04'],
  ])('keeps its promises every 5 minutes of a clock-change day (%s, %s)', (timeZone, date) => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 5) expectPromisesKept(date, clock(minutes), timeZone)
  })

  it('keeps its promises on any day and time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 * 365 }), fc.integer({ min: 0, max: 24 * 60 - 1 }), fc.constantFrom(...zones), (days, minutes, timeZone) => {
        expectPromisesKept(addLocalDays('2025-01-01', days), clock(minutes), timeZone)
      }),
    )
  })
})

describe('localDay', () => {
  it.each([
    ['2026-03-07', 24 * 60],
    ['2026-03-08', 23 * 60],
    ['2026-03-09', 24 * 60],
    ['2026-11-01', 25 * 60],
  ])('%s lasts %i minutes in Toronto', (date, minutes) => {
    const { from, to } = localDay(date, toronto)
    expect(minutesBetween(from, to)).toBe(minutes)
    expect(localTimeOf(from, toronto)).toBe('00:00')
  })

  it('starts at the first moment of a day whose midnight is skipped (Santiago springs forward at 00:00)', () => {
    const { from, to } = localDay('2026-09-06', 'America/Santiago')
    expect(localTimeOf(from, 'America/Santiago')).toBe('01:00')
    expect(minutesBetween(from, to)).toBe(23 * 60)
  })
})

describe('minutesBetween', () => {
  it('counts whole minutes and drops seconds', () => {
    expect(minutesBetween('2026-01-05T14:00:00Z', '2026-01-05T22:30:59Z')).toBe(510)
    expect(minutesBetween('2026-01-05T22:30:00Z', '2026-01-05T14:00:00Z')).toBe(-510)
    expect(minutesBetween('2026-03-08T06:00:00Z', '2026-03-08T08:00:00Z')).toBe(120)
  })
})

describe('shiftRange', () => {
  it.each([
    ['a day shift', '2026-01-15', '09:00', '17:00', '2026-01-15', 480],
    ['a night shift crosses midnight', '2026-01-15', '22:00', '06:00', '2026-01-16', 480],
    ['a night shift as the clocks spring forward is an hour shorter', '2026-03-07', '22:00', '06:00', '2026-03-08', 420],
    ['a night shift as the clocks fall back is an hour longer', '2026-10-31', '22:00', '06:00', '2026-11-01', 540],
    ['a day shift on the short day is unaffected after 03:00', '2026-03-08', '09:00', '17:00', '2026-03-08', 480],
    ['a shift spanning the gap loses the hour', '2026-03-08', '01:00', '05:00', '2026-03-08', 180],
    ['an end equal to the start is a whole day later', '2026-01-15', '09:00', '09:00', '2026-01-16', 1440],
    ['an end at midnight is the next day', '2026-01-15', '16:00', '00:00', '2026-01-16', 480],
  ])('%s', (_, date, start, end, endDate, minutes) => {
    const shift = shiftRange(date, start, end, toronto)
    expect(shift.endDate).toBe(endDate)
    expect(shift.minutes).toBe(minutes)
    expect(minutesBetween(shift.from, shift.to)).toBe(minutes)
    expect(localTimeOf(shift.to, toronto)).toBe(end)
  })

  it('moves a shift that starts in the gap forward with it, and never gives a negative length', () => {
    const inside = shiftRange('2026-03-08', '02:15', '02:45', toronto)
    expect([localTimeOf(inside.from, toronto), localTimeOf(inside.to, toronto), inside.minutes]).toEqual(['03:15', '03:45', 30])
    const overtaken = shiftRange('2026-03-08', '02:30', '03:00', toronto)
    expect(iso(overtaken.from)).toBe('2026-03-08T07:30:00.000Z')
    expect(overtaken.minutes).toBe(0)
  })
})
