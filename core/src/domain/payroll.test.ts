import { describe, expect, it } from 'vitest'
import { overtimeRuleOn } from './overtime-rules.ts'
import { addPaidHours, defaultVacationPayPercent, earnings, vacationPay, type PaidHours } from './payroll.ts'

const bc = overtimeRuleOn({ jurisdiction: 'BC' }, '2026-03-02')

describe('earnings', () => {
  it.each([
    // regular, overtime, double minutes at a rate → regular, overtime, double cents
    [2400, 0, 0, 2500, 100000, 0, 0],
    [2400, 90, 0, 2550, 102000, 5738, 0], // 90 min × $25.50 × 1.5 = $57.375
    [480, 240, 60, 1999, 15992, 11994, 3998], // 4 h × $19.99 × 1.5 = $119.94; 1 h × 2 = $39.98
    [50, 7, 1, 1755, 1463, 307, 59], // 1462.5, 307.125, 58.5
    [0, 0, 0, 3000, 0, 0, 0],
  ])('%i + %i + %i minutes at %i ¢/h', (regularMinutes, overtimeMinutes, doubleTimeMinutes, rate, regular, overtime, doubleTime) => {
    expect(earnings({ regularMinutes, overtimeMinutes, doubleTimeMinutes }, rate, bc)).toEqual({
      regular,
      overtime,
      doubleTime,
      gross: regular + overtime + doubleTime,
    })
  })
})

describe('vacationPay', () => {
  it('is 4 % of gross unless the business sets another percentage', () => {
    expect(defaultVacationPayPercent).toBe('4')
    expect(vacationPay(107738)).toBe(4310) // 4309.52
    expect(vacationPay(107738, '6')).toBe(6464) // 6464.28
    expect(vacationPay(12345, '5.77')).toBe(712) // 712.3065
    expect(vacationPay(0)).toBe(0)
  })
})

describe('addPaidHours', () => {
  it('keeps one line for each pay rate and pair of multipliers, adding the minutes of the rows that share them', () => {
    const lines = new Map<string, PaidHours>()
    const weekday = { multiplier: '1.5', doubleTimeMultiplier: '2' }
    const holiday = { multiplier: '2', doubleTimeMultiplier: '2.5' }
    addPaidHours(lines, 3000, weekday, { regular_minutes: 480, overtime_minutes: 60, double_time_minutes: 0 })
    addPaidHours(lines, 3000, weekday, { regular_minutes: 420, overtime_minutes: 0, double_time_minutes: 30 })
    addPaidHours(lines, 3000, holiday, { regular_minutes: 240, overtime_minutes: 0, double_time_minutes: 0 })
    addPaidHours(lines, 3500, weekday, { regular_minutes: 60, overtime_minutes: 0, double_time_minutes: 0 })
    const plain = { holidayMultiplier: '1', holidayMinutes: 0 }
    expect([...lines.values()]).toEqual([
      { rateCentsPerHour: 3000, multiplier: '1.5', doubleTimeMultiplier: '2', ...plain, regularMinutes: 900, overtimeMinutes: 60, doubleTimeMinutes: 30 },
      { rateCentsPerHour: 3000, multiplier: '2', doubleTimeMultiplier: '2.5', ...plain, regularMinutes: 240, overtimeMinutes: 0, doubleTimeMinutes: 0 },
      { rateCentsPerHour: 3500, multiplier: '1.5', doubleTimeMultiplier: '2', ...plain, regularMinutes: 60, overtimeMinutes: 0, doubleTimeMinutes: 0 },
    ])
  })

  it('pays the regular minutes worked on a statutory holiday at its premium, on a line of their own; a premium of 1 is no premium', () => {
    const lines = new Map<string, PaidHours>()
    const rule = { multiplier: '1.5', doubleTimeMultiplier: '2' }
    addPaidHours(lines, 3000, rule, { regular_minutes: 480, overtime_minutes: 0, double_time_minutes: 0 })
    addPaidHours(lines, 3000, rule, { regular_minutes: 480, overtime_minutes: 120, double_time_minutes: 30 }, '1.5')
    addPaidHours(lines, 3000, rule, { regular_minutes: 300, overtime_minutes: 0, double_time_minutes: 0 }, '1')
    expect([...lines.values()]).toEqual([
      { rateCentsPerHour: 3000, multiplier: '1.5', doubleTimeMultiplier: '2', holidayMultiplier: '1', regularMinutes: 780, holidayMinutes: 0, overtimeMinutes: 0, doubleTimeMinutes: 0 },
      { rateCentsPerHour: 3000, multiplier: '1.5', doubleTimeMultiplier: '2', holidayMultiplier: '1.5', regularMinutes: 0, holidayMinutes: 480, overtimeMinutes: 120, doubleTimeMinutes: 30 },
    ])
  })
})
