import { describe, expect, it } from 'vitest'
import { labourCost, marginPercent } from './margin.ts'

describe('labourCost', () => {
  it('costs hours as a payslip pays them: each rate and kind its own line, rounded once', () => {
    // 50 minutes at $29.99 = $24.9916… → $24.99; 90 minutes of overtime at $20.00 × 1.5 = $45.00;
    // 30 minutes of double time at $25.55 × 2 = $25.55.
    expect(
      labourCost([
        { rateCentsPerHour: 2999, multiplier: '1.5', doubleTimeMultiplier: '2', holidayMultiplier: '1', holidayMinutes: 0, regularMinutes: 50, overtimeMinutes: 0, doubleTimeMinutes: 0 },
        { rateCentsPerHour: 2000, multiplier: '1.5', doubleTimeMultiplier: '2', holidayMultiplier: '1', holidayMinutes: 0, regularMinutes: 0, overtimeMinutes: 90, doubleTimeMinutes: 0 },
        { rateCentsPerHour: 2555, multiplier: '1.5', doubleTimeMultiplier: '2', holidayMultiplier: '1', holidayMinutes: 0, regularMinutes: 0, overtimeMinutes: 0, doubleTimeMinutes: 30 },
      ]),
    ).toBe(2499 + 4500 + 2555)
    expect(labourCost([])).toBe(0)
    // 8 hours on a statutory holiday at $20.00 × 1.5.
    expect(labourCost([{ rateCentsPerHour: 2000, multiplier: '1.5', doubleTimeMultiplier: '2', holidayMultiplier: '1.5', holidayMinutes: 480, regularMinutes: 0, overtimeMinutes: 0, doubleTimeMinutes: 0 }])).toBe(24000)
  })
})

describe('marginPercent', () => {
  it('is the margin over what was invoiced, one decimal, half up; nothing invoiced has none', () => {
    expect(marginPercent(2500, 10000)).toBe('25.0')
    expect(marginPercent(1, 3)).toBe('33.3')
    expect(marginPercent(2, 3)).toBe('66.7')
    expect(marginPercent(-1, 3)).toBe('-33.3')
    expect(marginPercent(-15000, 10000)).toBe('-150.0')
    expect(marginPercent(0, 10000)).toBe('0.0')
    expect(marginPercent(-500, 0)).toBeNull()
  })
})
