import { describe, expect, it } from 'vitest'
import { boardWeek, formatLocalDate, formatWeek, todayOn } from './business-days.ts'

describe('business days', () => {
  it('starts the week on the business’s day, and on Monday for a business working in French', () => {
    expect(boardWeek('2026-03-11', { timezone: 'America/Toronto', week_start: 0, locale: 'en' }).dates).toEqual(['2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14'])
    expect(boardWeek('2026-03-08', { timezone: 'America/Toronto', week_start: 0, locale: 'fr' }).firstDay).toBe('2026-03-02')
  })

  it('knows today on the business’s clock, not the device’s', () => {
    // 02:30 UTC on the 10th is still the evening of the 9th in Toronto, and already the 10th in Paris.
    const instant = new Date('2026-03-10T02:30:00Z')
    expect(todayOn({ timezone: 'America/Toronto' }, instant)).toBe('2026-03-09')
    expect(todayOn({ timezone: 'Europe/Paris' }, instant)).toBe('2026-03-10')
  })

  it('writes days and weeks in the reader’s language', () => {
    expect(formatLocalDate('2026-03-09', 'fr', { weekday: 'long', day: 'numeric', month: 'long' })).toBe('lundi 9 mars')
    expect(formatLocalDate('2026-03-09', 'en', { weekday: 'short' })).toBe('Mon')
    expect(formatWeek({ firstDay: '2026-03-08', lastDay: '2026-03-14' }, 'en')).toMatch(/^Mar 8\s?–\s?14, 2026$/)
  })
})
