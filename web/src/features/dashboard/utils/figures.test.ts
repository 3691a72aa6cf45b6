import { describe, expect, it } from 'vitest'
import { figureText, niceCeiling, percentChange } from './figures.ts'

describe('dashboard figures', () => {
  it('reads minutes as hours and cents as dollars', () => {
    expect(figureText(450, 'minutes', 'en')).toBe('7 h 30 min')
    expect(figureText(37000, 'cents', 'en')).toBe('$370.00')
  })

  it('says the change against last week, or nothing when last week had none', () => {
    expect(percentChange(120, 100)).toBe(20)
    expect(percentChange(50, 200)).toBe(-75)
    // A loss that shrinks went up; one that grows went down.
    expect(percentChange(-16_875, -153_000)).toBe(89)
    expect(percentChange(-20_000, -10_000)).toBe(-100)
    expect(percentChange(5_000, -10_000)).toBe(150)
    expect(percentChange(10, 0)).toBeNull()
  })

  it('rounds a chart’s top up to 1, 2 or 5 times a power of ten', () => {
    expect(niceCeiling(0)).toBe(1)
    expect(niceCeiling(1730)).toBe(2000)
    expect(niceCeiling(41)).toBe(50)
    expect(niceCeiling(100)).toBe(100)
  })
})
