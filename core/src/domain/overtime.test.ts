import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CANADIAN_PROVINCES } from '../contract/account.ts'
import { overtimeRuleOn, type OvertimeJurisdiction, type OvertimeRule } from './overtime-rules.ts'
import { splitOvertime, totalHours, type EntryHours, type WorkedEntry } from './overtime.ts'
import { localDateOf, shiftRange } from './time.ts'

const toronto = 'America/Toronto'
const rule = (jurisdiction: OvertimeJurisdiction) => overtimeRuleOn({ jurisdiction }, '2026-03-02')

/** An entry written as a schedule shows it, placed in Toronto time. */
function entry(id: string, date: string, start: string, end: string, breakMinutes = 0): WorkedEntry {
  const shift = shiftRange(date, start, end, toronto)
  return { id, start: shift.from.toISOString(), end: shift.to.toISOString(), breakMinutes }
}

/** [id, regular, overtime, double time] per entry. */
const split = (rows: EntryHours[]) => rows.map((row) => [row.id, row.regularMinutes, row.overtimeMinutes, row.doubleTimeMinutes])

// The week of Monday 2026-03-02 to Sunday 2026-03-08 (the clocks spring forward that Sunday).
const weekdays = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']
const tenHourDays = weekdays.map((date) => entry(date, date, '09:00', '19:30', 30)) // 600 paid minutes each
const nineHourDays = weekdays.map((date) => entry(date, date, '09:00', '18:00')) // 540 each

describe('splitOvertime: weekly thresholds', () => {
  it('Ontario: 5 × 10 h = 50 h, so the last 6 h of Friday are overtime (44 h/week)', () => {
    expect(split(splitOvertime(tenHourDays, toronto, rule('ON')))).toEqual([
      ['2026-03-02', 600, 0, 0],
      ['2026-03-03', 600, 0, 0],
      ['2026-03-04', 600, 0, 0],
      ['2026-03-05', 600, 0, 0],
      ['2026-03-06', 240, 360, 0],
    ])
  })

  it('Quebec: the same week reaches 40 h on Thursday evening, so all of Friday is overtime', () => {
    expect(split(splitOvertime(tenHourDays, toronto, rule('QC'))).at(-1)).toEqual(['2026-03-06', 0, 600, 0])
    expect(totalHours(splitOvertime(tenHourDays, toronto, rule('QC')))).toEqual({ regularMinutes: 2400, overtimeMinutes: 600, doubleTimeMinutes: 0 })
  })

  it('allocates in time order, whatever order the entries come in, and answers in their order', () => {
    const reversed = [...tenHourDays].reverse()
    const rows = splitOvertime(reversed, toronto, rule('ON'))
    expect(rows.map((row) => row.id)).toEqual(reversed.map((e) => e.id))
    expect(split(rows)[0]).toEqual(['2026-03-06', 240, 360, 0])
  })
})

describe('splitOvertime: daily or weekly, whichever gives more (AB, MB, federal)', () => {
  it('Alberta, 5 × 10 h: 2 h a day (10 h) beats 50 − 44 = 6 h by the week', () => {
    expect(split(splitOvertime(tenHourDays, toronto, rule('AB')))).toEqual(weekdays.map((date) => [date, 480, 120, 0]))
  })

  it('Alberta, 6 × 8 h: no daily overtime, but 48 − 44 = 4 h by the week, the last 4 h of Saturday', () => {
    const sixDays = [...weekdays, '2026-03-07'].map((date) => entry(date, date, '08:00', '16:00'))
    const rows = split(splitOvertime(sixDays, toronto, rule('AB')))
    expect(rows.slice(0, 5)).toEqual(weekdays.map((date) => [date, 480, 0, 0]))
    expect(rows[5]).toEqual(['2026-03-07', 240, 240, 0])
  })

  it('Alberta, a 12 h Monday then 5 × 8 h: 4 h by days loses to 52 − 44 = 8 h by the week', () => {
    const entries = [entry('mon', '2026-03-02', '06:00', '18:00'), ...['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'].map((date) => entry(date, date, '08:00', '16:00'))]
    const rows = split(splitOvertime(entries, toronto, rule('AB')))
    expect(rows[0]).toEqual(['mon', 720, 0, 0])
    expect(rows[5]).toEqual(['2026-03-07', 0, 480, 0])
  })

  it('Manitoba, 5 × 9 h: 5 h by days ties 45 − 40 = 5 h by the week, and days win the tie', () => {
    expect(split(splitOvertime(nineHourDays, toronto, rule('MB')))).toEqual(weekdays.map((date) => [date, 480, 60, 0]))
  })

  it('federal, 5 × 9 h then 8 h Saturday: 5 h by days loses to 53 − 40 = 13 h by the week', () => {
    const entries = [...nineHourDays, entry('sat', '2026-03-07', '08:00', '16:00')]
    const rows = split(splitOvertime(entries, toronto, rule('FED')))
    expect(rows.slice(0, 4)).toEqual(weekdays.slice(0, 4).map((date) => [date, 540, 0, 0]))
    expect(rows.slice(4)).toEqual([['2026-03-06', 240, 300, 0], ['sat', 0, 480, 0]])
  })
})

