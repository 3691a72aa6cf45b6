import { describe, expect, it } from 'vitest'
import { dollarsFromCents, formatMoney } from './money.ts'

/** Intl separates French thousands and the $ with no-break spaces; compare with plain ones. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('formatMoney', () => {
  it.each([
    [123450, 'en', '$1,234.50'],
    [123450, 'fr', '1 234,50 $'],
    [1234550, 'es', '12.345,50 $'],
    [0, 'en', '$0.00'],
    [5, 'fr', '0,05 $'],
    [-4550, 'en', '-$45.50'],
  ] as const)('%i cents in %s → %s', (cents, locale, text) => {
    expect(plain(formatMoney(cents, locale))).toBe(text)
  })
})

describe('dollarsFromCents', () => {
  it.each([
    [4550, '45.50'],
    [4505, '45.05'],
    [0, '0.00'],
    [7, '0.07'],
    [100, '1.00'],
    [123456789, '1234567.89'],
    [-250, '-2.50'],
  ])('%i → %s', (cents, text) => {
    expect(dollarsFromCents(cents)).toBe(text)
  })
})
