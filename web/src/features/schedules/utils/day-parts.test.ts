import { localDay } from '@rota/core'
import { describe, expect, it } from 'vitest'
import { shift } from '../../../testing/records.ts'
import { partsOfDay, shareWithin, totalsWithin } from './day-parts.ts'

// Saturday 8 March 2025, 22:00 to Sunday 06:00 in Toronto, across the spring-forward night: 7 hours.
const night = shift({ date: '2025-03-08', starts_at: '2025-03-09T03:00:00.000Z', ends_at: '2025-03-09T10:00:00.000Z', start_time: '22:00', end_time: '06:00', break_minutes: 0, paid_minutes: 420, cost_cents: 17_150, value_cents: 45_500 })
const saturday = localDay('2025-03-08', 'America/Toronto')
const sunday = localDay('2025-03-09', 'America/Toronto')

describe('a day’s part of the shifts', () => {
  it('shows a night on the next day too, as continued from the day before', () => {
    expect(partsOfDay(new Map([['2025-03-08', [night]]]), '2025-03-09', '2025-03-08', sunday)).toEqual([{ shift: night, continued: true }])
    expect(partsOfDay(new Map([['2025-03-08', [shift()]]]), '2025-03-09', '2025-03-08', sunday)).toEqual([])
  })

  it('counts on each day the hours that fall on it, and the night whole over both', () => {
    expect(shareWithin(night, saturday)).toBeCloseTo(2 / 7)
    expect(totalsWithin([night], saturday)).toEqual({ minutes: 120, cost: 4900, value: 13_000, count: 1 })
    expect(totalsWithin([night], sunday)).toEqual({ minutes: 300, cost: 12_250, value: 32_500, count: 1 })
    expect(totalsWithin([{ ...night, status: 'cancelled' }], sunday).count).toBe(0)
  })
})
