import { describe, expect, it } from 'vitest'
import { CANADIAN_PROVINCES } from '../contract/account.ts'
import {
  easterSunday,
  holidayOn,
  holidayPay,
  holidayPayPresets,
  holidayPayRuleOn,
  holidayPayWindow,
  holidayPremiumOn,
  holidaysBetween,
  statutoryHolidays,
  type HolidayJurisdiction,
  type HolidayPayDay,
} from './holidays.ts'
import { addLocalDays } from './local-date.ts'
import { lineAmount } from './money.ts'

const jurisdictions: HolidayJurisdiction[] = [...CANADIAN_PROVINCES, 'FED']
const datesOf = (jurisdiction: HolidayJurisdiction, year: number) => statutoryHolidays(jurisdiction, year).map((holiday) => holiday.date)
const keysOf = (jurisdiction: HolidayJurisdiction, year: number) => statutoryHolidays(jurisdiction, year).map((holiday) => holiday.key)

describe('easterSunday', () => {
  it.each([
    [2000, '2000-04-23'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2028, '2028-04-16'],
    [2038, '2038-04-25'],
  ])('%i: %s', (year, date) => {
    expect(easterSunday(year)).toBe(date)
  })
})

describe('statutoryHolidays', () => {
  it('lists British Columbia 2026 by date', () => {
    expect(statutoryHolidays('BC', 2026)).toEqual([
      { date: '2026-01-01', key: 'new_years_day' },
      { date: '2026-02-16', key: 'family_day' },
      { date: '2026-04-03', key: 'good_friday' },
      { date: '2026-05-18', key: 'victoria_day' },
      { date: '2026-07-01', key: 'canada_day' },
      { date: '2026-08-03', key: 'bc_day' },
      { date: '2026-09-07', key: 'labour_day' },
      { date: '2026-09-30', key: 'truth_and_reconciliation_day' },
      { date: '2026-10-12', key: 'thanksgiving' },
      { date: '2026-11-11', key: 'remembrance_day' },
      { date: '2026-12-25', key: 'christmas_day' },
    ])
  })

  it('lists Ontario 2026 by date', () => {
    expect(statutoryHolidays('ON', 2026)).toEqual([
      { date: '2026-01-01', key: 'new_years_day' },
      { date: '2026-02-16', key: 'family_day' },
      { date: '2026-04-03', key: 'good_friday' },
      { date: '2026-05-18', key: 'victoria_day' },
      { date: '2026-07-01', key: 'canada_day' },
      { date: '2026-09-07', key: 'labour_day' },
      { date: '2026-10-12', key: 'thanksgiving' },
      { date: '2026-12-25', key: 'christmas_day' },
      { date: '2026-12-26', key: 'boxing_day' },
    ])
  })

  it('lists Quebec 2026 by date', () => {
    expect(statutoryHolidays('QC', 2026)).toEqual([
      { date: '2026-01-01', key: 'new_years_day' },
      { date: '2026-04-03', key: 'good_friday' },
      { date: '2026-05-18', key: 'national_patriots_day' },
      { date: '2026-06-24', key: 'fete_nationale' },
      { date: '2026-07-01', key: 'canada_day' },
      { date: '2026-09-07', key: 'labour_day' },
      { date: '2026-10-12', key: 'thanksgiving' },
      { date: '2026-12-25', key: 'christmas_day' },
    ])
  })

  it.each([
    ['FED', 12],
    ['BC', 11],
    ['ON', 9],
    ['QC', 8],
    ['AB', 9],
    ['MB', 9],
    ['SK', 10],
    ['NS', 6],
    ['NB', 8],
    ['PE', 8],
    ['NL', 6],
    ['YT', 11],
    ['NT', 11],
    ['NU', 11],
  ] as const)('%s has %i general holidays in 2026', (jurisdiction, count) => {
    expect(statutoryHolidays(jurisdiction, 2026)).toHaveLength(count)
  })

  it.each(jurisdictions)('%s has New Year’s Day, Good Friday, Canada Day, Labour Day and Christmas Day', (jurisdiction) => {
    expect(keysOf(jurisdiction, 2026)).toEqual(expect.arrayContaining(['new_years_day', 'good_friday', 'canada_day', 'labour_day', 'christmas_day']))
  })

  it('moves BC Family Day from the second to the third Monday of February in 2019', () => {
    expect(holidayOn('BC', '2018-02-12')?.key).toBe('family_day')
    expect(holidayOn('BC', '2019-02-18')?.key).toBe('family_day')
    expect(holidayOn('BC', '2019-02-11')).toBeUndefined()
    expect(keysOf('BC', 2012)).not.toContain('family_day')
  })

  it('moves Islander Day from the second to the third Monday of February after its first year', () => {
    expect(holidayOn('PE', '2009-02-09')?.key).toBe('islander_day')
    expect(holidayOn('PE', '2010-02-15')?.key).toBe('islander_day')
    expect(keysOf('PE', 2008)).not.toContain('islander_day')
  })

  it('adds the Day for Truth and Reconciliation from the year each law made it a holiday', () => {
    expect(keysOf('BC', 2022)).not.toContain('truth_and_reconciliation_day')
    expect(holidayOn('BC', '2023-09-30')?.key).toBe('truth_and_reconciliation_day')
    expect(keysOf('FED', 2020)).not.toContain('truth_and_reconciliation_day')
    expect(holidayOn('FED', '2021-09-30')?.key).toBe('truth_and_reconciliation_day')
    expect(holidayOn('NT', '2022-09-30')?.key).toBe('truth_and_reconciliation_day')
    expect(keysOf('ON', 2026)).not.toContain('truth_and_reconciliation_day')
  })

  it('observes Canada Day on Monday 2 July when 1 July is a Sunday', () => {
    expect(holidayOn('ON', '2029-07-02')?.key).toBe('canada_day')
    expect(holidayOn('ON', '2029-07-01')).toBeUndefined()
  })

  it('keeps other holidays on their own date when it is a weekend', () => {
    expect(holidayOn('ON', '2027-12-25')?.key).toBe('christmas_day') // a Saturday
    expect(holidayOn('ON', '2027-12-27')).toBeUndefined()
  })

  it('puts Victoria Day on the Monday before 25 May, which may be 24 May', () => {
    expect(holidayOn('AB', '2026-05-18')?.key).toBe('victoria_day')
    expect(holidayOn('AB', '2027-05-24')?.key).toBe('victoria_day')
    expect(holidayOn('QC', '2027-05-24')?.key).toBe('national_patriots_day')
  })

  it('has only the federal Easter Monday and the Ontario and federal Boxing Day', () => {
    const withEasterMonday = jurisdictions.filter((jurisdiction) => keysOf(jurisdiction, 2026).includes('easter_monday'))
    const withBoxingDay = jurisdictions.filter((jurisdiction) => keysOf(jurisdiction, 2026).includes('boxing_day'))
    expect(withEasterMonday).toEqual(['FED'])
    expect(withBoxingDay.sort()).toEqual(['FED', 'ON'])
    expect(holidayOn('FED', '2026-04-06')?.key).toBe('easter_monday')
  })

  it('answers nothing before the table starts in 2000', () => {
    expect(statutoryHolidays('ON', 1999)).toEqual([])
    expect(datesOf('ON', 2000)[0]).toBe('2000-01-01')
  })

  it('refuses a year that is not a whole number', () => {
    expect(() => statutoryHolidays('ON', 2026.5)).toThrow(RangeError)
  })
})