describe('splitOvertime: British Columbia (daily, then weekly on the rest, double time past 12 h)', () => {
  it('a 13 h day: 8 h regular, 4 h at 1.5×, the 13th hour at 2×', () => {
    expect(split(splitOvertime([entry('long', '2026-03-02', '07:00', '21:00', 60)], toronto, rule('BC')))).toEqual([['long', 480, 240, 60]])
  })

  it('5 × 9 h then 8 h Saturday: 1 h a day by days, and Saturday is past 40 regular hours', () => {
    const entries = [...nineHourDays, entry('sat', '2026-03-07', '08:00', '16:00')]
    expect(split(splitOvertime(entries, toronto, rule('BC')))).toEqual([...weekdays.map((date) => [date, 480, 60, 0]), ['sat', 0, 480, 0]])
  })

  it('counts toward 40 h only the hours that were not daily overtime', () => {
    const entries = [
      ...weekdays.slice(0, 4).map((date) => entry(date, date, '08:00', '18:00')), // 4 × (8 h + 2 h overtime)
      entry('fri', '2026-03-06', '08:00', '16:00'), // 8 h: 40 regular hours reached
      entry('sat', '2026-03-07', '08:00', '12:00'), // 4 h, all weekly overtime
    ]
    const rows = split(splitOvertime(entries, toronto, rule('BC')))
    expect(rows.slice(4)).toEqual([['fri', 480, 0, 0], ['sat', 0, 240, 0]])
    expect(totalHours(splitOvertime(entries, toronto, rule('BC')))).toEqual({ regularMinutes: 2400, overtimeMinutes: 720, doubleTimeMinutes: 0 })
  })

  it('splits by day the minutes of several entries on one day, the later ones crossing the threshold', () => {
    const entries = [entry('afternoon', '2026-03-02', '14:00', '19:00'), entry('morning', '2026-03-02', '06:00', '13:00')]
    expect(split(splitOvertime(entries, toronto, rule('BC')))).toEqual([['afternoon', 60, 240, 0], ['morning', 420, 0, 0]])
  })
})

describe('splitOvertime: days and clocks', () => {
  it('counts a night shift toward the day it starts on', () => {
    const entries = [entry('night', '2026-03-02', '20:00', '06:00'), entry('tuesday', '2026-03-03', '09:00', '15:00')]
    const rows = splitOvertime(entries, toronto, rule('AB'))
    expect(rows.map((row) => row.day)).toEqual(['2026-03-02', '2026-03-03'])
    expect(split(rows)).toEqual([['night', 480, 120, 0], ['tuesday', 360, 0, 0]])
  })

  it('pays the hours really worked across a clock change: 22:00–08:00 is 9 h in spring, 11 h in autumn', () => {
    const spring = splitOvertime([entry('spring', '2026-03-07', '22:00', '08:00')], toronto, rule('BC'))
    expect(spring[0]).toMatchObject({ day: '2026-03-07', paidMinutes: 540, regularMinutes: 480, overtimeMinutes: 60 })
    const autumn = splitOvertime([entry('autumn', '2026-10-31', '22:00', '08:00')], toronto, rule('BC'))
    expect(autumn[0]).toMatchObject({ day: '2026-10-31', paidMinutes: 660, regularMinutes: 480, overtimeMinutes: 180 })
  })

  it('places a day by the business time zone, not UTC', () => {
    const lateSunday = { id: 'late', start: '2026-03-09T02:00:00Z', end: '2026-03-09T04:00:00Z', breakMinutes: 0 }
    expect(splitOvertime([lateSunday], toronto, rule('ON'))[0]?.day).toBe('2026-03-08')
  })

  it('takes unpaid breaks out before counting', () => {
    expect(split(splitOvertime([entry('lunch', '2026-03-02', '08:00', '17:00', 60)], toronto, rule('AB')))).toEqual([['lunch', 480, 0, 0]])
  })

  it('refuses an entry that ends before it starts, a break longer than the entry, and a broken rule', () => {
    const backwards = { id: 'x', start: '2026-03-02T18:00:00Z', end: '2026-03-02T10:00:00Z', breakMinutes: 0 }
    expect(() => splitOvertime([backwards], toronto, rule('ON'))).toThrow(RangeError)
    expect(() => splitOvertime([entry('x', '2026-03-02', '09:00', '10:00', 61)], toronto, rule('ON'))).toThrow(RangeError)
    expect(() => splitOvertime([entry('x', '2026-03-02', '09:00', '10:00', -1)], toronto, rule('ON'))).toThrow(RangeError)
    expect(() => splitOvertime([], toronto, { ...rule('ON'), weeklyThresholdMinutes: 2640.5 })).toThrow(RangeError)
    expect(() => splitOvertime([], toronto, { ...rule('ON'), multiplier: 'x1.5' })).toThrow(RangeError)
  })
})

