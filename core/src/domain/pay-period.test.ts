import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addLocalDays, localDaysBetween } from './local-date.ts'
import { nextPayPeriod, payPeriodContaining, previousPayPeriod, type PaySchedule } from './pay-period.ts'
import { minutesBetween } from './time.ts'

const toronto = 'America/Toronto'
const weekly: PaySchedule = { frequency: 'weekly', weekStart: 0 }
const biweekly: PaySchedule = { frequency: 'biweekly', anchor: '2026-01-05' }
const semimonthly: PaySchedule = { frequency: 'semimonthly' }
const monthly: PaySchedule = { frequency: 'monthly' }

describe('payPeriodContaining', () => {
  it.each([
    ['weekly from Sunday', weekly, '2026-03-11', '2026-03-08', '2026-03-14'],
    ['weekly from Monday', { frequency: 'weekly', weekStart: 1 } as const, '2026-03-08', '2026-03-02', '2026-03-08'],
    ['bi-weekly on its anchor', biweekly, '2026-01-05', '2026-01-05', '2026-01-18'],
    ['bi-weekly, second period', biweekly, '2026-01-20', '2026-01-19', '2026-02-01'],
    ['bi-weekly, last day of a period', biweekly, '2026-02-01', '2026-01-19', '2026-02-01'],
    ['bi-weekly, before its anchor', biweekly, '2026-01-04', '2025-12-22', '2026-01-04'],
    ['bi-weekly, a year before its anchor', biweekly, '2025-01-10', '2025-01-06', '2025-01-19'],
    ['semi-monthly, first half', semimonthly, '2026-02-15', '2026-02-01', '2026-02-15'],
    ['semi-monthly, second half of February', semimonthly, '2026-02-16', '2026-02-16', '2026-02-28'],
    ['semi-monthly, second half of a leap February', semimonthly, '2028-02-20', '2028-02-16', '2028-02-29'],
    ['semi-monthly, second half of a long month', semimonthly, '2026-03-31', '2026-03-16', '2026-03-31'],
    ['monthly', monthly, '2026-02-14', '2026-02-01', '2026-02-28'],
    ['monthly, December', monthly, '2026-12-31', '2026-12-01', '2026-12-31'],
  ] as const)('%s: %s is in %s – %s', (_, schedule, date, firstDay, lastDay) => {
    const period = payPeriodContaining(date, schedule, toronto)
    expect([period.firstDay, period.lastDay]).toEqual([firstDay, lastDay])
  })

  it('spans the instants of its local days, an hour short when the clocks spring forward', () => {
    const period = payPeriodContaining('2026-03-10', semimonthly, toronto)
    expect(period.from.toISOString()).toBe('2026-03-01T05:00:00.000Z')
    expect(period.to.toISOString()).toBe('2026-03-16T04:00:00.000Z')
    expect(minutesBetween(period.from, period.to)).toBe((15 * 24 - 1) * 60)
  })
})

describe('next and previous pay periods', () => {
  it.each([
    ['weekly', weekly, '2026-03-11', '2026-03-15', '2026-03-01'],
    ['bi-weekly', biweekly, '2026-01-20', '2026-02-02', '2026-01-05'],
    ['semi-monthly from a first half', semimonthly, '2026-02-03', '2026-02-16', '2026-01-16'],
    ['semi-monthly from a second half', semimonthly, '2026-02-20', '2026-03-01', '2026-02-01'],
    ['monthly across a year end', monthly, '2026-12-05', '2027-01-01', '2026-11-01'],
  ] as const)('%s: after and before the period of %s come %s and %s', (_, schedule, date, next, previous) => {
    const period = payPeriodContaining(date, schedule, toronto)
    expect(nextPayPeriod(period, schedule, toronto).firstDay).toBe(next)
    expect(previousPayPeriod(period, schedule, toronto).firstDay).toBe(previous)
  })

  it('tiles the calendar: every period holds its date, and the next one starts the day after it ends', () => {
    const schedules = [weekly, { frequency: 'weekly', weekStart: 1 } as const, biweekly, semimonthly, monthly]
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.constantFrom(...schedules), (days, schedule) => {
        const date = addLocalDays('2026-03-08', days)
        const period = payPeriodContaining(date, schedule, toronto)
        expect(period.firstDay <= date && date <= period.lastDay).toBe(true)
        const next = nextPayPeriod(period, schedule, toronto)
        expect(localDaysBetween(period.lastDay, next.firstDay)).toBe(1)
        expect(next.from).toEqual(period.to)
        expect(previousPayPeriod(next, schedule, toronto)).toEqual(period)
        if (schedule.frequency === 'biweekly') expect(Math.abs(localDaysBetween(schedule.anchor, period.firstDay) % 14)).toBe(0)
      }),
    )
  })
})
