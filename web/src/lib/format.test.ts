import { describe, expect, it } from 'vitest'
import { formatInstant } from './format.ts'

describe('formatInstant', () => {
  it('writes the time of day on the 24-hour clock in every language, as the schedule does', () => {
    expect(formatInstant('2025-03-05T15:08:00Z', 'en', 'America/Toronto')).toBe('Mar 5, 2025, 10:08')
    expect(formatInstant('2025-03-05T15:08:00Z', 'fr', 'America/Toronto')).toBe('5 mars 2025, 10:08')
    expect(formatInstant('2025-03-05T15:08:00Z', 'es', 'America/Toronto')).toBe('5 mar 2025, 10:08')
  })

  it('writes the hours of the night with two digits, on the business’s calendar', () => {
    expect(formatInstant('2025-03-05T05:08:00Z', 'en', 'America/Toronto')).toBe('Mar 5, 2025, 00:08')
    expect(formatInstant('2025-03-05T05:08:00Z', 'es', 'America/Vancouver')).toBe('4 mar 2025, 21:08')
  })
})