describe('splitOvertime: properties', () => {
  const jurisdictions: OvertimeJurisdiction[] = [...CANADIAN_PROVINCES, 'FED']
  const threshold = fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null })
  const customRule = fc.record<OvertimeRule>({
    dailyThresholdMinutes: threshold,
    weeklyThresholdMinutes: threshold,
    multiplier: fc.constant('1.5'),
    doubleTimeDailyThresholdMinutes: threshold,
    doubleTimeMultiplier: fc.constant('2'),
    combine: fc.constantFrom('greater' as const, 'daily-then-weekly' as const),
  })
  const anyRule = fc.oneof(fc.constantFrom(...jurisdictions).map(rule), customRule)
  const weekStart = Date.parse('2026-10-26T04:00:00Z') // Monday 00:00 in Toronto; the clocks fall back on Sunday
  const worked = fc
    .record({ offset: fc.integer({ min: 0, max: 7 * 24 * 60 - 1 }), length: fc.integer({ min: 0, max: 16 * 60 }), pause: fc.nat({ max: 100 }) })
    .map(({ offset, length, pause }): WorkedEntry => {
      const start = new Date(weekStart + offset * 60_000)
      return { id: `e${offset}-${length}`, start, end: new Date(start.getTime() + length * 60_000), breakMinutes: Math.floor((length * pause) / 100) }
    })

  it('always splits every paid minute, and only them', () => {
    fc.assert(
      fc.property(fc.array(worked, { maxLength: 12 }), anyRule, (entries, overtimeRule) => {
        const rows = splitOvertime(entries, toronto, overtimeRule)
        expect(rows.map((row) => row.id)).toEqual(entries.map((e) => e.id))
        rows.forEach((row, index) => {
          const source = entries[index] as WorkedEntry
          expect(row.regularMinutes + row.overtimeMinutes + row.doubleTimeMinutes).toBe(row.paidMinutes)
          expect(Math.min(row.regularMinutes, row.overtimeMinutes, row.doubleTimeMinutes)).toBeGreaterThanOrEqual(0)
          expect(row.day).toBe(localDateOf(source.start, toronto))
        })
      }),
    )
  })

  it('pays as much overtime as the law counts, computed another way from day and week totals', () => {
    fc.assert(
      fc.property(fc.array(worked, { maxLength: 12 }), anyRule, (entries, overtimeRule) => {
        const rows = splitOvertime(entries, toronto, overtimeRule)
        const byDay = new Map<string, number>()
        for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.paidMinutes)
        const days = [...byDay.values()]
        const over = (minutes: number, limit: number | null) => (limit === null ? 0 : Math.max(0, minutes - limit))
        const capped = (minutes: number, limit: number | null) => (limit === null ? minutes : Math.min(minutes, limit))
        const { dailyThresholdMinutes: daily, weeklyThresholdMinutes: weekly, doubleTimeDailyThresholdMinutes: double } = overtimeRule
        const doubleTime = days.reduce((sum, minutes) => sum + over(minutes, double), 0)
        const belowDouble = days.map((minutes) => capped(minutes, double))
        const dailyOvertime = belowDouble.reduce((sum, minutes) => sum + over(minutes, daily), 0)
        const total = totalHours(rows)
        expect(total.doubleTimeMinutes).toBe(doubleTime)
        if (overtimeRule.combine === 'daily-then-weekly') {
          const regularByDays = belowDouble.reduce((sum, minutes) => sum + capped(minutes, daily), 0)
          expect(total.overtimeMinutes).toBe(dailyOvertime + over(regularByDays, weekly))
        } else {
          const weeklyOvertime = over(days.reduce((sum, minutes) => sum + minutes, 0), weekly)
          const premium = total.overtimeMinutes + total.doubleTimeMinutes
          if (double === null) expect(premium).toBe(Math.max(dailyOvertime, weeklyOvertime))
          else {
            // Double time late in a day may also be past the weekly threshold: counted once, as double time.
            expect(premium).toBeGreaterThanOrEqual(Math.max(dailyOvertime + doubleTime, weeklyOvertime))
            expect(premium).toBeLessThanOrEqual(dailyOvertime + doubleTime + weeklyOvertime)
          }
        }
      }),
    )
  })

  it('with a weekly threshold only, the regular minutes come first: after overtime starts, nothing is regular', () => {
    fc.assert(
      fc.property(fc.array(worked, { maxLength: 12 }), fc.constantFrom<OvertimeJurisdiction>('ON', 'QC', 'NB', 'NS', 'PE', 'NL'), (entries, jurisdiction) => {
        const rows = splitOvertime(entries, toronto, rule(jurisdiction))
        const inTimeOrder = rows
          .map((row, index) => ({ row, start: new Date((entries[index] as WorkedEntry).start).getTime(), index }))
          .sort((a, b) => a.start - b.start || a.index - b.index)
        let overtimeStarted = false
        for (const { row } of inTimeOrder) {
          if (overtimeStarted) expect(row.regularMinutes).toBe(0)
          if (row.overtimeMinutes > 0) overtimeStarted = true
        }
      }),
    )
  })
})