describe('holidaysBetween', () => {
  it('spans a year end, both days included', () => {
    expect(holidaysBetween('ON', '2026-12-25', '2027-01-01')).toEqual([
      { date: '2026-12-25', key: 'christmas_day' },
      { date: '2026-12-26', key: 'boxing_day' },
      { date: '2027-01-01', key: 'new_years_day' },
    ])
  })

  it('is empty between two holidays', () => {
    expect(holidaysBetween('QC', '2026-01-02', '2026-04-02')).toEqual([])
  })
})

describe('holiday pay rules', () => {
  it('has one for every province, territory and the federal jurisdiction', () => {
    expect(holidayPayPresets.map((rule) => rule.jurisdiction).sort()).toEqual([...jurisdictions].sort())
  })

  it('pays work on the holiday at 1.5× in BC, at the regular rate in Quebec and at 2× in Newfoundland and Labrador', () => {
    const eightHoursAt20 = (jurisdiction: HolidayJurisdiction) => lineAmount(480, 2000, holidayPayRuleOn(jurisdiction, '2026-07-01').workedMultiplier)
    expect(eightHoursAt20('BC')).toBe(24000)
    expect(eightHoursAt20('QC')).toBe(16000)
    expect(eightHoursAt20('NL')).toBe(32000)
  })

  it('gives the premium of a day that is a holiday, and none on any other day', () => {
    expect(holidayPremiumOn('BC', '2026-09-30')).toBe('1.5')
    expect(holidayPremiumOn('ON', '2026-09-30')).toBeUndefined()
    expect(holidayPremiumOn('QC', '2026-06-24')).toBe('1')
  })

  it('refuses a date before any rule', () => {
    expect(() => holidayPayRuleOn('ON', '1999-12-31')).toThrow(RangeError)
  })
})

