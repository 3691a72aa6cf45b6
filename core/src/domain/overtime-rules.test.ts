import { describe, expect, it } from 'vitest'
import { CANADIAN_PROVINCES } from '../contract/account.ts'
import { overtimePresets, overtimeRuleOn, type DatedOvertimeRule, type OvertimeJurisdiction } from './overtime-rules.ts'

describe('overtime presets', () => {
  it.each([
    // jurisdiction, daily h, weekly h, multiplier, double time after h, combine
    ['ON', null, 44, '1.5', null, 'greater'],
    ['QC', null, 40, '1.5', null, 'greater'],
    ['AB', 8, 44, '1.5', null, 'greater'],
    ['MB', 8, 40, '1.5', null, 'greater'],
    ['BC', 8, 40, '1.5', 12, 'daily-then-weekly'],
    ['FED', 8, 40, '1.5', null, 'greater'],
    ['NB', null, 44, '1.5', null, 'greater'],
    ['NS', null, 48, '1.5', null, 'greater'],
    ['PE', null, 48, '1.5', null, 'greater'],
    ['NL', null, 40, '1.5', null, 'greater'],
    ['SK', 8, 40, '1.5', null, 'greater'],
    ['NT', 8, 40, '1.5', null, 'greater'],
    ['NU', 8, 40, '1.5', null, 'greater'],
    ['YT', 8, 40, '1.5', null, 'greater'],
  ] as const)('%s: %s h a day, %s h a week, at %s×, double time after %s h, %s', (jurisdiction, daily, weekly, multiplier, double, combine) => {
    expect(overtimeRuleOn({ jurisdiction }, '2026-03-02')).toEqual({
      dailyThresholdMinutes: daily === null ? null : daily * 60,
      weeklyThresholdMinutes: weekly * 60,
      multiplier,
      doubleTimeDailyThresholdMinutes: double === null ? null : double * 60,
      doubleTimeMultiplier: '2',
      combine,
    })
  })

  it('has one for every province, territory and the federal jurisdiction', () => {
    const covered = new Set(overtimePresets.map((row) => row.jurisdiction))
    expect([...covered].sort()).toEqual([...CANADIAN_PROVINCES, 'FED'].sort())
  })
})

describe('overtimeRuleOn with a business override', () => {
  const fortyHours: DatedOvertimeRule = { ...overtimeRuleOn({ jurisdiction: 'ON' }, '2026-01-01'), effectiveFrom: '2026-01-01', weeklyThresholdMinutes: 2400 }
  const settings = { jurisdiction: 'ON' as OvertimeJurisdiction, overrides: [fortyHours] }

  it('applies the override from its date, and the preset before it', () => {
    expect(overtimeRuleOn(settings, '2025-12-31').weeklyThresholdMinutes).toBe(2640)
    expect(overtimeRuleOn(settings, '2026-01-01').weeklyThresholdMinutes).toBe(2400)
    expect(overtimeRuleOn(settings, '2030-06-30').weeklyThresholdMinutes).toBe(2400)
  })

  it('returns the rule alone, without its date', () => {
    expect(overtimeRuleOn(settings, '2026-01-01')).not.toHaveProperty('effectiveFrom')
  })

  it('wins over a preset of the same date', () => {
    const sameDay: DatedOvertimeRule = { ...fortyHours, effectiveFrom: '2000-01-01', weeklyThresholdMinutes: 2700 }
    expect(overtimeRuleOn({ jurisdiction: 'ON', overrides: [sameDay] }, '2010-01-01').weeklyThresholdMinutes).toBe(2700)
  })

  it('refuses a date before any rule', () => {
    expect(() => overtimeRuleOn({ jurisdiction: 'QC' }, '2000-09-30')).toThrow(RangeError)
  })
})
