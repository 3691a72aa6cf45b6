import { describe, expect, it } from 'vitest'
import { rowInEffect } from './dated.ts'

describe('rowInEffect', () => {
  const rows = [
    { effectiveFrom: '2025-04-01', value: 'new law' },
    { effectiveFrom: '2010-07-01', value: 'old law' },
    { effectiveFrom: '2025-04-01', value: 'business override' },
  ]

  it.each([
    ['2010-06-30', undefined],
    ['2010-07-01', 'old law'],
    ['2025-03-31', 'old law'],
    ['2025-04-01', 'business override'],
    ['2099-01-01', 'business override'],
  ])('on %s the row in effect is %s', (date, value) => {
    expect(rowInEffect(rows, date)?.value).toBe(value)
  })

  it('finds nothing in an empty table', () => {
    expect(rowInEffect([], '2026-01-01')).toBeUndefined()
  })
})