describe('holidayPayWindow', () => {
  it('takes the 30 days before a BC holiday', () => {
    expect(holidayPayWindow(holidayPayRuleOn('BC', '2026-09-30'), '2026-09-30', 1)).toEqual({ firstDay: '2026-08-31', lastDay: '2026-09-29' })
  })

  it('takes the four weeks before the business week of an Ontario holiday', () => {
    const rule = holidayPayRuleOn('ON', '2026-09-07')
    expect(holidayPayWindow(rule, '2026-09-07', 1)).toEqual({ firstDay: '2026-08-10', lastDay: '2026-09-06' })
    expect(holidayPayWindow(rule, '2026-09-07', 0)).toEqual({ firstDay: '2026-08-09', lastDay: '2026-09-05' })
  })

  it('takes three weeks in Newfoundland and Labrador', () => {
    expect(holidayPayWindow(holidayPayRuleOn('NL', '2026-09-07'), '2026-09-07', 1)).toEqual({ firstDay: '2026-08-17', lastDay: '2026-09-06' })
  })
})

describe('holidayPay', () => {
  const workDays = (count: number, first: string, pay: Omit<HolidayPayDay, 'date'>): HolidayPayDay[] =>
    Array.from({ length: count }, (_, index) => ({ date: addLocalDays(first, index), ...pay }))

  it('pays an average day in BC, overtime included', () => {
    const days = workDays(16, '2026-08-31', { regularCents: 11000, overtimeCents: 1000 })
    expect(holidayPay(holidayPayRuleOn('BC', '2026-09-30'), days)).toEqual({ owed: true, daysWorked: 16, wagesCents: 192000, amountCents: 12000 })
  })

  it('owes nothing in BC to someone who worked 14 of the 30 days', () => {
    const days = workDays(14, '2026-08-31', { regularCents: 12000, overtimeCents: 0 })
    expect(holidayPay(holidayPayRuleOn('BC', '2026-09-30'), days)).toEqual({ owed: false, daysWorked: 14, wagesCents: 168000, amountCents: 0 })
  })

  it('pays a twentieth of regular wages in Ontario, overtime left out', () => {
    const days = workDays(28, '2026-08-10', { regularCents: 0, overtimeCents: 0 }).map((day, index) =>
      index % 7 < 5 ? { ...day, regularCents: 16000, overtimeCents: index % 7 === 4 ? 4500 : 0 } : day,
    )
    expect(holidayPay(holidayPayRuleOn('ON', '2026-09-07'), days)).toEqual({ owed: true, daysWorked: 20, wagesCents: 320000, amountCents: 16000 })
  })

  it('counts the vacation pay payable on the window’s wages where the rule says so (Ontario), not elsewhere', () => {
    const days = workDays(20, '2026-08-10', { regularCents: 16000, overtimeCents: 0 })
    // ($3,200.00 + 4 % = $128.00) / 20
    expect(holidayPay(holidayPayRuleOn('ON', '2026-09-07'), days, '4')).toMatchObject({ wagesCents: 332800, amountCents: 16640 })
    expect(holidayPay(holidayPayRuleOn('QC', '2026-09-07'), days, '4')).toMatchObject({ wagesCents: 320000, amountCents: 16000 })
    expect(holidayPay(holidayPayRuleOn('ON', '2026-09-07'), days)).toMatchObject({ amountCents: 16000 })
  })

  it('rounds half up', () => {
    const days = workDays(3, '2026-08-10', { regularCents: 10001, overtimeCents: 0 })
    expect(holidayPay(holidayPayRuleOn('AB', '2026-09-07'), days).amountCents).toBe(10001)
    expect(holidayPay(holidayPayRuleOn('ON', '2026-09-07'), [{ date: '2026-08-10', regularCents: 30, overtimeCents: 0 }]).amountCents).toBe(2) // 1.5
  })

  it('owes nothing when no day was worked', () => {
    const days = workDays(5, '2026-08-10', { regularCents: 0, overtimeCents: 0 })
    expect(holidayPay(holidayPayRuleOn('ON', '2026-09-07'), days)).toEqual({ owed: false, daysWorked: 0, wagesCents: 0, amountCents: 0 })
    expect(holidayPay(holidayPayRuleOn('AB', '2026-09-07'), [])).toEqual({ owed: false, daysWorked: 0, wagesCents: 0, amountCents: 0 })
  })
})
