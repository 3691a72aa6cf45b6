import { describe, expect, it } from 'vitest'
import { minutesBetween } from './time.ts'
import { leaveAmount, leaveBalance, timeoffCategoryName, timeOffMinutes, timeOffSpan, type LeaveRules, type TimeOffPeriod } from './time-off.ts'

const TZ = 'America/Toronto'
const days = (start_date: string, end_date = start_date): TimeOffPeriod => ({ period: 'days', start_date, end_date, half: null, start_time: null, end_time: null })
const half = (date: string, which: 'morning' | 'afternoon'): TimeOffPeriod => ({ ...days(date), period: 'half_day', half: which })
const hours = (date: string, start_time: string, end_time: string): TimeOffPeriod => ({ ...days(date), period: 'hours', start_time, end_time })

describe('when time off keeps someone away', () => {
  it('runs whole days from midnight to the midnight after the last day, however long the days are', () => {
    const span = timeOffSpan(days('2026-03-07', '2026-03-08'), TZ)
    expect(span.from.toISOString()).toBe('2026-03-07T05:00:00.000Z')
    expect(span.to.toISOString()).toBe('2026-03-09T04:00:00.000Z')
    // The clocks spring forward on the 8th: two days are 47 hours.
    expect(minutesBetween(span.from, span.to)).toBe(47 * 60)
  })

  it('splits a day at noon for a half day, and takes the hours asked for', () => {
    const morning = timeOffSpan(half('2026-06-01', 'morning'), TZ)
    const afternoon = timeOffSpan(half('2026-06-01', 'afternoon'), TZ)
    expect([morning.from, morning.to, afternoon.from, afternoon.to].map((d) => d.toISOString())).toEqual([
      '2026-06-01T04:00:00.000Z',
      '2026-06-01T16:00:00.000Z',
      '2026-06-01T16:00:00.000Z',
      '2026-06-02T04:00:00.000Z',
    ])
    const appointment = timeOffSpan(hours('2026-06-01', '14:00', '16:00'), TZ)
    expect(appointment.from.toISOString()).toBe('2026-06-01T18:00:00.000Z')
    expect(appointment.to.toISOString()).toBe('2026-06-01T20:00:00.000Z')
  })
})

describe('what time off takes from a balance', () => {
  it('counts every day asked for as the category’s day, a half day as half of it', () => {
    expect(timeOffMinutes(days('2026-03-09', '2026-03-13'), 480, TZ)).toBe(2400)
    expect(timeOffMinutes(days('2026-03-08'), 480, TZ)).toBe(480)
    expect(timeOffMinutes(half('2026-03-09', 'afternoon'), 450, TZ)).toBe(225)
  })

  it('takes the hours on the clock for hourly leave, an hour less across the spring-forward gap', () => {
    expect(timeOffMinutes(hours('2026-06-01', '14:00', '16:15'), 480, TZ)).toBe(135)
    expect(timeOffMinutes(hours('2026-03-08', '01:00', '04:00'), 480, TZ)).toBe(120)
  })
})

const yearly: LeaveRules = { accrual: 'yearly', yearly_allowance_minutes: 4800, accrual_rate: null, carry_over_max_minutes: 2400, allow_negative: false }

describe('a balance', () => {
  it('is the yearly allowance less what was approved and what is pending', () => {
    expect(leaveBalance(yearly, [{ year: 2026, worked_minutes: 0, used_minutes: 960 }], 2026, 2026, 480)).toEqual({
      carried_over: 0,
      earned: 4800,
      used: 960,
      pending: 480,
      balance: 3840,
      available: 3360,
    })
  })

  it('carries at most the cap into the next year, and every unused year’s allowance up to it', () => {
    const years = [{ year: 2026, worked_minutes: 0, used_minutes: 960 }]
    expect(leaveBalance(yearly, years, 2026, 2027)).toMatchObject({ carried_over: 2400, earned: 4800, balance: 7200 })
    expect(leaveBalance({ ...yearly, carry_over_max_minutes: 0 }, years, 2026, 2027)).toMatchObject({ carried_over: 0, balance: 4800 })
    expect(leaveBalance({ ...yearly, carry_over_max_minutes: null }, years, 2026, 2028)).toMatchObject({ carried_over: 3840 + 4800, balance: 3840 + 9600 })
  })

  it('carries a debt in full', () => {
    const years = [{ year: 2026, worked_minutes: 0, used_minutes: 6000 }]
    expect(leaveBalance(yearly, years, 2026, 2027)).toMatchObject({ carried_over: -1200, balance: 3600 })
  })

  it('earns per hour worked, rounded once', () => {
    const accrued: LeaveRules = { accrual: 'per_hour_worked', yearly_allowance_minutes: null, accrual_rate: '0.04', carry_over_max_minutes: null, allow_negative: true }
    // 1,000 hours worked earn 40 hours; 37.5 minutes worked earn 1.5 → 2 minutes.
    expect(leaveBalance(accrued, [{ year: 2026, worked_minutes: 60_000, used_minutes: 600 }], 2026, 2026)).toMatchObject({ earned: 2400, balance: 1800 })
    expect(leaveBalance(accrued, [{ year: 2026, worked_minutes: 37, used_minutes: 0 }], 2026, 2026).earned).toBe(1)
    expect(leaveBalance(accrued, [{ year: 2026, worked_minutes: 38, used_minutes: 0 }], 2026, 2026).earned).toBe(2)
  })

  it('starts from the first year with figures, even before the year given as first', () => {
    expect(leaveBalance(yearly, [{ year: 2025, worked_minutes: 0, used_minutes: 0 }], 2026, 2026)).toMatchObject({ carried_over: 2400 })
  })

  it('keeps nothing for a category without accrual', () => {
    expect(leaveBalance({ ...yearly, accrual: 'none' }, [{ year: 2026, worked_minutes: 100, used_minutes: 480 }], 2026, 2026)).toMatchObject({ earned: 0, balance: -480 })
  })
})

describe('leave as people read it', () => {
  it('is days of the category’s length or hours, to two decimals', () => {
    expect(leaveAmount(1680, 'days', 480)).toBe(3.5)
    expect(leaveAmount(135, 'hours', 480)).toBe(2.25)
    expect(leaveAmount(100, 'days', 450)).toBe(0.22)
    expect(leaveAmount(-240, 'days', 480)).toBe(-0.5)
  })
})

describe('timeoffCategoryName', () => {
  it('reads Rota\'s own categories in the reader\'s language, whichever language created them, and the business\'s own as written', () => {
    expect(timeoffCategoryName('Vacation', 'es')).toBe('Vacaciones')
    expect(timeoffCategoryName('Congé de maladie', 'en')).toBe('Sick leave')
    expect(timeoffCategoryName('Duelo', 'fr')).toBe('Congé de deuil')
    expect(timeoffCategoryName('Summer shutdown', 'fr')).toBe('Summer shutdown')
    expect(timeoffCategoryName('vacation', 'fr')).toBe('vacation')
  })
})
