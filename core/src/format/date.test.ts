import { describe, expect, it } from 'vitest'
import { formatNotificationDate } from './date.ts'

describe('formatNotificationDate', () => {
  it.each(['en', 'fr', 'es'] as const)('writes DD/MM/YY in %s', (locale) => {
    expect(formatNotificationDate('2024-11-07T15:30:00Z', locale, 'America/Toronto')).toBe('07/11/24')
  })

  it('puts the day before the month even in English, where 07/11 would otherwise mean July', () => {
    expect(formatNotificationDate('2024-07-11T12:00:00Z', 'en', 'UTC')).toBe('11/07/24')
  })

  it('uses the calendar day of the time zone it is given', () => {
    const lateInToronto = '2024-03-05T04:30:00Z'
    expect(formatNotificationDate(lateInToronto, 'fr', 'America/Vancouver')).toBe('04/03/24')
    expect(formatNotificationDate(lateInToronto, 'fr', 'America/Toronto')).toBe('04/03/24')
    expect(formatNotificationDate(lateInToronto, 'fr', 'America/Halifax')).toBe('05/03/24')
    expect(formatNotificationDate(lateInToronto, 'fr', 'America/St_Johns')).toBe('05/03/24')
    expect(formatNotificationDate('2023-12-31T23:59:59-05:00', 'es', 'America/Toronto')).toBe('31/12/23')
    expect(formatNotificationDate('2023-12-31T23:59:59-05:00', 'es', 'UTC')).toBe('01/01/24')
  })

  it('accepts timestamps with an offset as the API writes them', () => {
    expect(formatNotificationDate('2025-01-02T09:00:00+00:00', 'en', 'America/Edmonton')).toBe('02/01/25')
  })

  it('writes nothing for an unreadable timestamp', () => {
    expect(formatNotificationDate('yesterday', 'en', 'UTC')).toBe('')
    expect(formatNotificationDate('', 'fr', 'UTC')).toBe('')
  })
})
