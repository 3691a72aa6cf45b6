import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { divideRoundHalfUp, isDecimal, lineAmount, percentOf, roundHalfUp, sumCents } from './money.ts'

describe('roundHalfUp', () => {
  it.each([
    [2.5, 3],
    [2.4999, 2],
    [3.5, 4],
    [0.5, 1],
    [-0.5, -1],
    [-2.5, -3],
    [-2.4, -2],
    [-0.4, 0],
    [0, 0],
    [7, 7],
  ])('%d rounds to %d (halves away from zero)', (value, expected) => {
    expect(roundHalfUp(value)).toBe(expected)
  })
})

describe('divideRoundHalfUp', () => {
  it.each([
    [45, 60, 1],
    [29, 60, 0],
    [30, 60, 1],
    [-30, 60, -1],
    [30, -60, -1],
    [-29, 60, 0],
    [1, 3, 0],
    [2, 3, 1],
    [5, 2, 3],
    [-5, 2, -3],
    [0, 7, 0],
  ])('%i / %i rounds to %i', (numerator, denominator, expected) => {
    expect(divideRoundHalfUp(numerator, denominator)).toBe(expected)
  })

  it('refuses fractions and division by zero', () => {
    expect(() => divideRoundHalfUp(1.5, 2)).toThrow(RangeError)
    expect(() => divideRoundHalfUp(1, 0)).toThrow(RangeError)
  })

  it('is the nearest integer, halves away from zero, and a negative mirrors its positive', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 1e6 }), (numerator, denominator) => {
        const rounded = divideRoundHalfUp(numerator, denominator)
        const twiceError = 2 * (rounded * denominator - numerator)
        expect(Math.abs(twiceError)).toBeLessThanOrEqual(denominator)
        if (Math.abs(twiceError) === denominator) expect(Math.abs(rounded * denominator)).toBeGreaterThan(Math.abs(numerator))
        expect(divideRoundHalfUp(-numerator, denominator)).toBe(rounded === 0 ? 0 : -rounded)
      }),
    )
  })
})

describe('lineAmount', () => {
  it.each([
    ['8 hours at $25.00 → 20000', 480, 2500, '1', 20000],
    ['50 minutes at $29.99: 2499.17 → 2499', 50, 2999, '1', 2499],
    ['1 minute at $0.30: 0.5 → 1', 1, 30, '1', 1],
    ['1 minute at $0.29: 0.483 → 0', 1, 29, '1', 0],
    ['7 minutes at $17.55: 204.75 → 205', 7, 1755, '1', 205],
    ['90 minutes at $20.00 at time and a half → 4500', 90, 2000, '1.5', 4500],
    ['95 minutes at $25.50 at time and a half: 6056.25 → 6056', 95, 2550, '1.5', 6056],
    ['61 minutes at $33.33 at double time: 6777.1 → 6777', 61, 3333, '2', 6777],
    ['a credit of 15 minutes at $0.01: -0.25 → 0', -15, 1, '1', 0],
    ['a credit of 30 minutes at $0.01: -0.5 → -1', -30, 1, '1', -1],
    ['a credit of 90 minutes at $0.01: -1.5 → -2', -90, 1, '1', -2],
  ])('%s', (_, minutes, rate, factor, expected) => {
    expect(lineAmount(minutes, rate, factor)).toBe(expected)
  })
})

describe('percentOf', () => {
  it.each([
    ['QST on $100.00: 997.5 → 998', 10000, '9.975', 998],
    ['QST on $100.01: 997.6 → 998', 10001, '9.975', 998],
    ['QST on $1.00: 9.975 → 10', 100, '9.975', 10],
    ['QST on $0.05: 0.49875 → 0', 5, '9.975', 0],
    ['QST on a $100.00 discount → -998', -10000, '9.975', -998],
    ['HST 13 % on $123.45: 1604.85 → 1605', 12345, '13', 1605],
    ['GST 5 % on $0.10: 0.5 → 1', 10, '5', 1],
    ['GST 5 % on a $0.10 discount → -1', -10, '5', -1],
    ['vacation 4 % on $1,077.38: 4309.52 → 4310', 107738, '4', 4310],
    ['0 % → 0', 12345, '0', 0],
  ])('%s', (_, cents, percent, expected) => {
    expect(percentOf(cents, percent)).toBe(expected)
  })

})

describe('exact arithmetic', () => {
  it('gets a half right where floats do not: 5 minutes at $0.28 and time and a half is exactly 3.5 cents', () => {
    expect(Math.round((5 / 60) * 28 * 1.5)).toBe(3)
    expect(lineAmount(5, 28, '1.5')).toBe(4)
  })

  it('stays exact on large amounts', () => {
    expect(percentOf(1_000_000_000, '9.975')).toBe(99_750_000)
    expect(lineAmount(60 * 24 * 366, 10_000_000, '2.5')).toBe(219_600_000_000)
  })
})

describe('decimals and sums', () => {
  it.each(['0', '5', '9.975', '1.5', '100', '0.000001'])('%j is a decimal', (value) => {
    expect(isDecimal(value)).toBe(true)
  })

  it.each(['', '-5', '1e3', '.5', '5.', '1,5', ' 5', '0.0000001'])('%j is not a decimal', (value) => {
    expect(isDecimal(value)).toBe(false)
    expect(() => percentOf(100, value)).toThrow(RangeError)
  })

  it('adds rounded amounts and refuses fractions of a cent', () => {
    expect(sumCents([2499, 4500, -500])).toBe(6499)
    expect(sumCents([])).toBe(0)
    expect(() => sumCents([1.5])).toThrow(RangeError)
  })
})
