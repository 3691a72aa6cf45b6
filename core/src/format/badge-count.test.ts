import { describe, expect, it } from 'vitest'
import { formatBadgeCount } from './badge-count.ts'

describe('formatBadgeCount', () => {
  it.each([
    [0, ''],
    [-3, ''],
    [Number.NaN, ''],
    [1, '1'],
    [9, '9'],
    [42, '42'],
    [99, '99'],
    [100, '99+'],
    [12_345, '99+'],
    [Number.POSITIVE_INFINITY, ''],
  ])('%d unread → %j', (count, text) => {
    expect(formatBadgeCount(count)).toBe(text)
  })
})
